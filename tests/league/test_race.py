"""What is still possible (RULES.md 3.1, `league.race`): exact both ways, checked against the
real final standings on random small seasons (drops, minimum games and podium windows scaled
down, ties, tables of three), and against brute force on tiny ones."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.race import (
    Completion,
    FutureGame,
    RemainingRound,
    Start,
    completion_entries,
    extreme_games,
    player_futures,
    round_windows,
    score_bounds,
    season_race,
)
from league.rules import LeagueRules
from league.standings import (
    PODIUM_PLACES,
    GameEntry,
    game_entries,
    is_podium_eligible,
    rank_tallies,
    ranking_key,
    tally_player,
    tally_players,
)

START = dt.date(2030, 1, 6)


def small_rules(draw: Any) -> LeagueRules:
    rounds = draw(st.integers(2, 6))
    window = draw(st.integers(1, rounds))
    windows = draw(
        st.sampled_from(
            [
                [],
                [{"last_rounds": window, "min_games": draw(st.integers(1, window))}],
                [
                    {"last_rounds": window, "min_games": draw(st.integers(1, window))},
                    {"last_rounds": 1, "min_games": 1},
                ],
            ]
        )
    )
    drops = draw(
        st.sampled_from(
            [
                {"at": [], "then_every": None, "max": None},
                {"at": [2], "then_every": None, "max": None},
                {"at": [2, 4], "then_every": None, "max": 2},
                {"at": [1, 3], "then_every": 1, "max": None},
            ]
        )
    )
    return LeagueRules.from_preset(
        "whist-online-league",
        {
            "rounds_in_season": rounds,
            "min_games": draw(st.integers(0, rounds)),
            "podium_windows": windows,
            "drops": drops,
            "remainder": draw(st.sampled_from(["reserve", "three-player"])),
        },
    )


def tables_of(draw: Any, players: Sequence[str], rules: LeagueRules) -> list[list[str]]:
    """Some of `players` seated at tables of 4 (and 3 when the rules seat them)."""
    playing = draw(st.permutations(players))[: draw(st.integers(0, len(players)))]
    sizes = [3, 4] if rules.remainder == "three-player" else [4]
    tables = []
    while playing:
        size = draw(st.sampled_from(sizes))
        if len(playing) < size:
            break
        tables.append(list(playing[:size]))
        playing = playing[size:]
    return tables


def game(
    draw: Any, rules: LeagueRules, bounds: dict[int, tuple[int, int]], table: list[str], key: Any
) -> list[GameEntry]:
    low, high = bounds[len(table)]
    scores = draw(st.lists(st.integers(low, high), min_size=len(table), max_size=len(table)))
    return game_entries(
        rules, key, list(zip(table, scores, strict=True)), round_number=key[0], date=None
    )


@st.composite
def seasons(draw: Any) -> tuple[LeagueRules, dict[int, tuple[int, int]], list, list, list]:
    """Rules, tiny score bounds (ties), the confirmed games, the remaining rounds, players."""
    rules = small_rules(draw)
    bounds = {4: (-2, 2)}
    if rules.remainder == "three-player":
        bounds[3] = (-3, 3)
    players = [f"P{i}" for i in range(draw(st.integers(3, 7)))]
    finished = draw(st.integers(0, rules.rounds_in_season or 0))
    entries: list[GameEntry] = []
    for number in range(1, finished + 1):
        for t, table in enumerate(tables_of(draw, players, rules)):
            entries += game(draw, rules, bounds, table, (number, t))
    remaining = [
        RemainingRound(number, None)
        for number in range(finished + 1, (rules.rounds_in_season or 0) + 1)
    ]
    if remaining and draw(st.booleans()):  # a round in play: its confirmed games count
        for t, table in enumerate(tables_of(draw, players, rules)[:1]):
            entries += game(draw, rules, bounds, table, (remaining[0].number, t))
    return rules, bounds, entries, remaining, players


def final_ranks(rules: LeagueRules, entries: list[GameEntry]) -> dict[Any, int | None]:
    """Each player's place in the real final standings (None: unranked)."""
    return {
        row.player: row.rank
        for row in rank_tallies(rules, tally_players(rules, entries), final=True)
    }


def on_podium(rules: LeagueRules, entries: list[GameEntry], player: Any) -> bool:
    rank = final_ranks(rules, entries).get(player)
    return rank is not None and rank <= PODIUM_PLACES


def outlooks_of(rules, bounds, entries, remaining):
    return season_race(rules, tally_players(rules, entries), remaining, bounds=bounds)


def assert_valid(completion: Completion, entries, remaining, bounds) -> None:
    """A completion the decision counts: remaining rounds only, none played twice, in bounds."""
    numbers = {r.number for r in remaining}
    for player, games in completion.items():
        played = {e.round for e in entries if e.player == player}
        rounds = [g.round for g in games]
        assert len(set(rounds)) == len(rounds)
        assert set(rounds) <= numbers - played
        for future in games:
            low, high = bounds[len(future.scores)]
            assert all(low <= s <= high for s in future.scores)


SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seasons())
def test_every_open_player_has_a_completion_where_he_finishes_1_3_and_one_where_not(season):
    rules, bounds, entries, remaining, _players = season
    for player, outlook in outlooks_of(rules, bounds, entries, remaining).items():
        if outlook.race != "open":
            assert outlook.podium is None and outlook.no_podium is None
            continue
        assert outlook.podium is not None and outlook.no_podium is not None
        assert_valid(outlook.podium, entries, remaining, bounds)
        assert_valid(outlook.no_podium, entries, remaining, bounds)
        assert on_podium(rules, entries + completion_entries(rules, outlook.podium), player)
        assert not on_podium(rules, entries + completion_entries(rules, outlook.no_podium), player)


@st.composite
def completed_seasons(draw: Any):
    """A season and one real way its remaining rounds go: tables of its players (those
    already in the season: with a game in it, RULES.md 3.1)."""
    rules, bounds, entries, remaining, players = draw(seasons())
    in_season = {e.player for e in entries}
    future: list[GameEntry] = []
    for r in remaining:
        busy = {e.player for e in entries if e.round == r.number}
        free = [p for p in players if p in in_season and p not in busy]
        for t, table in enumerate(tables_of(draw, free, rules)):
            future += game(draw, rules, bounds, table, (r.number, 100 + t))
    return rules, bounds, entries, remaining, future


@SETTINGS
@given(completed_seasons())
def test_nobody_out_of_reach_ever_finishes_1_3(season):
    rules, bounds, entries, remaining, future = season
    outlooks = outlooks_of(rules, bounds, entries, remaining)
    ranks = final_ranks(rules, entries + future)
    for player, outlook in outlooks.items():
        if outlook.race == "out":
            assert ranks[player] is None or ranks[player] > PODIUM_PLACES


@SETTINGS
@given(completed_seasons())
def test_a_clinched_player_finishes_1_3_when_he_plays_the_games_the_conditions_ask(season):
    rules, bounds, entries, remaining, future = season
    outlooks = outlooks_of(rules, bounds, entries, remaining)
    everything = entries + future
    ranks = final_ranks(rules, everything)
    for player, outlook in outlooks.items():
        mine = [e for e in everything if e.player == player]
        if outlook.race == "clinched" and is_podium_eligible(
            rules, tally_player(rules, player, mine)
        ):
            assert ranks[player] is not None and ranks[player] <= PODIUM_PLACES


@SETTINGS
@given(completed_seasons())
def test_max_points_is_never_passed_by_the_points_of_a_real_completion(season):
    rules, bounds, entries, remaining, future = season
    outlooks = outlooks_of(rules, bounds, entries, remaining)
    for row in rank_tallies(rules, tally_players(rules, entries + future)):
        if row.player in outlooks:
            assert row.points <= outlooks[row.player].max_points


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seasons())
def test_a_finished_season_is_clinched_or_out_for_everyone_as_its_final_standings_say(season):
    rules, bounds, entries, _remaining, _players = season
    outlooks = outlooks_of(rules, bounds, entries, [])
    for player, outlook in outlooks.items():
        assert outlook.race == ("clinched" if on_podium(rules, entries, player) else "out")
        assert (
            outlook.max_points
            == tally_player(rules, player, [e for e in entries if e.player == player]).points
        )


@SETTINGS
@given(seasons())
def test_the_futures_totals_are_the_real_tallies_with_drops_a_new_game_pushing_an_old_out(season):
    rules, bounds, entries, remaining, _players = season
    best, worst = extreme_games(rules, bounds)
    extremes = (
        FutureGame(0, None, best).entry(rules, None),
        FutureGame(0, None, worst).entry(rules, None),
    )
    windows = round_windows(rules, remaining, None)
    for tally in tally_players(rules, entries):
        futures = player_futures(rules, tally, remaining, extremes, windows)
        mine = [e for e in entries if e.player == tally.player]
        qualified = []
        for m in range(len(futures.free) + 1):
            for scores, keys in ((best, futures.best), (worst, futures.worst)):
                more = [g.entry(rules, tally.player) for g in futures.games(m, scores)]
                real = tally_player(rules, tally.player, mine + more)
                assert keys[m] == ranking_key(real)
            qualified.append(is_podium_eligible(rules, real))
        first = qualified.index(True) if True in qualified else None
        assert futures.first_qualified == first
        assert all(qualified[first:]) if first is not None else True


@SETTINGS
@given(seasons(), st.integers(1, 6))
def test_a_start_before_a_round_is_the_real_tally_of_the_games_before_it(season, number):
    rules, _bounds, entries, _remaining, _players = season
    for tally in tally_players(rules, entries):
        start = Start.of(tally).before(rules, number, None)
        earlier = [e for e in entries if e.player == tally.player and e.round < number]
        real = tally_player(rules, tally.player, earlier)
        assert start == Start.of(real)


# --- brute force -------------------------------------------------------------------------


def every_game(rules: LeagueRules, bounds: dict[int, tuple[int, int]]) -> list[tuple[int, ...]]:
    """One table for every distinct (points, gap) a player can take within the bounds."""
    seen: dict[tuple[Any, Any], tuple[int, ...]] = {}
    for size, (low, high) in bounds.items():
        for scores in itertools.product(range(low, high + 1), repeat=size):
            entry = FutureGame(0, None, scores).entry(rules, "me")
            seen.setdefault((entry.points, entry.gap), scores)
    return list(seen.values())


def brute_force(rules, bounds, entries, remaining, players) -> dict[Any, str]:
    """The race by the definition: every player's every future (each free round skipped or
    played with every possible result), then the quantifiers over their product, which
    factor because the players' futures are independent (tables ignored)."""
    games = every_game(rules, bounds)
    options: dict[Any, set[tuple[Any, bool]]] = {}
    for player in players:
        mine = [e for e in entries if e.player == player]
        if not mine:
            continue
        free = [r for r in remaining if r.number not in {e.round for e in mine}]
        options[player] = set()
        for choice in itertools.product([None, *games], repeat=len(free)):
            future = [
                FutureGame(r.number, r.date, scores).entry(rules, player)
                for r, scores in zip(free, choice, strict=True)
                if scores is not None
            ]
            tally = tally_player(rules, player, mine + future)
            options[player].add((ranking_key(tally), is_podium_eligible(rules, tally)))
    race = {}
    for player, mine in options.items():
        others = [o for q, o in options.items() if q != player]

        def above_always(key, others=others):  # others that are above `key` in every future
            return sum(all(q and k < key for k, q in o) for o in others)

        def above_sometimes(key, others=others):  # others that can be above `key`
            return sum(any(q and k < key for k, q in o) for o in others)

        qualified = [key for key, q in mine if q]
        if not any(above_always(key) < PODIUM_PLACES for key in qualified):
            race[player] = "out"
        elif all(above_sometimes(key) < PODIUM_PLACES for key in qualified):
            race[player] = "clinched"
        else:
            race[player] = "open"
    return race


@st.composite
def tiny_seasons(draw: Any):
    rules, _bounds, entries, remaining, players = draw(seasons())
    bounds = {4: (-1, 1)}
    if rules.remainder == "three-player":
        bounds[3] = (-1, 1)
    return rules, bounds, entries, remaining[-2:], players


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_seasons())
def test_the_race_agrees_with_brute_force_over_every_way_the_remaining_rounds_can_go(season):
    rules, bounds, entries, remaining, players = season
    fast = {p: o.race for p, o in outlooks_of(rules, bounds, entries, remaining).items()}
    assert fast == brute_force(rules, bounds, entries, remaining, players)


# --- examples ----------------------------------------------------------------------------


def test_the_best_game_is_first_alone_with_the_largest_gap_the_worst_last_alone():
    rules = LeagueRules.from_preset("whist-online-league")
    best, worst = extreme_games(rules, score_bounds(rules))
    assert best == (5012, -7280, -7280, -7280)
    assert worst == (-7280, 5012, 5012, 5012)


def test_a_three_player_table_counts_with_its_own_deck_bounds():
    rules = LeagueRules.from_preset(
        "whist-online-league", {"remainder": "three-player", "three_player_deck": "one-card-out"}
    )
    bounds = score_bounds(rules)
    assert set(bounds) == {3, 4}
    best, _ = extreme_games(rules, bounds)
    assert len(best) == 3  # 17 tricks a deal: a larger gap than at four


def test_max_points_wins_every_remaining_round_alone_with_drops_applied():
    rules = LeagueRules.from_preset("whist-online-league")
    # nine games of 1 point: the tenth (a win) brings the first drop
    entries = []
    for number in range(1, 10):
        entries += game_entries(
            rules, number, [("A", 10), ("B", 20), ("C", 30), ("D", 0)], round_number=number
        )
    remaining = [RemainingRound(n, None) for n in range(10, 35)]
    outlooks = season_race(rules, tally_players(rules, entries), remaining)
    # 34 games, 4 dropped (the four worst: 1-point games of A's); 25 wins and 5 games of 1
    assert outlooks["A"].max_points == 25 * 6 + 5 * 1
    assert outlooks["D"].max_points == 25 * 6 + 5 * 0


def test_with_no_remaining_round_nobody_below_the_podium_conditions_can_be_clinched():
    rules = LeagueRules.from_preset(
        "whist-online-league", {"rounds_in_season": 2, "min_games": 2, "podium_windows": []}
    )
    entries = game_entries(rules, 1, [("A", 10), ("B", 20), ("C", 30), ("D", 0)], round_number=1)
    outlooks = season_race(rules, tally_players(rules, entries), [])
    assert {o.race for o in outlooks.values()} == {"out"}  # one game, two needed


def test_a_shared_third_place_counts_as_1_3():
    rules = LeagueRules.from_preset(
        "whist-online-league", {"rounds_in_season": 1, "min_games": 0, "podium_windows": []}
    )
    # C and D tie for 3rd: (1 + 0) / 2 points each and the same gap
    entries = game_entries(rules, 1, [("A", 30), ("B", 20), ("C", 10), ("D", 10)], round_number=1)
    outlooks = season_race(rules, tally_players(rules, entries), [])
    assert {p: o.race for p, o in outlooks.items()} == dict.fromkeys("ABCD", "clinched")
    assert final_ranks(rules, entries) == {"A": 1, "B": 2, "C": 3, "D": 3}


def test_an_open_race_in_the_last_round():
    rules = LeagueRules.from_preset(
        "whist-online-league", {"rounds_in_season": 2, "min_games": 1, "podium_windows": []}
    )
    entries = game_entries(rules, 1, [("A", 30), ("B", 20), ("C", 10), ("D", 0)], round_number=1)
    outlooks = season_race(rules, tally_players(rules, entries), [RemainingRound(2, None)])
    # a win alone with the largest gap takes anyone past A's 6 points and his gap at worst,
    # and lifts D past anyone's worst: every race is still open
    assert {p: o.race for p, o in outlooks.items()} == dict.fromkeys("ABCD", "open")
    assert {p: o.max_points for p, o in outlooks.items()} == {"A": 12, "B": 9, "C": 7, "D": 6}


def test_skipping_a_round_can_be_a_players_worst_when_a_new_game_would_only_be_dropped():
    # drops after 2 games: a second game at his worst is dropped and only adds a game played
    rules = LeagueRules.from_preset(
        "whist-online-league",
        {"rounds_in_season": 2, "min_games": 0, "podium_windows": [], "drops": {"at": [2]}},
    )
    bounds = {4: (-2, 2)}
    best, _ = extreme_games(rules, bounds)
    entries = [FutureGame(1, None, best).entry(rules, p) for p in "ABCD"]  # four equal wins
    outlooks = outlooks_of(rules, bounds, entries, [RemainingRound(2, None)])
    # each can pass the others by one more game played (a second win, one dropped), and each
    # may skip round 2: nobody is clinched, nobody out
    assert {p: o.race for p, o in outlooks.items()} == dict.fromkeys("ABCD", "open")
    for player, outlook in outlooks.items():
        assert outlook.no_podium is not None
        assert outlook.no_podium[player] == ()  # his worst: he does not play round 2
