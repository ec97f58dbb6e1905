"""A tournament stage drawn by the standing avoids repeat meetings (RULES.md 3.4, league.draw)."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.draw import DrawError, make_draw, seat_in_order
from league.tournament_draw import pairs_met, repeats, seat_avoiding_repeats


def _partitions(players: tuple[int, ...], sizes: tuple[int, ...]):
    """Every way to seat `players` at tables of `sizes` (brute force, small cases only)."""
    if not sizes:
        yield ()
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        size_index = sizes.index(size)
        others_sizes = sizes[:size_index] + sizes[size_index + 1 :]
        for others in combinations(rest, size - 1):
            left = tuple(p for p in rest if p not in others)
            for tail in _partitions(left, others_sizes):
                yield ((first, *others), *tail)


def _fewest_repeats(players, sizes, met) -> int:
    return min(
        sum(repeats(table, met) for table in arrangement)
        for arrangement in _partitions(tuple(players), tuple(sizes))
    )


def _stage(players: int, seed: int, met: frozenset) -> tuple[tuple[int, ...], ...]:
    """Players 0..players-1 in an order set by `seed`, seated by the standing draw."""
    order = sorted(range(players), key=lambda p: (p * seed) % 101)
    return make_draw("standing", order, ranking=order, remainder="three-player", met=met).tables


earlier_tables = st.lists(
    st.lists(st.integers(0, 11), min_size=3, max_size=4, unique=True), max_size=6
)


def test_sixteen_players_after_one_stage_seat_winners_then_seconds_thirds_fourths():
    # Stage 1: tables (a1..a4), (b1..b4), ... each listed by place; the standing after it is
    # every winner (6 points), then every second (3), third (1), fourth (0).
    stage_1 = [[f"{t}{place}" for place in range(1, 5)] for t in "abcd"]
    standing = [f"{t}{place}" for place in range(1, 5) for t in "abcd"]
    draw = make_draw(
        "standing", standing, ranking=standing, remainder="reserve", met=pairs_met(stage_1)
    )
    assert draw.method == "standing"
    assert draw.seed is None
    assert draw.tables == (
        ("a1", "b1", "c1", "d1"),
        ("a2", "b2", "c2", "d2"),
        ("a3", "b3", "c3", "d3"),
        ("a4", "b4", "c4", "d4"),
    )


def test_standing_draw_with_no_earlier_meeting_seats_in_standing_order():
    order = [f"p{i:02}" for i in range(12)]
    draw = make_draw("standing", order, ranking=order, remainder="reserve")
    assert draw.tables == (tuple(order[0:4]), tuple(order[4:8]), tuple(order[8:12]))


def test_a_repeat_is_removed_by_moving_the_lowest_player_possible():
    # 1 and 2 met, so 2 leaves table 1: the nearest group for 1 is 3, 4, 5 (5 moves up a
    # table, 2 down one); the rest keep their order.
    tables = seat_avoiding_repeats(list(range(1, 9)), [4, 4], pairs_met([(1, 2)]))
    assert tables == ((1, 3, 4, 5), (2, 6, 7, 8))


def test_when_every_arrangement_repeats_the_fewest_repeats_are_kept():
    # 8 players who all met each other: every arrangement has 12 repeated pairs.
    players = list(range(8))
    met = pairs_met([players])
    assert seat_avoiding_repeats(players, [4, 4], met) == ((0, 1, 2, 3), (4, 5, 6, 7))


def test_three_player_tables_take_the_leftover_players():
    order = list(range(11))
    draw = make_draw("standing", order, ranking=order, remainder="three-player")
    assert [len(t) for t in draw.tables] == [4, 4, 3]
    assert draw.reserves == ()


def test_final_table_seats_the_top_4_of_the_standing():
    standing = ["Dana", "Eli", "Noa", "Omer", "Tal"]
    draw = make_draw("final", sorted(standing), ranking=standing, remainder="three-player")
    assert draw.tables == (("Dana", "Eli", "Noa", "Omer"),)
    assert draw.reserves == ()
    assert draw.seed is None


def test_final_table_needs_four_players_in_the_standing():
    with pytest.raises(DrawError, match="top 4"):
        make_draw("final", ["a", "b", "c"], ranking=["a", "b", "c"], remainder="reserve")


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([8, 9, 10, 11, 12]),
    seed=st.integers(1, 100),
    earlier=earlier_tables,
)
def test_no_repeat_when_one_can_be_avoided_and_the_fewest_otherwise(players, seed, earlier):
    met = pairs_met([tuple(p for p in t if p < players) for t in earlier])
    tables = _stage(players, seed, met)
    sizes = [len(t) for t in tables]
    got = sum(repeats(t, met) for t in tables)
    assert got == _fewest_repeats(range(players), sizes, met)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(8, 40), seed=st.integers(1, 100), earlier=earlier_tables)
def test_everyone_is_seated_once_and_the_draw_is_deterministic(players, seed, earlier):
    met = pairs_met(earlier)
    tables = _stage(players, seed, met)
    seated = [p for t in tables for p in t]
    assert len(seated) == len(set(seated))
    assert len(seated) >= players - 2
    assert _stage(players, seed, met) == tables


@settings(max_examples=40, deadline=None)
@given(players=st.integers(4, 40), seed=st.integers(1, 100))
def test_with_no_meetings_the_standing_order_is_kept(players, seed):
    order = sorted(range(players), key=lambda p: (p * seed) % 101)
    tables, reserves = seat_in_order(order, "three-player")
    seated = order[: players - len(reserves)]
    assert seat_avoiding_repeats(seated, [len(t) for t in tables], frozenset()) == tables


def _canonical(players: tuple[int, ...], sizes: tuple[int, ...]):
    """Every arrangement as the procedure writes it: tables in order, each opened by the
    best-placed player left, the rest in standing order."""
    if not sizes:
        yield ()
        return
    opener, rest = players[0], players[1:]
    for others in combinations(rest, sizes[0] - 1):
        left = tuple(p for p in rest if p not in others)
        for tail in _canonical(left, sizes[1:]):
            yield ((opener, *others), *tail)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([8, 9, 11, 12]), earlier=earlier_tables)
def test_the_draw_is_the_first_arrangement_with_the_fewest_repeats(players, earlier):
    """The rules page's procedure, checked against brute force: among the arrangements with
    the fewest repeated pairs, the first in order (table 1's standing positions, then
    table 2's, ...)."""
    met = pairs_met([tuple(p for p in t if p < players) for t in earlier])
    tables, _ = seat_in_order(list(range(players)), "three-player")
    sizes = tuple(len(t) for t in tables)
    expected = min(
        _canonical(tuple(range(players)), sizes),
        key=lambda arrangement: (sum(repeats(t, met) for t in arrangement), arrangement),
    )
    assert seat_avoiding_repeats(list(range(players)), sizes, met) == expected
