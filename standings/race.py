"""What is still possible in a season as stored (RULES.md 3.1): its remaining rounds read
(one query, or none when the caller has them) and every player's outlook from the
standings (`league.race`), with the fields each standings row carries (FORMATS.md 5)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from league.models import Round, Season
from league.race import Outlook, RemainingRound, Start, race_changes, race_json, season_race
from league.rules import LeagueRules
from standings.loader import SeasonStandings


def remaining_rounds(
    season: Season,
    rules: LeagueRules,
    rounds: Iterable[tuple[int, str, dt.date]] | None = None,
) -> list[RemainingRound]:
    """The rounds of `season` not finished (none once the season is finished): every round
    number of its rules whose round is not finished or not created yet, with its date when
    known. `rounds` are its rounds' (number, status, date) when the caller read them
    already (else one query)."""
    if season.status == Season.Status.FINISHED or rules.rounds_in_season is None:
        return []
    if rounds is None:
        rounds = Round.objects.filter(season=season).values_list("number", "status", "date")
    known = {number: (status, date) for number, status, date in rounds}
    return [
        RemainingRound(number, known[number][1] if number in known else None)
        for number in range(1, rules.rounds_in_season + 1)
        if number not in known or known[number][0] != Round.Status.FINISHED
    ]


def needs_details(rules: LeagueRules) -> bool:
    """Whether the season's in-season table says what is still possible, and so must be
    read with each player's games (`season_standings(details=True)`): a scheduled-rounds
    league's (not rated open play, not a tournament)."""
    return rules.kind == "rounds"


def season_outlooks(
    table: SeasonStandings, rounds: Iterable[tuple[int, str, dt.date]] | None = None
) -> dict[int, Outlook] | None:
    """Every player's outlook by player id, None for rated open play and tournaments.
    `table` is read with details (the outlooks need every player's games); `rounds` as
    `remaining_rounds` takes them."""
    if not needs_details(table.rules):
        return None
    if any(tally.games and not tally.entries for tally in table.tallies):
        raise ValueError("what is still possible needs the standings read with details")
    remaining = remaining_rounds(table.season, table.rules, rounds)
    return season_race(table.rules, table.tallies, remaining, season_end=table.season.end)


def row_race(outlooks: Mapping[int, Outlook] | None, player: int) -> dict[str, Any]:
    """A standings row's `max_points` and `race` (both null without outlooks)."""
    return race_json(None if outlooks is None else outlooks.get(player))


def round_race_changes(
    table: SeasonStandings,
    outlooks: Mapping[int, Outlook] | None,
    rounds: Sequence[tuple[int, str, dt.date]],
    round_number: int,
) -> tuple[list[int], list[int]]:
    """The players (ids) who clinched a place 1-3 and those who fell out of reach with the
    results of round `round_number`: the race now (`outlooks`) against the race from the
    games of the rounds before it, that round and the later ones remaining. Nothing to ask
    while every race is open (the race before is then not computed)."""
    if outlooks is None or all(o.race == "open" for o in outlooks.values()):
        return [], []
    earlier = [
        Start.of(tally).before(table.rules, round_number, table.season.end)
        for tally in table.tallies
    ]
    later = {
        r.number: r
        for r in [
            *remaining_rounds(table.season, table.rules, rounds),
            *(RemainingRound(number, date) for number, _, date in rounds if number >= round_number),
        ]
    }
    before = season_race(
        table.rules,
        [start for start in earlier if start.entries],
        sorted(later.values()),
        season_end=table.season.end,
    )
    return race_changes(before, outlooks)
