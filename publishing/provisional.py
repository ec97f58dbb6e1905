"""Tonight's provisional table (issue 32 item 2): while a round is in play, the league table
counts the results confirmed in it so far; the snapshot says so, and how each player moved
since the table after the last finished round.

The table itself is the season's standings (every confirmed game counts as soon as it is
confirmed); what this adds is the mark that it is provisional until the round is finished, and
the moves. A round's results text keeps its own table after the round (`standings_after`), so
the text sent when the round is published is the final one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from league.models import Round
from league.standings import StandingRow
from publishing.snapshot_schema import Provisional, RoundData


def provisional_table(
    rounds: Sequence[RoundData],
    standings: Sequence[StandingRow],
    tables_after: Mapping[str, Sequence[StandingRow]],
    slugs: Mapping[int, str],
) -> Provisional | None:
    """The provisional mark of the table, or None when no round in play has a confirmed
    result yet (the table is then the table after the last finished round).

    `tables_after` are the tables after each round with games (by round number as text),
    `slugs` the players' slugs by id. A player's move is his rank after the last finished
    round less his rank now (up is positive); None when he was not in that table or is
    unranked in either."""
    playing = [r for r in rounds if r["status"] != Round.Status.FINISHED and r["results"]]
    if not playing:
        return None
    tonight = max(playing, key=lambda r: r["number"])
    finished = [
        r["number"]
        for r in rounds
        if r["status"] == Round.Status.FINISHED and r["number"] < tonight["number"]
    ]
    after = max(finished, default=None)
    before = _table_at(tables_after, after)
    drawn = tonight["draw"]
    tables = 0 if drawn is None else sum(1 for t in drawn["tables"] if not t["not_played"])
    return {
        "round": tonight["number"],
        "results": len(tonight["results"]),
        "tables": tables,
        "after_round": after,
        "moves": {slugs[row.player]: _move(before.get(row.player), row.rank) for row in standings},
    }


def _table_at(
    tables_after: Mapping[str, Sequence[StandingRow]], number: int | None
) -> dict[object, int | None]:
    """Each player's rank in the table after round `number` or the last round before it
    with games; empty before any."""
    if number is None:
        return {}
    labels = [int(label) for label in tables_after if label.isdigit() and int(label) <= number]
    if not labels:
        return {}
    return {row.player: row.rank for row in tables_after[str(max(labels))]}


def _move(before: int | None, now: int | None) -> int | None:
    return None if before is None or now is None else before - now
