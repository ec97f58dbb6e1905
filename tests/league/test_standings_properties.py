"""Property tests of the standings: totals, drops and ranks hold for any season."""

import datetime as dt
import itertools
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import PRESETS, LeagueRules
from league.standings import (
    PlayerTally,
    RunningTally,
    compute_standings,
    game_entries,
    rank_tallies,
    ranking_key,
    rounded_gap,
    tally_player,
)
from tests.league.podium_rule import assert_podium_rule

LEAGUE = LeagueRules.from_preset("whist-online-league")
PLAYERS = [f"P{i}" for i in range(12)]


@st.composite
def seasons(draw):
    """A list of games: (round, [(player, score), ...]) with 3 or 4 distinct players."""
    games = []
    for number in range(draw(st.integers(0, 40))):
        size = draw(st.sampled_from([3, 4, 4, 4]))
        players = draw(st.permutations(PLAYERS))[:size]
        scores = draw(st.lists(st.integers(-150, 250), min_size=size, max_size=size))
        games.append((draw(st.integers(1, 34)), list(zip(players, scores, strict=True)), number))
    return games


def entries_of(games):
    return [
        e
        for round_number, results, key in games
        for e in game_entries(LEAGUE, key, results, round_number=round_number)
    ]


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_counted_plus_dropped_is_games(games):
    for row in compute_standings(LEAGUE, entries_of(games)):
        assert row.counted + row.dropped == row.games == len(row.entries)
        assert row.dropped == LEAGUE.drops.dropped_count(row.games)
        assert len(set(row.dropped_games)) == row.dropped


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_points_and_gap_are_sums_over_counted_games(games):
    for row in compute_standings(LEAGUE, entries_of(games)):
        counted = [e for e in row.entries if e.game not in row.dropped_games]
        assert row.points == sum((e.points for e in counted), Fraction(0))
        assert row.gap == sum((e.gap for e in counted), Fraction(0))


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_dropped_games_are_never_better_than_counted_ones(games):
    for row in compute_standings(LEAGUE, entries_of(games)):
        dropped = [e for e in row.entries if e.game in row.dropped_games]
        counted = [e for e in row.entries if e.game not in row.dropped_games]
        if dropped and counted:
            assert max((e.points, e.gap) for e in dropped) <= min(
                (e.points, e.gap) for e in counted
            )


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_each_game_hands_out_its_placement_points_and_zero_gap(games):
    for _, results, key in games:
        entries = game_entries(LEAGUE, key, results)
        assert sum(e.points for e in entries) == sum(LEAGUE.placement_values(len(results)))
        assert sum(e.gap for e in entries) == 0


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_rank_order_is_consistent(games):
    rows = compute_standings(LEAGUE, entries_of(games))
    assert [r.rank for r in rows][:1] in ([], [1])
    for before, after in itertools.pairwise(rows):
        key_before = (-before.points, -before.gap, -before.games)
        key_after = (-after.points, -after.gap, -after.games)
        assert key_before <= key_after
        assert (before.rank == after.rank) == (key_before == key_after)
        assert after.rank <= rows.index(after) + 1


@settings(max_examples=100, deadline=None)
@given(seasons(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_entry_order(games, rng: random.Random):
    entries = entries_of(games)
    shuffled = entries[:]
    rng.shuffle(shuffled)
    for final in (False, True):
        assert compute_standings(LEAGUE, entries, final=final) == compute_standings(
            LEAGUE, shuffled, final=final
        )


@settings(max_examples=100, deadline=None)
@given(seasons())
def test_final_standings_rank_eligible_players_then_list_the_rest(games):
    rows = compute_standings(LEAGUE, entries_of(games), final=True)
    ranked = [r for r in rows if r.rank is not None]
    assert all(r.eligible for r in ranked)
    assert rows[: len(ranked)] == ranked
    assert all(not r.eligible for r in rows[len(ranked) :])
    contenders = sum(1 for r in ranked if r.podium_eligible)
    assert all(r.podium_eligible for r in ranked[: min(3, contenders)])


@settings(max_examples=100, deadline=None)
@given(seasons())
def test_tally_agrees_with_ranking_key(games):
    entries = entries_of(games)
    for row in compute_standings(LEAGUE, entries):
        tally = tally_player(LEAGUE, row.player, [e for e in entries if e.player == row.player])
        # compared in twelfths: the same order and the same ties as the exact values
        assert ranking_key(tally) == (-12 * row.points, -12 * row.gap, -row.games)


SEASON_END = dt.date(2026, 7, 1)


@st.composite
def games_coming_in(draw):
    """Any preset's rules and a few players' games in the order they come in (not the order
    they were played): (entries, season end). Few players, so the drops come in; rounds
    and dates sometimes missing, dates often in the final period, scores often tied."""
    rules = LeagueRules.from_preset(draw(st.sampled_from(sorted(PRESETS))))
    players = ["A", "B", "C", "D", "E"]
    entries = []
    for game in range(draw(st.integers(0, 60))):
        size = draw(st.sampled_from([3, 4]))
        seated = draw(st.permutations(players))[:size]
        scores = draw(st.lists(st.sampled_from([-40, 0, 25, 25, 90]), min_size=size, max_size=size))
        round_number = draw(st.none() | st.integers(1, 34))
        date = draw(st.none() | st.dates(dt.date(2026, 5, 20), dt.date(2026, 7, 3)))
        entries += game_entries(
            rules,
            game,
            list(zip(seated, scores, strict=True)),
            round_number=round_number,
            date=date,
        )
    return rules, draw(st.permutations(entries))


@settings(max_examples=100, deadline=None)
@given(games_coming_in())
def test_at_any_moment_the_worst_games_are_dropped_running_tally_is_tally_player(coming):
    """RULES.md 3.1: at any moment a player's worst dropped_count(n) games are dropped;
    the running tally kept game by game says the same as `tally_player` over the games so
    far, after every game, for every preset."""
    rules, entries = coming
    running: dict[str, RunningTally] = {}
    so_far: dict[str, list] = {}
    for entry in entries:
        if entry.player not in running:
            running[entry.player] = RunningTally(rules, entry.player, season_end=SEASON_END)
        running[entry.player].add(entry)
        so_far.setdefault(entry.player, []).append(entry)
        expected = tally_player(rules, entry.player, so_far[entry.player], season_end=SEASON_END)
        tally = running[entry.player].tally()
        assert tally == expected
        # equal exact values print the same: the tables show them as floats
        assert (float(tally.points), float(tally.gap)) == (
            float(expected.points),
            float(expected.gap),
        )


@settings(max_examples=500, deadline=None)
@given(
    st.integers(-(10**7), 10**7),
    st.sampled_from([1, 2, 3, 4, 8, 12, 40, 200, 400, 1000]) | st.integers(1, 10**5),
)
def test_gap_is_printed_rounded_to_2_decimals_half_to_even_as_round_does(numerator, denominator):
    """FORMATS.md 5: `gap` rounded to 2 decimals; the same float as the Fractions give
    (`float(round(Fraction(gap), 2))`), halves (x.xx5) to even, for ints and Fractions."""
    gap = Fraction(numerator, denominator)
    assert rounded_gap(gap) == float(round(gap, 2))
    assert rounded_gap(numerator) == float(round(Fraction(numerator), 2))


@st.composite
def podium_tallies(draw):
    """Tallies of a whist-online league's players at the season's end, each meeting the
    minimum (17 games) and the podium conditions (4 games in the last 8 rounds, 1 in the last
    2) or not, in any mix; points, gaps and games often equal, so places are shared."""
    tallies = []
    for number in range(draw(st.integers(0, 9))):
        games = draw(st.sampled_from([5, 16, 17, 17, 20, 26]))
        tallies.append(
            PlayerTally(
                player=f"P{number}",
                games=games,
                points=draw(st.sampled_from([30, 40, 40, 45, Fraction(91, 2)])),
                gap=draw(st.sampled_from([-50, 0, 0, Fraction(35, 4)])),
                dropped_games=(),
                podium_window_games=(draw(st.integers(2, 5)), draw(st.integers(0, 2))),
                final_period_games=None,
            )
        )
    return tallies


@settings(max_examples=400, deadline=None)
@given(podium_tallies())
def test_podium_rule_no_unqualified_player_in_1_to_3_and_places_left_over_not_awarded(tallies):
    assert_podium_rule(rank_tallies(LEAGUE, tallies, final=True))


@settings(max_examples=200, deadline=None)
@given(podium_tallies())
def test_podium_rule_keeps_everyone_elses_order_after_the_podium(tallies):
    in_season = rank_tallies(LEAGUE, tallies)
    final = rank_tallies(LEAGUE, tallies, final=True)
    podium = {row.player for row in final if row.rank is not None and row.rank <= 3}
    order = [row.player for row in in_season]
    eligible = {row.player for row in final if row.eligible}
    # the others keep their relative order: the eligible ones first, then the unranked
    expected = [p for p in order if p in eligible and p not in podium]
    expected += [p for p in order if p not in eligible]
    assert [row.player for row in final if row.player not in podium] == expected
