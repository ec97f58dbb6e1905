"""The pure draw strategies of RULES.md 3.1 and its decisions."""

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.draw import (
    STRATEGIES,
    DrawError,
    make_draw,
    seat_in_order,
    sha256_order,
)
from league.rules import REMAINDER_POLICIES
from tests.league.draw_vectors import (
    SHA256_VECTOR_NAMES,
    SHA256_VECTOR_ORDER,
    SHA256_VECTOR_SEED,
)

NAMES = [f"p{i:02d}" for i in range(40)]


def test_tables_of_four_in_order_table_one_first():
    tables, reserves = seat_in_order(list("abcdefgh"), "reserve")
    assert tables == (("a", "b", "c", "d"), ("e", "f", "g", "h"))
    assert reserves == ()


@pytest.mark.parametrize(("count", "reserves"), [(9, 1), (10, 2), (11, 3), (3, 3)])
def test_remainder_reserve_leaves_the_last_one_to_three_players_as_reserves(count, reserves):
    tables, left = seat_in_order(NAMES[:count], "reserve")
    assert all(len(t) == 4 for t in tables)
    assert left == tuple(NAMES[count - reserves : count])


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]), (11, [4, 4, 3]), (13, [4, 3, 3, 3]), (3, [3])],
)
def test_remainder_three_player_seats_the_last_tables_with_three(count, sizes):
    tables, left = seat_in_order(NAMES[:count], "three-player")
    assert [len(t) for t in tables] == sizes
    assert left == ()


@pytest.mark.parametrize(("count", "reserves"), [(5, 1), (2, 2), (1, 1)])
def test_three_player_falls_back_to_reserves_when_too_few_players(count, reserves):
    tables, left = seat_in_order(NAMES[:count], "three-player")
    assert len(left) == reserves
    assert sum(len(t) for t in tables) + len(left) == count


def test_unknown_remainder_policy_is_a_clear_error():
    with pytest.raises(DrawError, match="remainder"):
        seat_in_order(NAMES[:8], "seven-player")


def test_random_draw_same_seed_same_draw():
    first = make_draw("random", NAMES[:17], seed=12345)
    again = make_draw("random", NAMES[:17], seed=12345)
    assert first == again
    assert first.seed == 12345
    assert first.method == "random"


def test_random_draw_different_seed_different_draw():
    assert make_draw("random", NAMES, seed=1).tables != make_draw("random", NAMES, seed=2).tables


def test_legacy_recipe_is_python_random_shuffle_of_the_sorted_players():
    """Draws made before sha256-v1: shuffle the players (sorted by name) with random.Random."""
    import random

    order = list(NAMES[:12])
    random.Random(99).shuffle(order)
    draw = make_draw("random", NAMES[:12], seed=99, recipe="legacy")
    assert [p for t in draw.tables for p in t] == order
    assert draw.recipe == "legacy"


def test_sha256_recipe_orders_players_by_sha256_of_seed_and_name():
    """The published recipe, computed independently: hex SHA-256 of "seed:name", ascending."""
    names = ["Dana", "Eli", "Noa", "Omer", "Tal", "דנה", "Gil", "Avi", "Ruth"]
    order = sorted(names, key=lambda n: hashlib.sha256(f"1464393695:{n}".encode()).hexdigest())
    draw = make_draw("random", names, seed=1464393695)
    assert draw.recipe == "sha256-v1"
    assert draw.tables == (tuple(order[:4]), tuple(order[4:8]))
    assert draw.reserves == (order[8],)


def test_sha256_recipe_test_vector():
    """The vector the browser test checks too (tests/browser/test_draw_check.py)."""
    draw = make_draw("random", SHA256_VECTOR_NAMES, seed=SHA256_VECTOR_SEED)
    assert [p for t in draw.tables for p in t] + list(draw.reserves) == SHA256_VECTOR_ORDER


def test_sha256_recipe_does_not_depend_on_the_order_players_are_given_in():
    assert make_draw("random", NAMES[:13], seed=5) == make_draw(
        "random", list(reversed(NAMES[:13])), seed=5
    )


def test_ranking_draw_orders_unranked_players_by_the_sha256_recipe():
    draw = make_draw("ranking", ["a", "b", "u1", "u2", "u3"], ranking=["b", "a"], seed=11)
    order = [p for t in draw.tables for p in t] + list(draw.reserves)
    assert order == ["b", "a", *sha256_order(["u1", "u2", "u3"], 11)]


def test_unknown_recipe_is_a_clear_error():
    with pytest.raises(DrawError, match="unknown draw recipe"):
        make_draw("random", NAMES[:4], seed=1, recipe="md5")


def test_ranking_draw_ranks_1_to_4_at_table_1():
    ranking = list(reversed(NAMES[:8]))
    draw = make_draw("ranking", NAMES[:8], ranking=ranking, seed=5)
    assert draw.tables == (tuple(ranking[:4]), tuple(ranking[4:]))
    assert draw.method == "ranking"


def test_ranking_draw_puts_unranked_after_ranked_in_random_order():
    ranking = ["r1", "r2", "r3", "r4", "r5"]
    unranked = ["u1", "u2", "u3"]
    draw = make_draw("ranking", sorted(ranking + unranked), ranking=ranking, seed=7)
    order = [p for t in draw.tables for p in t]
    assert order[:5] == ranking
    assert sorted(order[5:]) == unranked
    assert draw.seed == 7
    other_orders = {
        tuple(
            p
            for t in make_draw(
                "ranking", sorted(ranking + unranked), ranking=ranking, seed=s
            ).tables
            for p in t
        )
        for s in range(20)
    }
    assert len(other_orders) > 1


def test_ranking_draw_ignores_ranked_players_who_did_not_register():
    draw = make_draw("ranking", ["b", "d", "e", "f"], ranking=["a", "b", "c", "d", "e", "f"])
    assert draw.tables == (("b", "d", "e", "f"),)


def test_ranking_draw_without_randomness_publishes_no_seed():
    draw = make_draw("ranking", NAMES[:5], ranking=NAMES[:4], seed=3)
    assert draw.seed is None
    assert draw.reserves == (NAMES[4],)


def test_the_draw_methods_are_random_ranking_and_the_tournaments_standing_and_final():
    assert sorted(STRATEGIES) == ["final", "random", "ranking", "standing"]


def test_the_draw_seats_the_remainder_policies_of_the_rules():
    for policy in REMAINDER_POLICIES:
        seat_in_order(NAMES[:7], policy)
    with pytest.raises(DrawError, match=r"known: reserve, three-player\)"):
        seat_in_order(NAMES[:7], "sit-out")


def test_unknown_method_and_option_are_clear_errors():
    with pytest.raises(DrawError, match="unknown draw method"):
        make_draw("alphabetical", NAMES[:4])
    with pytest.raises(DrawError, match="unknown draw option"):
        make_draw("random", NAMES[:4], colour="red")
    with pytest.raises(DrawError, match="twice"):
        make_draw("random", ["a", "a", "b", "c"])


@given(
    count=st.integers(min_value=0, max_value=41),
    seed=st.integers(min_value=0, max_value=2**53),
    method=st.sampled_from(sorted(set(STRATEGIES) - {"final"})),
    remainder=st.sampled_from(["reserve", "three-player"]),
)
def test_every_registered_player_is_seated_once_or_reserve(count, seed, method, remainder):
    players = NAMES[:count] + [f"x{i}" for i in range(max(0, count - 40))]
    draw = make_draw(method, players, seed=seed, ranking=players[::2], remainder=remainder)
    placed = [p for t in draw.tables for p in t] + list(draw.reserves)
    assert sorted(placed) == sorted(players)
    assert all(len(t) in (3, 4) for t in draw.tables)
    assert len(draw.reserves) <= 3 if remainder == "reserve" else len(draw.reserves) <= 2
    assert draw == make_draw(method, players, seed=seed, ranking=players[::2], remainder=remainder)
