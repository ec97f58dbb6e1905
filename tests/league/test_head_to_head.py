"""Head-to-head of two players (league.head_to_head): a hand-worked season and properties."""

from __future__ import annotations

import datetime as dt
import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league import head_to_head as head_to_head_module
from league.head_to_head import SharedGame, head_to_head

DAY = dt.date(2026, 9, 6)
POINTS = (6, 3, 1, 0)


def game(
    number: int, seats: dict[str, int], values: tuple[int, ...] | None = POINTS
) -> SharedGame[str]:
    return SharedGame(number, DAY + dt.timedelta(days=3 * number), list(seats.items()), values)


# Three rounds of a 6-3-1-0 season (every table's average is 0, so gaps are the scores):
# R1: A 100, B 50, C 0, D -150  -> A ahead; A 6 pts gap +100, B 3 pts gap +50
# R2: A 20, B 20, C 10, E -50   -> tied; A and B share places 1-2: (6+3)/2 = 4.5 each, +20
# R3: B 200, C 100, A -100, F -200 -> B ahead; B 6 pts +200, A 1 pt -100
# plus a game of A without B (not shared).
SEASON = [
    game(1, {"A": 100, "B": 50, "C": 0, "D": -150}),
    game(2, {"A": 20, "B": 20, "C": 10, "E": -50}),
    game(3, {"B": 200, "C": 100, "A": -100, "F": -200}),
    game(4, {"A": 10, "C": 0, "D": -5, "E": -5}),
]


def test_head_to_head_counts_who_placed_better_in_shared_games():
    h = head_to_head("A", "B", SEASON)
    assert (h.games, h.a_ahead, h.b_ahead, h.tied) == (3, 1, 1, 1)


def test_head_to_head_sums_points_and_gaps_of_shared_games():
    h = head_to_head("A", "B", SEASON)
    assert (h.a_points, h.b_points) == (Fraction(23, 2), Fraction(27, 2))  # 11.5, 13.5
    assert (h.a_gap, h.b_gap) == (20, 270)


def test_head_to_head_lists_meetings_newest_first():
    h = head_to_head("A", "B", SEASON)
    assert [m.game for m in h.meetings] == [3, 2, 1]
    assert [m.outcome for m in h.meetings] == ["b", "tied", "a"]
    assert [(m.a.place, m.b.place) for m in h.meetings] == [(3, 1), (1, 1), (1, 2)]
    assert [m.game for m in h.last(2)] == [3, 2]


def test_head_to_head_gap_is_from_the_table_average():
    """Scores 90, 30, 0, -60: average 15, gaps +75 and +15."""
    h = head_to_head("A", "B", [game(1, {"A": 90, "B": 30, "C": 0, "D": -60})])
    assert (h.a_gap, h.b_gap) == (75, 15)


def test_a_game_outside_a_season_adds_no_league_points():
    h = head_to_head("A", "B", [game(1, {"A": 90, "B": 30, "C": 0, "D": -60}, values=None)])
    assert (h.games, h.a_ahead, h.a_points, h.b_points) == (1, 1, 0, 0)
    assert h.meetings[0].a.points is None


def test_a_three_player_game_uses_three_placement_values():
    """A 3-player table of a 6-3-1-0 league: B second gets 3, A third 1; average 10."""
    h = head_to_head("A", "B", [game(1, {"C": 40, "B": 0, "A": -10})])
    assert (h.a_points, h.b_points, h.a_gap, h.b_gap) == (1, 3, -20, -10)


def test_a_player_has_no_head_to_head_with_himself():
    with pytest.raises(ValueError, match="two different players"):
        head_to_head("A", "A", SEASON)


names = st.sampled_from(["A", "B", "C", "D", "E"])
tables = st.lists(
    st.tuples(
        st.permutations(["A", "B", "C", "D", "E"]),
        st.integers(3, 4),
        st.lists(st.integers(-300, 300), min_size=4, max_size=4),
    ),
    max_size=12,
)


def _games(raw: list[tuple[list[str], int, list[int]]]) -> list[SharedGame[str]]:
    return [
        SharedGame(
            i,
            DAY + dt.timedelta(days=i % 5),
            list(zip(order[:size], scores[:size], strict=True)),
            POINTS,
        )
        for i, (order, size, scores) in enumerate(raw)
    ]


@given(tables)
def test_ahead_plus_behind_plus_tied_equals_shared_games(
    raw: list[tuple[list[str], int, list[int]]],
) -> None:
    games = _games(raw)
    h = head_to_head("A", "B", games)
    shared = sum(1 for g in games if {"A", "B"} <= {p for p, _ in g.seats})
    assert h.a_ahead + h.b_ahead + h.tied == h.games == shared


@given(tables)
def test_head_to_head_is_symmetric(raw: list[tuple[list[str], int, list[int]]]) -> None:
    games = _games(raw)
    assert head_to_head("B", "A", games) == head_to_head("A", "B", games).swapped()
    h = head_to_head("A", "B", games)
    assert (h.a_ahead, h.a_points, h.a_gap) == (
        head_to_head("B", "A", games).b_ahead,
        head_to_head("B", "A", games).b_points,
        head_to_head("B", "A", games).b_gap,
    )


@given(tables)
def test_placing_better_means_more_points_and_a_higher_gap(
    raw: list[tuple[list[str], int, list[int]]],
) -> None:
    for meeting in head_to_head("A", "B", _games(raw)).meetings:
        if meeting.outcome == "a":
            assert meeting.a.gap > meeting.b.gap and meeting.a.points >= meeting.b.points
        elif meeting.outcome == "tied":
            assert meeting.a.gap == meeting.b.gap and meeting.a.points == meeting.b.points


def test_the_head_to_head_doctests_hold() -> None:
    outcome = doctest.testmod(head_to_head_module)
    assert outcome.attempted > 0 and outcome.failed == 0
