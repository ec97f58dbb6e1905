"""A tournament's rules as data (RULES.md 3.4): the evening preset, stages and final table."""

import datetime as dt

import pytest

from league.rules import LeagueRules, RulesError
from league.rules.objects import FinalTable

DAY = dt.date(2026, 12, 3)


def test_evening_tournament_preset_is_four_stages_of_24_deals_6_3_1_0_and_a_final_table():
    rules = LeagueRules.from_preset("evening-tournament")
    assert rules.kind == "tournament"
    assert rules.stages == 4
    assert rules.deals_per_game == 24
    assert rules.scoring_preset == "whist-online"
    assert rules.placement_points == (6, 3, 1, 0)
    assert rules.drops.dropped_count(10) == 0
    assert rules.min_games == 0
    assert rules.remainder == "three-player"
    assert rules.final_table == FinalTable((6, 3, 1, 0))
    assert rules.rounds_in_season == 5


def test_tournament_stage_1_is_random_later_stages_by_standing_then_the_final_table():
    rules = LeagueRules.from_preset("evening-tournament")
    assert [rules.draw_method_for(n, DAY) for n in range(1, 6)] == [
        "random",
        "standing",
        "standing",
        "standing",
        "final",
    ]
    assert rules.is_final_table(5)
    assert not rules.is_final_table(4)


def test_tournament_without_final_table_has_only_its_stages():
    rules = LeagueRules.from_preset(
        "evening-tournament", {"final_table": None, "rounds_in_season": None, "stages": 3}
    )
    assert rules.rounds_in_season == 3
    assert rules.draw_method_for(3, DAY) == "standing"
    assert not rules.is_final_table(4)


def test_tournament_rounds_must_be_its_stages_and_final_table():
    with pytest.raises(RulesError, match=r"rules\.rounds_in_season: must be 6 .* not 5"):
        LeagueRules.from_preset("evening-tournament", {"stages": 5})


def test_tournament_needs_stages():
    with pytest.raises(RulesError, match=r"rules\.stages: is required for a tournament"):
        LeagueRules.from_preset("evening-tournament", {"stages": None})


def test_league_has_no_stages_nor_final_table():
    with pytest.raises(RulesError, match=r"rules\.stages: is a tournament's rule"):
        LeagueRules.from_preset("whist-online-league", {"stages": 4})


@pytest.mark.parametrize(
    ("points", "message"),
    [([6, 3, 1], "4 places"), ([1, 3, 6, 0], "must not increase"), ([6, 3, 1, -1], "at least 0")],
)
def test_final_table_points_are_4_places_not_increasing(points, message):
    with pytest.raises(RulesError, match=rf"rules\.final_table\.placement_points.*{message}"):
        LeagueRules.from_preset("evening-tournament", {"final_table": {"placement_points": points}})
