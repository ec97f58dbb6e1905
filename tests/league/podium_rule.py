"""The podium rule of RULES.md 3.1, checked on any final standings (the pure rows or the
database's): shared by the property tests of both implementations."""

from __future__ import annotations

from collections.abc import Sequence

from league.standings import PODIUM_PLACES, Exact, StandingRow, podium_places


def _key(row: StandingRow) -> tuple[Exact, Exact, int]:
    return (-row.points, -row.gap, -row.games)


def assert_podium_rule(rows: Sequence[StandingRow]) -> None:
    """Places 1-3 only for players who meet the podium conditions, the best of them; places
    left over are not awarded; the next player is 4th (later only past a tie on the podium)."""
    ranked = [row for row in rows if row.rank is not None]
    podium = [row for row in ranked if row.rank is not None and row.rank <= PODIUM_PLACES]
    # no unqualified player ever finishes 1st-3rd
    assert all(row.eligible and row.podium_eligible for row in podium)
    # the podium opens the table and holds the best contenders, by their competition ranks
    assert ranked[: len(podium)] == podium
    contenders = [row for row in ranked if row.podium_eligible]
    keys = [_key(row) for row in contenders]
    best = [row for row in contenders if 1 + sum(k < _key(row) for k in keys) <= PODIUM_PLACES]
    assert podium == best
    assert [row.rank for row in podium] == [1 + sum(k < _key(r) for k in keys) for r in podium]
    # the places left over stay empty
    left_over = list(range(len(podium) + 1, PODIUM_PLACES + 1))
    assert podium_places(row.rank for row in rows).not_awarded == left_over
    assert not any(row.rank in left_over for row in rows)
    # the next player is 4th, or later when players tied on the podium fill more places
    rest = ranked[len(podium) :]
    if rest:
        assert rest[0].rank == max(len(podium), PODIUM_PLACES) + 1
