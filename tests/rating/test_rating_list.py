"""The rating list's math (rating.rating_list): hand-worked histories and properties."""

from __future__ import annotations

import datetime as dt
import doctest

from hypothesis import given
from hypothesis import strategies as st

from rating import rating_list as rating_list_module
from rating.elo import START_RATING
from rating.rating_list import (
    Step,
    biggest_moves,
    first_reached,
    rating_list,
    rating_on,
    thresholds_of,
)

JAN_4 = dt.date(2026, 1, 4)
FEB_10 = dt.date(2026, 2, 10)
FEB_20 = dt.date(2026, 2, 20)

# Hand-worked histories (values chosen, not computed by Elo):
# Dana: Jan 4 1000 -> 1016, Feb 10 1016 -> 1030.  Eli: Jan 4 1000 -> 984, Feb 10 984 -> 970.
# Noa: only Feb 10, 1000 -> 1005.3.
HISTORIES = {
    "dana": [Step(JAN_4, 1, 1000.0, 1016.0), Step(FEB_10, 2, 1016.0, 1030.0)],
    "eli": [Step(JAN_4, 1, 1000.0, 984.0), Step(FEB_10, 2, 984.0, 970.0)],
    "noa": [Step(FEB_10, 2, 1000.0, 1005.3)],
}
NAMES = {"dana": "Dana", "eli": "Eli", "noa": "Noa"}


def test_rating_list_is_by_rating_with_games_change_and_threshold_dates():
    """On Feb 20 the 30 days start after Jan 21: Dana's rating then was 1016 (Jan 4), now
    1030: +14; Eli 984 -> 970: -14; Noa had no game by Jan 21 (1000) -> 1005.3: +5.3.
    Dana first reached 1010 on Jan 4 and 1020 on Feb 10; Noa 1010 never, Eli never."""
    rows = rating_list(HISTORIES, [1010, 1020], FEB_20, NAMES)
    assert [(r.rank, r.player, r.rating, r.games) for r in rows] == [
        (1, "dana", 1030.0, 2),
        (2, "noa", 1005.3, 1),
        (3, "eli", 970.0, 2),
    ]
    assert [round(r.change, 1) for r in rows] == [14.0, 5.3, -14.0]
    assert [r.reached for r in rows] == [(JAN_4, FEB_10), (None, None), (None, None)]


def test_change_over_30_days_counts_games_of_the_last_30_days_only():
    """On Mar 12 the window starts after Feb 10: no game in it, every change is 0."""
    rows = rating_list(HISTORIES, [1200], dt.date(2026, 3, 12), NAMES)
    assert [r.change for r in rows] == [0.0, 0.0, 0.0]
    # Before Feb 10, with only Jan 4 played: on Feb 3 (window after Jan 4) Jan 4 is out,
    # on Feb 2 (window after Jan 3) it is in, so Dana's change is her rise from 1000: +16.
    early = {"dana": HISTORIES["dana"][:1]}
    assert rating_list(early, [1200], dt.date(2026, 2, 3), NAMES)[0].change == 0.0
    assert rating_list(early, [1200], dt.date(2026, 2, 2), NAMES)[0].change == 16.0


def test_equal_ratings_share_a_rank_and_go_by_name():
    histories = {
        "eli": [Step(JAN_4, 1, 1000.0, 1005.0)],
        "dana": [Step(JAN_4, 1, 1000.0, 1005.0)],
        "noa": [Step(JAN_4, 1, 1000.0, 990.0)],
    }
    rows = rating_list(histories, [1200], JAN_4, NAMES)
    assert [(r.rank, r.player) for r in rows] == [(1, "dana"), (1, "eli"), (3, "noa")]


def test_players_without_a_rated_game_are_not_listed():
    assert rating_list({"dana": []}, [1200], JAN_4, NAMES) == []


def test_reaching_a_threshold_is_for_good():
    history = [Step(JAN_4, 1, 1195.0, 1201.0), Step(FEB_10, 2, 1201.0, 1180.0)]
    assert first_reached(history, 1200) == JAN_4
    assert rating_list({"dana": history}, [1200], FEB_20, NAMES)[0].reached == (JAN_4,)


def test_rating_on_a_day_before_any_game_is_the_start_rating():
    assert rating_on(HISTORIES["dana"], dt.date(2025, 12, 31)) == START_RATING
    assert rating_on(HISTORIES["dana"], FEB_10) == 1030.0


def test_biggest_moves_lists_gains_and_losses_largest_first():
    history = [
        Step(JAN_4, 1, 1000.0, 1016.0),  # +16
        Step(JAN_4, 2, 1016.0, 1010.0),  # -6
        Step(FEB_10, 3, 1010.0, 1030.0),  # +20
        Step(FEB_10, 4, 1030.0, 1030.0),  # 0: neither
        Step(FEB_20, 5, 1030.0, 1000.0),  # -30
    ]
    gains, losses = biggest_moves(history, 5)
    assert [s.game for s in gains] == [3, 1]
    assert [s.game for s in losses] == [5, 2]
    assert biggest_moves(history, 1) == ([history[2]], [history[4]])


def test_thresholds_come_from_the_rated_leagues_else_1200():
    assert thresholds_of([]) == [1200]
    assert thresholds_of([1300, 1100, 1300]) == [1100, 1300]


steps = st.lists(
    st.tuples(st.integers(0, 90), st.floats(-40, 40, allow_nan=False)), min_size=1, max_size=30
)


def _history(moves: list[tuple[int, float]]) -> list[Step]:
    rating, history = START_RATING, []
    for game, (day, delta) in enumerate(sorted(moves, key=lambda m: m[0])):
        history.append(Step(JAN_4 + dt.timedelta(days=day), game, rating, rating + delta))
        rating += delta
    return history


@given(st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), steps, min_size=1))
def test_rating_list_properties(moves: dict[str, list[tuple[int, float]]]) -> None:
    histories = {player: _history(m) for player, m in moves.items()}
    today = JAN_4 + dt.timedelta(days=60)
    rows = rating_list(histories, [1010], today, {p: p.upper() for p in histories})
    # every rated player once, ratings high to low, ranks from 1 and never above position
    assert sorted(r.player for r in rows) == sorted(histories)
    assert [round(r.rating, 1) for r in rows] == sorted(
        (round(r.rating, 1) for r in rows), reverse=True
    )
    assert rows[0].rank == 1
    assert all(r.rank <= i + 1 for i, r in enumerate(rows))
    for row in rows:
        history = histories[row.player]
        assert row.games == len(history)
        assert row.rating == history[-1].after
        # the change is the sum of the moves of games in the window
        window = [s.delta for s in history if s.date > today - dt.timedelta(days=30)]
        assert abs(row.change - sum(window)) < 1e-6
        # a reached date is the date of a game at or above the threshold, none earlier
        if row.reached[0] is not None:
            assert any(s.date == row.reached[0] and s.after >= 1010 for s in history)
        assert all(
            s.after < 1010 for s in history if row.reached[0] is None or s.date < row.reached[0]
        )


@given(steps)
def test_biggest_moves_properties(moves: list[tuple[int, float]]) -> None:
    history = _history(moves)
    gains, losses = biggest_moves(history, 5)
    assert len(gains) <= 5 and len(losses) <= 5
    assert all(s.delta > 0 for s in gains) and all(s.delta < 0 for s in losses)
    every_gain = sorted((s.delta for s in history if s.delta > 0), reverse=True)
    assert [s.delta for s in gains] == every_gain[:5]


def test_the_rating_list_doctests_hold() -> None:
    outcome = doctest.testmod(rating_list_module)
    assert outcome.attempted > 0 and outcome.failed == 0
