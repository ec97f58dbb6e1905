"""Deal statistics (scoring.stats): a hand-worked game, and properties over random games."""

import doctest
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.stats
from scoring import PRESET_NAMES, get_preset, score_game, validate_deal
from scoring.decks import ALL_DECKS, FOUR_SEATS, get_deck
from scoring.generate import random_deal
from scoring.stats import (
    THREE_ROW_LENGTH,
    DealStats,
    game_stats,
    season_leaders,
    seat_stats,
    sum_rows,
    total_stats,
)

from .helpers import WHIST_ONLINE, summary_deal

MODEST = settings(max_examples=60, deadline=None)

# Three deals worked out by hand under whist-online (RULES.md 2):
# 1. under, down 2 (3+6+0+2 = 11): seat 0 makes 3 (19); seat 1, declarer, takes 4 of 6
#    (-15 x 2 = -30); seat 2 makes zero in down 2 (20 + 20 = 40); seat 3 takes 6 of 2 (-5 x 4).
# 2. over (5+0+4+5 = 14): seat 0, declarer, makes 5 (35); seat 1 makes zero in up (+5);
#    seat 2 makes 4 (26); seat 3 takes 4 of 5 (-10).
# 3. under, down 5 (0+1+7+0 = 8): seat 0 takes 1 trick on zero (-(20 + 50) = -70); seat 1
#    makes 1 (11); seat 2, declarer, makes 7 (59); seat 3 takes 4 on zero (-70 + 3 x 10).
HAND_WORKED = [
    summary_deal([3, 6, 0, 2], [3, 4, 0, 6], trump="H", declarer=1, winning_bid=6),
    summary_deal([5, 0, 4, 5], [5, 0, 4, 4], trump="S", declarer=0, winning_bid=5),
    summary_deal([0, 1, 7, 0], [1, 1, 7, 4], trump="NT", declarer=2, winning_bid=7),
]


def _sizes(**by_size: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    deals, made = [0] * 14, [0] * 14
    for size, (m, d) in by_size.items():
        deals[int(size[1:])], made[int(size[1:])] = d, m
    return tuple(deals), tuple(made)


def _hand_worked() -> tuple[DealStats, ...]:
    return game_stats([validate_deal(d, WHIST_ONLINE) for d in HAND_WORKED])


def test_hand_worked_game_scores_are_the_engines():
    game = score_game(HAND_WORKED, WHIST_ONLINE)
    assert [d.scores for d in game.deals] == [
        (19, -30, 40, -20),
        (35, 5, 26, -10),
        (-70, 11, 59, -40),
    ]


def test_hand_worked_game_figures_by_seat():
    deals0, made0 = _sizes(s0=(0, 1), s3=(1, 1), s5=(1, 1))
    deals1, made1 = _sizes(s0=(1, 1), s1=(1, 1), s6=(0, 1))
    deals2, made2 = _sizes(s0=(1, 1), s4=(1, 1), s7=(1, 1))
    deals3, made3 = _sizes(s0=(0, 1), s2=(0, 1), s5=(0, 1))
    assert _hand_worked() == (
        DealStats(1, 3, 2, -16, 1, 1, 0, 0, 0, 1, deals0, made0),
        DealStats(1, 3, 2, -14, 1, 0, 1, 0, 0, 0, deals1, made1),
        DealStats(1, 3, 3, 125, 1, 1, 0, 0, 1, 0, deals2, made2),
        DealStats(1, 3, 0, -70, 0, 0, 0, 0, 0, 1, deals3, made3),
    )


def test_hand_worked_shares_and_size_groups():
    seat0, _seat1, seat2, seat3 = _hand_worked()
    assert seat0.made_share == Fraction(2, 3)
    assert seat2.declarer_share == 1
    assert seat3.declarer_share is None
    assert seat0.average_score == Fraction(-16, 3)
    assert seat2.by_size() == [
        ("0", 1, 1),
        ("1-2", 0, 0),
        ("3-4", 1, 1),
        ("5-6", 0, 0),
        ("7+", 1, 1),
    ]
    assert seat3.by_size() == [
        ("0", 0, 1),
        ("1-2", 0, 1),
        ("3-4", 0, 0),
        ("5-6", 0, 1),
        ("7+", 0, 0),
    ]


def test_hand_worked_leaders_need_half_the_most_deals_for_shares():
    a, b, c, d = _hand_worked()
    leaders = season_leaders({"a": a, "b": b, "c": c, "d": d})
    assert leaders.minimum_deals == 2
    pick = {k: [(x.rank, x.key) for x in v] for k, v in leaders.by_category.items()}
    assert pick == {
        "zeros_made": [(1, "b"), (1, "c")],
        "declarer": [(1, "a"), (1, "c"), (3, "b")],
        "made": [(1, "c"), (2, "a"), (2, "b")],
        "average": [(1, "c"), (2, "b"), (3, "a")],
    }


def test_a_player_under_the_minimum_is_not_ranked_by_a_share():
    leaders = season_leaders(
        {"many": DealStats(deals=10, made=5), "few": DealStats(deals=2, made=2, zero_up_made=2)}
    )
    assert [x.key for x in leaders.by_category["made"]] == ["many"]
    assert [x.key for x in leaders.by_category["zeros_made"]] == ["few"]


def test_a_game_with_an_invalid_deal_says_nothing():
    bad = validate_deal(summary_deal([3, 6, 2, 2], [3, 4, 0, 6]), WHIST_ONLINE)
    good = validate_deal(HAND_WORKED[0], WHIST_ONLINE)
    assert game_stats([good, bad]) == (DealStats(),) * 4
    assert game_stats([]) == (DealStats(),) * 4


def test_docstring_examples_run():
    outcome = doctest.testmod(scoring.stats)
    assert outcome.attempted > 0 and outcome.failed == 0


# --- properties -------------------------------------------------------------------------------

presets = st.sampled_from(PRESET_NAMES).map(get_preset)
tables = st.sampled_from(ALL_DECKS)


@st.composite
def scored_games(draw, max_deals=6, deck=None):
    """A game's scored deals at a table of four (by default) or three, with any deck."""
    preset = draw(presets)
    deck = deck or FOUR_SEATS
    seed = draw(st.integers(0, 2**32 - 1))
    count = draw(st.integers(1, max_deals))
    rng = random.Random(seed)
    records = [random_deal(rng, preset, summary_only=True, deck=deck) for _ in range(count)]
    return [validate_deal(r, preset, deck) for r in records], score_game(records, preset, deck)


def stats_of(players):
    sizes = 14 if players == 4 else 18
    return st.builds(
        DealStats,
        *(st.integers(0, 50) for _ in range(10)),
        size_deals=st.tuples(*(st.integers(0, 9) for _ in range(sizes))),
        size_made=st.tuples(*(st.integers(0, 9) for _ in range(sizes))),
        players=st.just(players),
    )


stats_values = stats_of(4)
three_player_stats = stats_of(3)
any_game = tables.flatmap(lambda deck: scored_games(deck=deck))


@MODEST
@given(game=any_game)
def test_made_never_exceeds_contracts(game):
    deals, _scored = game
    for seat in game_stats(deals):
        assert seat.made <= seat.deals and seat.declarer_made <= seat.declarer_deals
        assert sum(seat.size_deals) == seat.deals and sum(seat.size_made) == seat.made
        zeros = (
            seat.zero_up_made + seat.zero_up_failed + seat.zero_down_made + seat.zero_down_failed
        )
        assert zeros == seat.size_deals[0] and seat.zeros_made == seat.size_made[0]


@MODEST
@given(game=any_game)
def test_sums_over_players_equal_the_deal_count_times_the_seats(game):
    deals, _scored = game
    seats = len(deals[0].contracts)
    total = total_stats(game_stats(deals), players=seats)
    assert total.deals == seats * len(deals)
    assert total.declarer_deals == len(deals)
    assert total.games == seats


@MODEST
@given(game=any_game)
def test_score_per_seat_is_the_game_total(game):
    deals, scored = game
    assert tuple(seat.score for seat in game_stats(deals)) == scored.totals


@MODEST
@given(a=stats_values, b=stats_values, c=stats_values)
def test_merge_is_associative_and_commutative_with_an_identity(a, b, c):
    assert (a + b) + c == a + (b + c)
    assert a + b == b + a
    assert a + DealStats() == a


@MODEST
@given(a=three_player_stats, b=three_player_stats)
def test_three_player_figures_merge_among_themselves(a, b):
    assert a + b == b + a
    assert a + DealStats(players=3) == a


@MODEST
@given(four=stats_values, three=three_player_stats)
def test_three_player_figures_are_kept_apart_from_four_player_ones(four, three):
    with pytest.raises(ValueError, match="kept apart"):
        four + three
    with pytest.raises(ValueError):
        sum_rows([four.to_row(), three.to_row()])
    assert len(three.to_row()) == THREE_ROW_LENGTH != len(four.to_row())


@MODEST
@given(games=st.lists(scored_games(max_deals=4), min_size=1, max_size=4))
def test_season_figure_is_the_sum_of_its_games(games):
    season = total_stats([game_stats(deals)[1] for deals, _scored in games])
    by_deal = total_stats([seat_stats(d, 1) for deals, _scored in games for d in deals])
    assert season == by_deal + DealStats(games=len(games))


@MODEST
@given(stats=stats_values | three_player_stats)
def test_a_row_round_trips_through_json(stats):
    assert DealStats.from_row(json.loads(json.dumps(stats.to_row()))) == stats


@MODEST
@given(parts=st.lists(stats_values, max_size=5))
def test_summing_rows_is_summing_figures(parts):
    assert DealStats.from_row(sum_rows(p.to_row() for p in parts)) == total_stats(parts)


@MODEST
@given(parts=st.lists(three_player_stats, max_size=5))
def test_summing_three_player_rows_is_summing_their_figures(parts):
    rows = sum_rows((p.to_row() for p in parts), players=3)
    assert DealStats.from_row(rows) == total_stats(parts, players=3)


def test_three_player_contract_sizes_go_up_to_17_and_7_plus_holds_them():
    deck = get_deck("one-card-out")
    deal = validate_deal(
        summary_deal([17, 1, 0], [17, 0, 0], trump="S", declarer=0, winning_bid=17),
        WHIST_ONLINE,
        deck,
    )
    declarer, one, zero = game_stats([deal])
    assert declarer.players == 3 and len(declarer.size_deals) == 18
    assert declarer.size_made[17] == 1 and declarer.score == 299
    assert declarer.by_size()[-1] == ("7+", 1, 1)
    assert (one.made, zero.zero_up_made) == (0, 1)


def test_a_three_player_game_with_an_invalid_deal_says_nothing_for_three_seats():
    bad = validate_deal(summary_deal([5, 7, 0], [5, 7, 0]), WHIST_ONLINE, get_deck("no-low-cards"))
    assert game_stats([bad], players=3) == (DealStats(players=3),) * 3


@pytest.mark.parametrize("row", [{}, [], [0] * 37, [0] * 37 + ["3"], [0] * 37 + [1.5]])
def test_a_row_that_is_not_a_row_is_refused(row):
    with pytest.raises(ValueError, match="38 whole numbers"):
        DealStats.from_row(row)
