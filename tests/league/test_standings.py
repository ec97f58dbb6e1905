"""The standings rules of RULES.md 3.1 and 3.2, one test per rule, on the pure layer."""

import datetime as dt
from fractions import Fraction

import pytest

from league.rules import LeagueRules
from league.standings import (
    GameEntry,
    compute_standings,
    game_entries,
    gaps_from_average,
    placement_points,
    podium_places,
)

LEAGUE = LeagueRules.from_preset("whist-online-league")
RATED = LeagueRules.from_preset("whist-online-1200")
RATED_END = dt.date(2024, 7, 1)


def entry(player, game, points, gap=0, *, round_number=None, date=None):
    return GameEntry(player, game, round_number, date, 0, Fraction(points), Fraction(gap))


def games_of(player, points_list, *, first_round=1):
    """A player's games with the given league points, one a round from `first_round`."""
    return [
        entry(player, f"{player}-{i}", p, round_number=first_round + i)
        for i, p in enumerate(points_list)
    ]


def row_of(rows, player):
    return next(row for row in rows if row.player == player)


# --- placement points and gap -----------------------------------------------------------


def test_placement_points_6_3_1_0():
    assert placement_points([120, 80, 45, -10], LEAGUE.placement_points) == [6, 3, 1, 0]


def test_placement_points_7_3_1_0_in_the_rated_league():
    assert placement_points([10, 200, -5, 30], RATED.placement_points) == [1, 7, 0, 3]


def test_players_tied_for_first_share_6_and_3():
    assert placement_points([100, 100, 50, 0], (6, 3, 1, 0)) == [Fraction(9, 2)] * 2 + [1, 0]


def test_players_tied_for_second_and_third_share_3_and_1():
    assert placement_points([100, 50, 50, 0], (6, 3, 1, 0)) == [6, 2, 2, 0]


def test_three_players_tied_share_three_places():
    assert placement_points([7, 7, 7, 100], (6, 3, 1, 0)) == [Fraction(4, 3)] * 3 + [6]


def test_all_four_tied_share_all_places():
    assert placement_points([0, 0, 0, 0], (6, 3, 1, 0)) == [Fraction(10, 4)] * 4


def test_gap_is_score_minus_table_average():
    assert gaps_from_average([120, 80, 45, -10]) == [
        Fraction(245, 4),
        Fraction(85, 4),
        Fraction(-55, 4),
        Fraction(-275, 4),
    ]


def test_three_player_game_uses_6_3_1_and_the_three_score_average():
    entries = game_entries(LEAGUE, "g", [("A", 90), ("B", 30), ("C", 0)], round_number=3)
    assert [e.points for e in entries] == [6, 3, 1]
    assert [e.gap for e in entries] == [50, -10, -40]
    assert {e.round for e in entries} == {3}


def test_game_with_two_players_is_rejected():
    with pytest.raises(ValueError, match="3 or 4 players"):
        game_entries(LEAGUE, "g", [("A", 90), ("B", 30)])


def test_player_gap_is_the_sum_over_counted_games():
    entries = [
        *game_entries(LEAGUE, 1, [("A", 100), ("B", 60), ("C", 20), ("D", -20)], round_number=1),
        *game_entries(LEAGUE, 2, [("A", -30), ("B", 10), ("C", 50), ("D", 90)], round_number=2),
    ]
    a = row_of(compute_standings(LEAGUE, entries), "A")
    assert a.gap == (100 - 40) + (-30 - 30)
    assert a.points == 6 + 0


# --- dropped games ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("games", "dropped"),
    [(9, 0), (10, 1), (19, 1), (20, 2), (24, 2), (25, 3), (29, 3), (30, 4), (31, 4), (34, 4)],
)
def test_drops_10_20_25_30_at_most_4(games, dropped):
    assert LEAGUE.drops.dropped_count(games) == dropped
    row = compute_standings(LEAGUE, games_of("A", [1] * games))[0]
    assert (row.games, row.dropped, row.counted) == (games, dropped, games - dropped)


@pytest.mark.parametrize(
    ("games", "dropped"), [(29, 2), (30, 3), (36, 3), (37, 4), (43, 4), (44, 5), (100, 13)]
)
def test_rated_league_drops_10_20_30_then_every_7(games, dropped):
    assert RATED.drops.dropped_count(games) == dropped


def test_worst_game_is_the_one_with_fewest_points():
    points = [6, 3, 1, 6, 3, 0, 6, 3, 1, 6]
    row = compute_standings(LEAGUE, games_of("A", points))[0]
    assert row.dropped_games == ("A-5",)
    assert row.points == sum(points)


def test_worst_game_tie_on_points_is_broken_by_lowest_gap():
    entries = [entry("A", f"g{i}", 6, 10, round_number=i + 1) for i in range(7)]
    entries += [
        entry("A", "zero-small-loss", 0, -5, round_number=8),
        entry("A", "zero-big-loss", 0, -80, round_number=9),
        entry("A", "zero-win", 0, 3, round_number=10),
    ]
    row = compute_standings(LEAGUE, entries)[0]
    assert row.dropped_games == ("zero-big-loss",)
    assert row.points == 42
    assert row.gap == 70 - 5 + 3


def test_worst_game_full_tie_drops_the_earliest_played():
    entries = [entry("A", f"g{i}", 1, 0, round_number=i + 1) for i in range(10)]
    assert compute_standings(LEAGUE, entries)[0].dropped_games == ("g0",)


def test_dropped_game_removes_its_points_and_its_gap():
    entries = [entry("A", f"g{i}", 3, 10, round_number=i + 1) for i in range(9)]
    entries.append(entry("A", "bad", 0, -100, round_number=10))
    row = compute_standings(LEAGUE, entries)[0]
    assert (row.points, row.gap) == (27, 90)
    assert len(row.entries) == 10


# --- minimum games and podium -----------------------------------------------------------


def test_minimum_17_games_to_be_ranked():
    rows = compute_standings(
        LEAGUE,
        games_of("sixteen", [6] * 16) + games_of("seventeen", [0] * 17, first_round=18),
        final=True,
    )
    assert [(r.player, r.rank, r.eligible) for r in rows] == [
        ("seventeen", 1, True),
        ("sixteen", None, False),
    ]


def test_in_season_table_shows_everyone_with_markers():
    rows = compute_standings(LEAGUE, games_of("few", [6] * 5) + games_of("many", [1] * 20))
    assert [(r.player, r.rank, r.eligible) for r in rows] == [
        ("few", 1, False),
        ("many", 2, True),
    ]


def test_podium_needs_4_games_in_the_last_8_rounds():
    # Rounds 1..26 only: strong, but no games in rounds 27-34.
    absent = games_of("absent", [6] * 26)
    steady = [games_of(p, [3] * 17, first_round=18) for p in ("B", "C", "D")]
    rows = compute_standings(LEAGUE, absent + [e for g in steady for e in g], final=True)
    assert [r.player for r in rows] == ["B", "C", "D", "absent"]
    assert [r.rank for r in rows] == [1, 1, 1, 4]
    assert not row_of(rows, "absent").podium_eligible


def test_podium_needs_1_game_in_the_last_2_rounds():
    # Rounds 15..32: four games in rounds 27-34, none in rounds 33-34.
    no_last_week = games_of("no-last-week", [6] * 18, first_round=15)
    others = [games_of(p, [1] * 17, first_round=18) for p in ("B", "C", "D", "E")]
    rows = compute_standings(LEAGUE, no_last_week + [e for g in others for e in g], final=True)
    assert rows[-1].player == "no-last-week"
    assert rows[-1].rank == 5
    assert rows[-1].eligible and not rows[-1].podium_eligible


def test_podium_conditions_push_a_player_below_third_only():
    top = games_of("top", [6] * 26)  # rounds 1-26: no podium
    contenders = [
        games_of(p, [points] * 17, first_round=18)
        for p, points in (("B", 5), ("C", 4), ("D", 3), ("E", 2))
    ]
    entries = top + [e for g in contenders for e in g]
    in_season = compute_standings(LEAGUE, entries)
    assert [r.player for r in in_season] == ["top", "B", "C", "D", "E"]
    final = compute_standings(LEAGUE, entries, final=True)
    assert [(r.player, r.rank) for r in final] == [
        ("B", 1),
        ("C", 2),
        ("D", 3),
        ("top", 4),
        ("E", 5),
    ]


def test_places_left_over_by_too_few_podium_players_are_not_awarded():
    # RULES.md 3.1: "top" lacks the podium conditions; places 2 and 3 stay empty, he is 4th
    entries = games_of("top", [6] * 26) + games_of("B", [1] * 17, first_round=18)
    final = compute_standings(LEAGUE, entries, final=True)
    assert [(r.player, r.rank) for r in final] == [("B", 1), ("top", 4)]
    assert podium_places(r.rank for r in final).not_awarded == [2, 3]


def test_without_any_podium_player_the_first_rank_is_4():
    entries = games_of("top", [6] * 26) + games_of("next", [3] * 20)
    final = compute_standings(LEAGUE, entries, final=True)
    assert [(r.player, r.rank) for r in final] == [("top", 4), ("next", 5)]
    assert podium_places(r.rank for r in final).not_awarded == [1, 2, 3]


def test_a_shared_place_on_the_podium_is_awarded_and_the_next_is_4th():
    # two tied for 1st cover places 1 and 2; the 3rd is left over: the next player is 4th
    tied = [games_of(p, [3] * 17, first_round=18) for p in ("A", "B")]
    entries = [e for g in tied for e in g] + games_of("early", [6] * 26)
    final = compute_standings(LEAGUE, entries, final=True)
    assert [(r.player, r.rank) for r in final] == [("A", 1), ("B", 1), ("early", 4)]
    assert podium_places(r.rank for r in final).not_awarded == [3]


def _rated_games(player, count, *, june):
    """`count` dated games of a rated season, `june` of them in June."""
    dates = [dt.date(2024, 3, 1) + dt.timedelta(days=i) for i in range(count - june)]
    dates += [dt.date(2024, 6, 1) + dt.timedelta(days=i) for i in range(june)]
    return [entry(player, f"{player}-{i}", 3, date=d) for i, d in enumerate(dates)]


def test_rated_league_minimum_30_games():
    entries = _rated_games("A", 29, june=10) + _rated_games("B", 30, june=10)
    rows = compute_standings(RATED, entries, final=True, season_end=RATED_END)
    assert [(r.player, r.eligible) for r in rows] == [("B", True), ("A", False)]
    assert rows[1].rank is None


def test_rated_league_final_month_minimum_5_games():
    entries = _rated_games("four-in-june", 40, june=4) + _rated_games("five-in-june", 30, june=5)
    rows = compute_standings(RATED, entries, final=True, season_end=RATED_END)
    assert [(r.player, r.rank, r.eligible) for r in rows] == [
        ("five-in-june", 1, True),
        ("four-in-june", None, False),
    ]


def test_rated_league_final_month_ends_the_day_before_the_end_date():
    # RULES.md 3.2: a game on the end date (01.07) counts for the season, not for June
    on_the_end_date = [*_rated_games("A", 34, june=4), entry("A", "A-end", 3, date=RATED_END)]
    june_edges = _rated_games("B", 30, june=3) + [
        entry("B", f"B-june-{day}", 3, date=dt.date(2024, 6, day)) for day in (1, 30)
    ]
    rows = compute_standings(RATED, on_the_end_date + june_edges, final=True, season_end=RATED_END)
    assert [(r.player, r.games, r.rank, r.eligible) for r in rows] == [
        ("B", 32, 1, True),
        ("A", 35, None, False),
    ]


def test_rated_league_without_end_date_is_an_error():
    with pytest.raises(ValueError, match="end date"):
        compute_standings(RATED, _rated_games("A", 3, june=1))


# --- ranking ----------------------------------------------------------------------------


def test_ranking_by_points_first():
    entries = [entry("A", 1, 3, 100, round_number=1), entry("B", 2, 6, -100, round_number=1)]
    assert [r.player for r in compute_standings(LEAGUE, entries)] == ["B", "A"]


def test_ranking_tie_on_points_broken_by_gap():
    entries = [entry("A", 1, 6, 10, round_number=1), entry("B", 2, 6, 30, round_number=1)]
    assert [(r.player, r.rank) for r in compute_standings(LEAGUE, entries)] == [
        ("B", 1),
        ("A", 2),
    ]


def test_ranking_tie_on_points_and_gap_broken_by_more_games():
    entries = [entry("A", 1, 6, 10, round_number=1)]
    entries += [entry("B", 2, 6, 10, round_number=1), entry("B", 3, 0, 0, round_number=2)]
    assert [(r.player, r.rank) for r in compute_standings(LEAGUE, entries)] == [
        ("B", 1),
        ("A", 2),
    ]


def test_full_tie_shares_the_rank():
    entries = [entry(p, i, 3, 5, round_number=1) for i, p in enumerate("ABC")]
    entries.append(entry("D", 9, 1, 5, round_number=1))
    rows = compute_standings(LEAGUE, entries)
    assert [(r.player, r.rank) for r in rows] == [("A", 1), ("B", 1), ("C", 1), ("D", 4)]


def test_gap_ties_are_exact_not_floating_point():
    # 1/3 + 1/3 + 1/3 equals 1 exactly: a float sum would not tie with the other player.
    a = [entry("A", i, 1, Fraction(1, 3), round_number=i + 1) for i in range(3)]
    b = [entry("B", 10, 3, 1, round_number=1)]
    rows = compute_standings(LEAGUE, a + b)
    assert [r.rank for r in rows] == [1, 2]  # A has more games; otherwise a full tie
    assert rows[0].gap == rows[1].gap == 1


def test_in_season_ranks_everyone_final_ranks_eligible_only():
    entries = games_of("regular", [1] * 17, first_round=18) + games_of("newcomer", [6] * 3)
    in_season = compute_standings(LEAGUE, entries)
    final = compute_standings(LEAGUE, entries, final=True)
    assert [(r.player, r.rank) for r in in_season] == [("newcomer", 1), ("regular", 2)]
    assert [(r.player, r.rank) for r in final] == [("regular", 1), ("newcomer", None)]


def test_tiebreak_orders_fully_tied_players_for_display():
    entries = [entry(p, i, 3, 5, round_number=1) for i, p in enumerate([2, 1, 3])]
    names = {1: "Noa", 2: "Dana", 3: "Eli"}
    rows = compute_standings(LEAGUE, entries, tiebreak=names.__getitem__)
    assert [names[r.player] for r in rows] == ["Dana", "Eli", "Noa"]


def test_row_as_json_follows_formats_5():
    entries = game_entries(LEAGUE, 1, [("A", 10), ("B", 10), ("C", 0), ("D", 1)], round_number=1)
    row = compute_standings(LEAGUE, entries)[0]
    assert row.as_json("Anna") == {
        "rank": 1,
        "player": "Anna",
        "points": 4.5,
        "gap": 4.75,
        "games": 1,
        "counted": 1,
        "dropped": 0,
        "eligible": False,
        "podium_eligible": False,
    }
