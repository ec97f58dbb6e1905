"""League rules as data: presets, overrides, validation naming the bad field, round trips."""

import datetime as dt

import pytest

from league.rules import PRESETS, LeagueRules, RulesError
from league.rules.fields import MAX_DEALS_PER_GAME, MAX_GAMES, MAX_PLACEMENT_POINTS, MAX_ROUNDS


def test_whist_online_league_preset_matches_rules_3_1():
    rules = LeagueRules.from_preset("whist-online-league")
    assert rules.kind == "rounds"
    assert rules.placement_points == (6, 3, 1, 0)
    assert rules.drops.at == (10, 20, 25, 30)
    assert rules.drops.max == 4
    assert rules.min_games == 17
    assert [(w.last_rounds, w.min_games) for w in rules.podium_windows] == [(8, 4), (2, 1)]
    assert rules.rounds_in_season == 34
    assert rules.deals_per_game == 28
    assert rules.remainder == "reserve"
    assert rules.schedule.weekdays == ("sun", "wed")
    assert rules.schedule.registration_deadline == dt.time(20, 0)
    assert rules.schedule.play_start == dt.time(20, 30)


def test_whist_online_1200_preset_matches_rules_3_2():
    rules = LeagueRules.from_preset("whist-online-1200")
    assert rules.kind == "rated"
    assert rules.placement_points == (7, 3, 1, 0)
    assert (rules.drops.at, rules.drops.then_every, rules.drops.max) == ((10, 20, 30), 7, None)
    assert rules.min_games == 30
    assert rules.final_period is not None
    assert (rules.final_period.months, rules.final_period.min_games) == (1, 5)
    assert rules.deals_per_game == 24
    assert rules.rating_threshold == 1200


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_round_trip_through_a_dict(name):
    rules = LeagueRules.from_preset(name)
    assert LeagueRules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict() == PRESETS[name]


def test_override_changes_one_value_and_keeps_the_rest():
    rules = LeagueRules.from_preset("whist-online-league", {"min_games": 12, "drops": {"max": 2}})
    assert rules.min_games == 12
    assert rules.drops.max == 2
    assert rules.drops.at == (10, 20, 25, 30)


def test_override_does_not_change_the_shipped_preset():
    LeagueRules.from_preset("whist-online-league", {"drops": {"at": [5]}})
    assert LeagueRules.from_preset("whist-online-league").drops.at == (10, 20, 25, 30)


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"min_games": "17"}, "min_games"),
        ({"min_games": -1}, "min_games"),
        ({"min_games": True}, "min_games"),
        ({"placement_points": [6, 3, 1]}, "placement_points"),
        ({"placement_points": [0, 1, 3, 6]}, "placement_points"),
        ({"placement_points": [6, "3", 1, 0]}, "placement_points[1]"),
        ({"drops": {"at": [20, 10]}}, "drops.at"),
        ({"drops": {"then_every": 0}}, "drops.then_every"),
        ({"drops": {"at": [], "then_every": 5}}, "drops.then_every"),
        ({"drops": {"colour": 1}}, "drops.colour"),
        ({"drops": 3}, "drops"),
        (
            {"podium_windows": [{"last_rounds": 40, "min_games": 1}]},
            "podium_windows[0].last_rounds",
        ),
        ({"podium_windows": [{"last_rounds": 4}]}, "podium_windows[0].min_games"),
        ({"kind": "cup"}, "kind"),
        ({"rounds_in_season": None}, "rounds_in_season"),
        ({"scoring_preset": "bridge"}, "scoring_preset"),
        ({"remainder": "sit-out"}, "remainder"),
        ({"draw": {"random_weekdays": ["sunday"]}}, "draw.random_weekdays[0]"),
        ({"schedule": {"weekdays": ["sun", "sun"]}}, "schedule.weekdays"),
        ({"schedule": {"play_start": "8:30pm"}}, "schedule.play_start"),
        ({"deals_per_game": 0}, "deals_per_game"),
        ({"unknown_rule": 1}, "unknown_rule"),
    ],
)
def test_invalid_rules_name_the_bad_field(overrides, field):
    with pytest.raises(RulesError) as error:
        LeagueRules.from_preset("whist-online-league", overrides)
    assert error.value.field == field
    assert str(error.value).startswith(f"rules.{field}: ")


def test_missing_field_is_named():
    data = LeagueRules.from_preset("whist-online-league").to_dict()
    del data["deals_per_game"]
    with pytest.raises(RulesError, match=r"rules\.deals_per_game: is missing"):
        LeagueRules.from_dict(data)


def test_unknown_preset_is_rejected():
    with pytest.raises(RulesError, match="unknown league preset 'bridge-club'"):
        LeagueRules.from_preset("bridge-club")


def test_rules_are_frozen():
    rules = LeagueRules.from_preset("whist-online-league")
    with pytest.raises(AttributeError):
        rules.min_games = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("number", "date", "method"),
    [
        (1, dt.date(2024, 6, 30), "random"),  # a Sunday
        (2, dt.date(2024, 7, 3), "ranking"),  # a Wednesday
        (25, dt.date(2024, 10, 6), "random"),
        (27, dt.date(2024, 10, 13), "ranking"),  # a Sunday from round 27 on
        (34, dt.date(2024, 10, 27), "ranking"),
    ],
)
def test_draw_schedule_sunday_random_wednesday_and_27_plus_by_ranking(number, date, method):
    rules = LeagueRules.from_preset("whist-online-league")
    assert rules.draw.method_for(number, date) == method


def test_final_period_is_the_last_calendar_month():
    rules = LeagueRules.from_preset("whist-online-1200")
    assert rules.final_period is not None
    assert rules.final_period.starts_on(dt.date(2024, 7, 1)) == dt.date(2024, 6, 1)
    assert rules.final_period.starts_on(dt.date(2024, 3, 31)) == dt.date(2024, 2, 29)
    assert rules.final_period.starts_on(dt.date(2024, 1, 15)) == dt.date(2023, 12, 15)


def test_final_period_ends_the_day_before_the_end_date():
    # RULES.md 3.2: a season ending 01.07 has the final month 1-30 June; 15.07: 15.06-14.07
    period = LeagueRules.from_preset("whist-online-1200").final_period
    assert period is not None
    for end, first, last in (
        (dt.date(2024, 7, 1), dt.date(2024, 6, 1), dt.date(2024, 6, 30)),
        (dt.date(2024, 7, 15), dt.date(2024, 6, 15), dt.date(2024, 7, 14)),
        (dt.date(2025, 1, 1), dt.date(2024, 12, 1), dt.date(2024, 12, 31)),
    ):
        assert (period.starts_on(end), period.ends_on(end)) == (first, last)


def test_three_player_tables_use_the_first_three_placement_values():
    rules = LeagueRules.from_preset("whist-online-league")
    assert rules.placement_values(3) == (6, 3, 1)
    assert rules.placement_values(4) == (6, 3, 1, 0)


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"deals_per_game": MAX_DEALS_PER_GAME + 1}, "deals_per_game"),
        ({"deals_per_game": 1_000_000}, "deals_per_game"),
        ({"placement_points": [MAX_PLACEMENT_POINTS + 1, 3, 1, 0]}, "placement_points[0]"),
        ({"placement_points": [6, 3, 1, -1]}, "placement_points[3]"),
        ({"drops": {"at": [10, MAX_GAMES + 1]}}, "drops.at[1]"),
        ({"drops": {"at": [0, 10]}}, "drops.at[0]"),
        ({"drops": {"then_every": MAX_GAMES + 1}}, "drops.then_every"),
        ({"drops": {"max": MAX_GAMES + 1}}, "drops.max"),
        ({"min_games": MAX_GAMES + 1}, "min_games"),
        ({"rounds_in_season": MAX_ROUNDS + 1}, "rounds_in_season"),
        ({"rounds_in_season": 0}, "rounds_in_season"),
        ({"draw": {"ranking_from_round": MAX_ROUNDS + 1}}, "draw.ranking_from_round"),
        (
            {"podium_windows": [{"last_rounds": 2, "min_games": MAX_GAMES + 1}]},
            "podium_windows[0].min_games",
        ),
        ({"podium_windows": [{"last_rounds": 1, "min_games": 0}] * 11}, "podium_windows"),
        ({"rating_threshold": 10**9}, "rating_threshold"),
    ],
)
def test_rule_values_beyond_what_the_game_allows_are_refused_naming_the_field(overrides, field):
    with pytest.raises(RulesError) as error:
        LeagueRules.from_preset("whist-online-league", overrides)
    assert error.value.field == field
    assert str(error.value).startswith(f"rules.{field}: must be ")


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"final_period": {"months": 13, "min_games": 5}}, "final_period.months"),
        ({"final_period": {"months": 1, "min_games": MAX_GAMES + 1}}, "final_period.min_games"),
    ],
)
def test_final_period_beyond_a_season_is_refused_naming_the_field(overrides, field):
    with pytest.raises(RulesError) as error:
        LeagueRules.from_preset("whist-online-1200", overrides)
    assert error.value.field == field


def test_rule_values_at_their_bounds_are_accepted():
    rules = LeagueRules.from_preset(
        "whist-online-league",
        {
            "deals_per_game": MAX_DEALS_PER_GAME,
            "placement_points": [MAX_PLACEMENT_POINTS, 50, 0, 0],
            "drops": {"at": [1, MAX_GAMES], "then_every": None, "max": MAX_GAMES},
            "min_games": MAX_GAMES,
            "rounds_in_season": MAX_ROUNDS,
            "draw": {"ranking_from_round": MAX_ROUNDS},
        },
    )
    assert rules.deals_per_game == MAX_DEALS_PER_GAME
    assert LeagueRules.from_preset("whist-online-league", {"deals_per_game": 1}).deals_per_game == 1
