"""Read who a round's draw seats (the draw's first step): typed entrants, each carrying the
player's id (to write his seat) and his name (what the recipe hashes, `sha256-v1` over
`SEED:NAME`, and what the record keeps, so anyone can redo the draw from names), with his
line of the standing (from `standings`) when the draw seats by it.

- random: the players registered for the round, by name;
- ranking: the same, the ranked ones in the order of the season's standing now;
- standing (a tournament's stage after the first): by the standing after the stages before
  it, each with the players he met in them;
- final: the top 4 of the standing after the last stage (no registration).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from league.models import Player, Registration, Round, Season, Seat
from league.rules import FINAL_TABLE_SIZE
from league.standings import StandingRow
from league.tournament_draw import pairs_met
from standings.loader import current_ranking

RANDOM = "random"
STANDING = "standing"
FINAL = "final"


@dataclass(frozen=True)
class Placing:
    """A ranked entrant's line of the standing when the draw is made, as the record keeps it."""

    rank: int
    points: float
    gap: float
    games: int

    @classmethod
    def of(cls, row: StandingRow) -> Placing:
        assert row.rank is not None  # only ranked rows are read (ranked_rows)
        return cls(row.rank, float(row.points), round(float(row.gap), 2), row.games)


@dataclass(frozen=True)
class Entrant:
    """One player the draw seats. `placing` is None for a player with no counted game yet
    (or in a random draw, which reads no standing); `met` (standing draws only) names the
    players he shared a table with in the stages before."""

    player_id: int
    name: str
    placing: Placing | None = None
    met: tuple[str, ...] | None = None

    def as_record(self, *, ranked_list: bool) -> dict[str, Any]:
        """His line of the record's starting list (DrawRecord.starting_list)."""
        line: dict[str, Any] = {"player": self.name}
        if self.placing is not None:
            line.update(
                rank=self.placing.rank,
                points=self.placing.points,
                gap=self.placing.gap,
                games=self.placing.games,
            )
        elif ranked_list:
            line["rank"] = None
        if self.met is not None:
            line["met"] = list(self.met)
        return line


@dataclass(frozen=True)
class Entrants:
    """Who the round's draw seats: `players` in the order the draw is given them (by name;
    the final table best first), `starting` the list the draw starts from (the ranked best
    first, then the unranked in `players`' order)."""

    method: str
    players: tuple[Entrant, ...]
    starting: tuple[Entrant, ...] = ()

    def names(self) -> list[str]:
        return [entrant.name for entrant in self.players]

    def ranking(self) -> list[str]:
        """The ranked entrants' names, best first."""
        return [entrant.name for entrant in self.starting if entrant.placing is not None]

    def met_pairs(self) -> frozenset[frozenset[str]]:
        """Every pair of entrants who shared a table in an earlier stage."""
        return pairs_met(
            [(entrant.name, other) for entrant in self.starting for other in entrant.met or ()]
        )

    def starting_list(self) -> list[dict[str, Any]]:
        """The record's starting list (the plain players, by name, for a random draw)."""
        ranked_list = self.method != RANDOM
        return [entrant.as_record(ranked_list=ranked_list) for entrant in self.starting]

    def player_ids(self) -> dict[str, int]:
        """Each entrant's player id by his name (names are unique)."""
        return {entrant.name: entrant.player_id for entrant in self.players}


def _entrants(players: Iterable[Player]) -> list[Entrant]:
    return [Entrant(player.pk, player.name) for player in players]


def registered_entrants(round_: Round) -> list[Entrant]:
    """The players registered for the round, by name (one query)."""
    players = sorted(
        (r.player for r in Registration.objects.filter(round=round_).select_related("player")),
        key=lambda p: (p.name, p.pk),
    )
    return _entrants(players)


def ranked_rows(season: Season, before_round: int | None = None) -> dict[int, StandingRow]:
    """The season's ranked standings rows best first, by player id: now, or with
    `before_round` from the games of the rounds before it only."""
    return {
        row.player: row for row in current_ranking(season, before_round) if row.rank is not None
    }


def final_table_entrants(rows: Mapping[int, StandingRow]) -> list[Entrant]:
    """The top 4 of the standing `rows`, best first."""
    top = list(rows)[:FINAL_TABLE_SIZE]
    by_id = Player.objects.in_bulk(top)
    return _entrants(by_id[player_id] for player_id in top if player_id in by_id)


def earlier_meetings(round_: Round) -> dict[str, set[str]]:
    """Who shared a table with whom in the season's rounds before `round_` (by name)."""
    tables: dict[int, list[str]] = {}
    for table_id, name in Seat.objects.filter(
        round__season_id=round_.season_id, round__number__lt=round_.number
    ).values_list("table_id", "player__name"):
        tables.setdefault(table_id, []).append(name)
    met: dict[str, set[str]] = {}
    for names in tables.values():
        for name in names:
            met.setdefault(name, set()).update(other for other in names if other != name)
    return met


def starting_entrants(
    players: Sequence[Entrant],
    rows: Mapping[int, StandingRow],
    met: Mapping[str, set[str]] | None = None,
) -> tuple[Entrant, ...]:
    """The starting list of `players` by the standing `rows`: the ranked best first with
    their placing, then the unranked in their order; with `met`, each with whom he met."""
    by_id = {entrant.player_id: entrant for entrant in players}
    ranked = [
        Entrant(player_id, by_id[player_id].name, Placing.of(row))
        for player_id, row in rows.items()
        if player_id in by_id
    ]
    unranked = [entrant for entrant in players if entrant.player_id not in rows]
    starting = ranked + unranked
    if met is None:
        return tuple(starting)
    return tuple(
        Entrant(e.player_id, e.name, e.placing, tuple(sorted(met.get(e.name, ()))))
        for e in starting
    )


def read_entrants(round_: Round, method: str) -> Entrants:
    """Who the round's draw by `method` seats and the list it starts from. Reads the
    standing once, and not at all for a random draw or a round nobody is registered for
    (`players` is then empty)."""
    if method == FINAL:
        rows = ranked_rows(round_.season)
        players = final_table_entrants(rows)
    else:
        players = registered_entrants(round_)
        if method == RANDOM or not players:
            return Entrants(method, tuple(players), tuple(players))
        rows = ranked_rows(round_.season, round_.number if method == STANDING else None)
    met = earlier_meetings(round_) if method == STANDING else None
    return Entrants(method, tuple(players), starting_entrants(players, rows, met))


def standing_now(round_: Round, names: Sequence[str]) -> Entrants:
    """The starting list a standing draw of the players named `names` would start from now
    (what a stage's kept check compares its record with)."""
    players = _entrants(Player.objects.filter(name__in=names))
    rows = ranked_rows(round_.season, round_.number)
    return Entrants(
        STANDING, tuple(players), starting_entrants(players, rows, earlier_meetings(round_))
    )
