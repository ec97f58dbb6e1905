"""A rule is defined once (league.rules.fields.FIELDS): the stored dict's shape, the versions
and their upgrades, the wizard's fields and the rules page are derived from the table."""

from __future__ import annotations

import ast
import copy
import dataclasses
import doctest
from pathlib import Path

import pytest
from django.utils import translation

from league.rules import PRESETS, LeagueRules, RulesError, objects, presets, versions
from league.rules.fields import FIELDS, GROUPS, RULES_FIELDS, VERSION, field
from league.rules.form import RULE_FIELDS, RulesForm, field_name
from league.rules.versions import RULES_VERSION, upgrade_rules
from tests.pocatalog import read_catalog
from web import rules_text
from web.rules_text import LAYOUT, Rule, describe_rules

RULES_PACKAGE = Path(__file__).resolve().parents[2] / "league" / "rules"


def test_the_rules_version_is_the_latest_since_of_the_table():
    assert max(spec.since for spec in FIELDS) == RULES_VERSION


def test_the_stored_dict_lists_the_rules_in_the_tables_order():
    stored = LeagueRules.from_preset("whist-online-league").to_dict()
    paths = []
    for name, value in stored.items():
        paths += [f"{name}.{key}" for key in value] if name in GROUPS else [name]
    assert paths == [spec.path for spec in FIELDS]
    assert tuple(stored) == RULES_FIELDS


def _without_rules_since(data: dict, version: int) -> dict:
    """`data` as stored in `version`: the rules added after it left out."""
    older = copy.deepcopy(data)
    for spec in FIELDS:
        if spec.since > version and spec.path != VERSION:
            head, _dot, key = spec.path.partition(".")
            if key:
                del older[head][key]
            else:
                del older[head]
    if version > 1:
        older[VERSION] = version
    else:
        del older[VERSION]
    return older


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("version", range(1, RULES_VERSION))
def test_upgrading_gives_each_rule_added_since_its_value_from_before(name, version):
    expected = copy.deepcopy(PRESETS[name])
    for spec in FIELDS:
        if spec.since > version and "." not in spec.path and spec.path != VERSION:
            expected[spec.path] = spec.before
    assert upgrade_rules(_without_rules_since(PRESETS[name], version)) == expected


def test_an_override_without_kind_gets_no_value_from_before():
    assert upgrade_rules({"version": 2, "min_games": 1}) == {"min_games": 1, "version": 4}


def test_several_bad_values_are_named_in_the_tables_order():
    # The first bad value of the stored dict's order is the one reported.
    data = copy.deepcopy(PRESETS["whist-online-league"])
    data["podium_windows"] = "x"
    data["min_games"] = -1
    with pytest.raises(RulesError) as error:
        LeagueRules.from_dict(data)
    assert error.value.field == "min_games"


def test_the_wizard_edits_every_rule_with_a_label_and_only_those():
    form = RulesForm("whist-online-league")
    assert sorted(form.fields) == sorted(
        field_name(spec.path) for spec in FIELDS if spec.label is not None
    )
    assert {spec.path for spec in FIELDS if spec.label is None} == {"version", "kind"}


def test_the_wizard_puts_the_calendars_rules_first_and_the_round_days_times_last():
    paths = [spec.path for spec in RULE_FIELDS]
    assert paths[:2] == ["schedule.weekdays", "rounds_in_season"]
    assert paths[-4:] == [
        "schedule.registration_deadline",
        "schedule.draw_publish",
        "schedule.play_start",
        "schedule.results_publish",
    ]


def test_a_whole_numbers_wizard_help_is_its_range_unless_the_table_says_more():
    with translation.override("en"):
        assert field("min_games").help_text() == "0-1000"
        assert field("drops.then_every").help_text() == "1-1000, empty for none"
        assert "(1-12)" in field("final_period").help_text()


def test_every_rule_the_page_places_has_a_reading_and_every_reading_a_topic():
    readings = {spec.path for spec in FIELDS if spec.reads is not None}
    placed = {item.path for section in LAYOUT for item in section.items if isinstance(item, Rule)}
    assert placed <= readings
    assert all(spec.topic is not None for spec in FIELDS if spec.reads is not None)
    topics = {section.topic for section in LAYOUT}
    assert {spec.topic for spec in FIELDS if spec.reads is not None} <= topics


def test_a_rule_the_layout_does_not_place_reads_last_under_its_topic(monkeypatch):
    # As a new rule would: the number of deals left out of the layout reads after the scoring.
    unplaced = Rule("deals_per_game")
    layout = tuple(
        rules_text.Section(s.topic, s.title, tuple(i for i in s.items if i != unplaced), s.shown)
        for s in LAYOUT
    )
    monkeypatch.setattr(rules_text, "LAYOUT", layout)
    monkeypatch.setattr(rules_text, "_PLACED", rules_text._PLACED - {unplaced.path})
    with translation.override("en"):
        games = describe_rules(LeagueRules.from_preset("whist-online-league"))[0]
    assert games.sentences == [
        "Deals are scored with the Whist Online (progressive fines) rules.",
        "A game is 28 deals.",
    ]


def _noop_templates() -> set[str]:
    """Every sentence the rules package marks with gettext_noop (its errors' templates)."""
    found = set()
    for path in RULES_PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "gettext_noop"
            ):
                assert isinstance(node.args[0], ast.Constant)
                found.add(node.args[0].value)
    return found


def test_every_rules_error_sentence_is_marked_so_makemessages_finds_it_and_is_in_hebrew():
    templates = _noop_templates()
    assert len(templates) >= 25
    translated = {
        entry.msgid for entry in read_catalog() if not entry.obsolete and all(entry.msgstrs)
    }
    assert sorted(templates - translated) == []
    for path in RULES_PACKAGE.glob("*.py"):
        assert "N_(" not in path.read_text(encoding="utf-8"), path


def test_every_rule_of_the_table_is_a_typed_attribute_of_the_rules():
    attributes = {f.name: f for f in dataclasses.fields(LeagueRules)}
    for spec in FIELDS:
        head, _dot, key = spec.path.partition(".")
        if spec.path == VERSION:
            continue
        assert head in attributes, spec.path
        if key:
            assert key in {f.name for f in dataclasses.fields(GROUPS[head])}, spec.path
    assert set(attributes) == {spec.path.partition(".")[0] for spec in FIELDS} - {VERSION}


def test_a_rule_a_preset_leaves_out_has_its_value_from_before():
    written = copy.deepcopy(presets._WRITTEN["whist-online-league"])
    del written["stages"], written["schedule"]["play_start"]
    completed = presets._with_every_rule(written)
    assert completed["stages"] is None
    assert completed["schedule"]["play_start"] is None
    assert list(completed)[-3:] == ["final_table", "three_player_deck", "stages"]


@pytest.mark.parametrize("module", [objects, versions], ids=lambda m: m.__name__)
def test_the_rules_doctests_hold(module):
    outcome = doctest.testmod(module)
    assert outcome.attempted > 0
    assert outcome.failed == 0
