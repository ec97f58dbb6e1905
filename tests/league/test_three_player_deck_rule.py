"""The league rule `three_player_deck` (issue 30 item 2, RULES.md 1.5): the deck every
three-player table of the season plays with, `no-low-cards` by default."""

from __future__ import annotations

import copy

import pytest
from django.utils import translation

from league.rules import PRESETS, LeagueRules, RulesError
from league.rules.form import RulesForm
from scoring import THREE_PLAYER_DECK_NAMES
from web.rules_text import describe_rules


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_three_player_deck_defaults_to_no_low_cards(name):
    assert LeagueRules.from_preset(name).three_player_deck == "no-low-cards"
    assert PRESETS[name]["three_player_deck"] == "no-low-cards"


@pytest.mark.parametrize("deck", THREE_PLAYER_DECK_NAMES)
def test_three_player_deck_is_one_of_the_decks(deck):
    rules = LeagueRules.from_preset("evening-tournament", {"three_player_deck": deck})
    assert rules.three_player_deck == deck
    assert rules.to_dict()["three_player_deck"] == deck


@pytest.mark.parametrize("value", ["full-deck", "", 3, None])
def test_three_player_deck_refuses_another_value(value):
    data = copy.deepcopy(PRESETS["evening-tournament"])
    data["three_player_deck"] = value
    with pytest.raises(RulesError) as error:
        LeagueRules.from_dict(data)
    assert error.value.field == "three_player_deck"


@pytest.mark.parametrize("language", ["en", "he"])
def test_three_player_deck_is_labelled_in_the_wizard(language):
    with translation.override(language):
        form = RulesForm("evening-tournament")
        field = form.fields["three_player_deck"]
        label = str(field.label)
        choices = dict(field.choices)  # type: ignore[attr-defined]  # a ChoiceField's menu
    assert list(choices) == list(THREE_PLAYER_DECK_NAMES)
    if language == "he":
        assert label == "שולחן של שלושה משחק עם"
        assert "36 קלפים" in choices["no-low-cards"]
    else:
        assert label == "A table of three plays with"
        assert choices["no-clubs"] == "39 cards: the clubs removed (13 tricks)"


def test_three_player_deck_the_wizard_stores_the_chosen_deck():
    initial = RulesForm("evening-tournament")
    data = {name: initial[name].value() for name in initial.fields}
    data = {name: value for name, value in data.items() if value is not None}
    data["three_player_deck"] = "one-card-out"
    form = RulesForm("evening-tournament", data)
    assert form.is_valid(), form.errors
    assert form.overrides()["three_player_deck"] == "one-card-out"


def _games_sentences(rules: LeagueRules) -> list[str]:
    return [s for item in describe_rules(rules) for s in item.sentences]


@pytest.mark.parametrize("language", ["en", "he"])
def test_three_player_deck_is_stated_on_the_rules_page(language):
    rules = LeagueRules.from_preset("evening-tournament", {"three_player_deck": "no-clubs"})
    with translation.override(language):
        sentences = _games_sentences(rules)
    expected = {
        "en": "A table of three plays with 39 cards: the clubs removed (13 tricks); the three "
        "contracts may not total the deal's tricks.",
        "he": "שולחן של שלושה משחק עם 39 קלפים: בלי התלתנים (13 לקיחות); שלושת החוזים לא "
        "יסתכמו במספר הלקיחות של הסיבוב.",
    }[language]
    assert expected in sentences


def test_three_player_deck_is_not_stated_where_no_table_has_three():
    rules = LeagueRules.from_preset("whist-online-league")
    assert rules.remainder == "reserve"
    assert not any("table of three plays" in s for s in _games_sentences(rules))
