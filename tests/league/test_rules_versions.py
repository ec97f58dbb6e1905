"""Stored rules are versioned: every older version reads as the current one (league.rules)."""

import copy

import pytest

from games.season_import import import_season
from league.actions.common import season_rules
from league.models import Season
from league.rules import PRESETS, LeagueRules, RulesError
from league.rules.fields import RULES_FIELDS, RULES_OBJECT_FIELDS
from league.rules.versions import RULES_VERSION, upgrade_rules
from tests.league.factories import season_file
from tests.roundsupport import make_season


def version_1(name: str) -> dict:
    """A preset's rules as seasons stored them before versions: today's keys, no `version`."""
    data = copy.deepcopy(PRESETS[name])
    del data["version"]
    return data


def version_2(name: str) -> dict:
    """A league preset's rules as seasons stored them in version 2: no tournament keys."""
    data = copy.deepcopy(PRESETS[name])
    data["version"] = 2
    del data["stages"], data["final_table"], data["three_player_deck"]
    return data


def version_3(name: str) -> dict:
    """A preset's rules as seasons stored them in version 3: no three-player deck."""
    data = copy.deepcopy(PRESETS[name])
    data["version"] = 3
    del data["three_player_deck"]
    return data


def test_current_version_is_4():
    assert RULES_VERSION == 4


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_three_player_deck_of_a_version_3_season_is_no_low_cards(name):
    assert upgrade_rules(version_3(name)) == PRESETS[name]
    assert LeagueRules.from_dict(version_3(name)).three_player_deck == "no-low-cards"


def test_three_player_deck_of_a_version_3_override_without_kind_is_the_presets():
    rules = LeagueRules.from_preset(
        "evening-tournament", {"version": 3, "min_games": 1, "three_player_deck": "no-clubs"}
    )
    assert rules.three_player_deck == "no-clubs"


@pytest.mark.parametrize("name", ["whist-online-league", "whist-online-1200"])
def test_version_2_league_rules_upgrade_with_no_stages_and_no_final_table(name):
    assert upgrade_rules(version_2(name)) == PRESETS[name]
    assert LeagueRules.from_dict(version_2(name)) == LeagueRules.from_preset(name)


def test_version_2_overrides_without_kind_keep_the_presets_tournament_rules():
    rules = LeagueRules.from_preset("evening-tournament", {"version": 2, "min_games": 1})
    assert rules.stages == 4
    assert rules.final_table is not None


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_version_1_rules_upgrade_to_the_current_version(name):
    assert upgrade_rules(version_1(name)) == PRESETS[name]
    assert LeagueRules.from_dict(version_1(name)) == LeagueRules.from_preset(name)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_version_4_rules_are_read_as_they_are(name):
    stored = LeagueRules.from_preset(name).to_dict()
    assert stored["version"] == 4
    assert upgrade_rules(stored) == stored
    assert LeagueRules.from_dict(stored) == LeagueRules.from_preset(name)


def test_upgrade_leaves_the_stored_dict_as_it_was():
    stored = version_1("whist-online-league")
    upgrade_rules(stored)
    assert "version" not in stored


def test_version_1_overrides_merge_into_a_preset():
    rules = LeagueRules.from_preset("whist-online-league", {"min_games": 12})
    assert rules.min_games == 12


def test_a_newer_version_is_refused_naming_both_versions():
    stored = {**PRESETS["whist-online-league"], "version": RULES_VERSION + 1}
    with pytest.raises(RulesError, match=r"rules\.version: is 5, newer than the rules version 4"):
        LeagueRules.from_dict(stored)


@pytest.mark.parametrize("version", ["2", 0, -1, True, None, 1.5])
def test_a_version_that_is_not_a_whole_number_from_1_is_named(version):
    with pytest.raises(RulesError) as error:
        upgrade_rules({**PRESETS["whist-online-league"], "version": version})
    assert error.value.field == "version"


def test_rules_that_are_not_an_object_are_refused():
    with pytest.raises(RulesError, match=r"^rules\.rules: must be an object$"):
        LeagueRules.from_dict([])  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_stored_rules_have_exactly_the_declared_fields(name):
    stored = LeagueRules.from_preset(name).to_dict()
    assert tuple(stored) == RULES_FIELDS
    for field, keys in RULES_OBJECT_FIELDS.items():
        values = stored[field[:-2]] if field.endswith("[]") else [stored[field]]
        for value in values:
            if value is not None:
                assert tuple(value) == keys


@pytest.mark.django_db
@pytest.mark.parametrize("preset", ["whist-online-league", "no-longer-shipped"])
def test_a_season_stored_in_version_1_is_read_through_the_upgrade(preset):
    season = make_season(rules_preset=preset, rules={**version_1("whist-online-league")})
    season.rules["min_games"] = 9
    assert season_rules(season).min_games == 9


@pytest.mark.django_db
def test_saving_a_season_writes_the_current_version():
    import_season(season_file(rules={"min_games": 12}))
    stored = Season.objects.get(slug="season-10").rules
    assert stored["version"] == RULES_VERSION
    assert stored["min_games"] == 12
