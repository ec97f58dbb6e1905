"""The three scoring presets of RULES.md 2, column by column, and the preset registry."""

import pytest

from scoring import (
    PRESET_NAMES,
    Preset,
    RuleOptions,
    ScoringTable,
    UnknownPresetError,
    get_preset,
    register_preset,
    registered_presets,
    validate_deal,
)
from scoring.presets import _REGISTRY

from .helpers import summary_deal

HE = get_preset("he-wikipedia")
EN = get_preset("en-wikipedia")
WO = get_preset("whist-online")
ALL = (HE, EN, WO)


def test_preset_names_are_the_three_of_rules_2():
    assert set(PRESET_NAMES) == {"he-wikipedia", "en-wikipedia", "whist-online"}


@pytest.mark.parametrize("preset", ALL, ids=lambda p: p.name)
@pytest.mark.parametrize("contract", range(1, 14))
def test_made_contract_scores_n_squared_plus_10(preset, contract):
    assert preset.deal_score(contract, contract, down=0) == contract * contract + 10
    assert preset.deal_score(contract, contract, down=3) == contract * contract + 10


@pytest.mark.parametrize("preset", ALL, ids=lambda p: p.name)
def test_contract_3_made_scores_19(preset):
    assert preset.deal_score(3, 3, down=0) == 19


@pytest.mark.parametrize("contract", range(1, 14))
def test_failed_contract_fines_5_per_trick_he_wikipedia(contract):
    assert HE.deal_score(contract, contract - 1, down=0) == -5
    assert HE.deal_score(contract, 0, down=2) == -5 * contract


def test_contract_4_taking_6_scores_minus_10_he_wikipedia():
    assert HE.deal_score(4, 6, down=0) == -10


@pytest.mark.parametrize("taken", [0, 2, 5, 9])
def test_failed_contract_fines_10_per_trick_en_wikipedia(taken):
    assert EN.deal_score(4, taken, down=1) == -10 * abs(taken - 4)


@pytest.mark.parametrize(
    ("contract", "fine"), [(1, 5), (2, 5), (3, 5), (4, 5), (5, 10), (6, 15), (7, 20), (13, 20)]
)
def test_failed_contract_fine_is_progressive_whist_online(contract, fine):
    assert WO.deal_score(contract, contract - 1, down=0) == -fine
    assert WO.deal_score(contract, 0, down=0) == -fine * contract


def test_contract_6_taking_4_scores_minus_30_whist_online():
    assert WO.deal_score(6, 4, down=0) == -30


@pytest.mark.parametrize("down", [1, 2, 5])
def test_zero_made_in_under_game_scores_50_he_and_en_wikipedia(down):
    assert HE.deal_score(0, 0, down) == 50
    assert EN.deal_score(0, 0, down) == 50


@pytest.mark.parametrize(("down", "score"), [(1, 30), (2, 40), (3, 50), (7, 90)])
def test_zero_made_in_under_game_scores_20_plus_10_per_down_whist_online(down, score):
    assert WO.deal_score(0, 0, down) == score


def test_zero_made_in_down_2_scores_40_whist_online():
    assert WO.deal_score(0, 0, down=2) == 40


def test_zero_made_in_over_game_scores_10_he_wikipedia():
    assert HE.deal_score(0, 0, down=0) == 10


def test_zero_made_in_over_game_scores_25_en_wikipedia():
    assert EN.deal_score(0, 0, down=0) == 25


def test_zero_made_in_over_game_scores_5_whist_online():
    assert WO.deal_score(0, 0, down=0) == 5


@pytest.mark.parametrize("down", [0, 1, 4])
def test_zero_failed_scores_minus_50_then_plus_5_per_further_trick_he_wikipedia(down):
    assert HE.deal_score(0, 1, down) == -50
    assert HE.deal_score(0, 3, down) == -40


def test_zero_taking_3_scores_minus_40_he_wikipedia():
    assert HE.deal_score(0, 3, down=0) == -40


@pytest.mark.parametrize("down", [0, 1, 4])
def test_zero_failed_scores_minus_50_then_plus_10_per_further_trick_en_wikipedia(down):
    assert EN.deal_score(0, 1, down) == -50
    assert EN.deal_score(0, 4, down) == -20


@pytest.mark.parametrize(("down", "first"), [(1, -30), (2, -40), (4, -60)])
def test_zero_failed_in_under_game_scores_minus_20_plus_10k_then_plus_10_whist_online(down, first):
    assert WO.deal_score(0, 1, down) == first
    assert WO.deal_score(0, 3, down) == first + 20


def test_zero_in_down_1_taking_2_scores_minus_20_whist_online():
    assert WO.deal_score(0, 2, down=1) == -20


def test_zero_failed_in_over_game_scores_minus_5_then_plus_5_whist_online():
    assert WO.deal_score(0, 1, down=0) == -5
    assert WO.deal_score(0, 2, down=0) == 0
    assert WO.deal_score(0, 4, down=0) == 10


def test_further_trick_adjustment_has_no_cap():
    assert HE.deal_score(0, 13, down=0) == -50 + 5 * 12
    assert WO.deal_score(0, 13, down=1) == -30 + 10 * 12


def test_revoke_penalty_is_minus_100_only_in_en_wikipedia():
    assert EN.options.revoke_penalty == -100
    assert HE.options.revoke_penalty is None
    assert WO.options.revoke_penalty is None


def test_frisch_only_in_en_wikipedia_with_at_most_3_rounds():
    assert EN.options.frisch_rounds == 3
    assert HE.options.frisch_rounds == 0
    assert WO.options.frisch_rounds == 0


def test_minimum_bid_is_5_raised_by_1_per_frisch_round():
    assert [EN.options.minimum_bid_after(r) for r in range(4)] == [5, 6, 7, 8]
    assert HE.options.minimum_bid == WO.options.minimum_bid == 5


def test_frisch_without_raising_the_minimum_is_a_rule_option():
    flat = EN.with_options(frisch_raises_minimum=False)
    assert flat.options.minimum_bid_after(2) == 5
    assert EN.options.minimum_bid_after(2) == 7


def test_with_options_changes_only_the_option_asked():
    six = WO.with_options(minimum_bid=6)
    assert six.options.minimum_bid == 6
    assert six.name == WO.name and six.deal_score(6, 4, 0) == -30


def test_rule_options_reject_impossible_values():
    with pytest.raises(ValueError):
        RuleOptions(minimum_bid=14)
    with pytest.raises(ValueError):
        RuleOptions(frisch_directions=(4,))


def test_unknown_preset_name_raises_unknown_preset_error():
    with pytest.raises(UnknownPresetError, match="choose one of"):
        get_preset("no-such-preset")


def test_club_can_register_its_own_preset_without_touching_the_validator():
    club = Preset(
        name="club-test-preset",
        scoring=ScoringTable(
            fine_per_trick=(0,) + (1,) * 13,
            zero_made_over=100,
            zero_made_under_base=100,
            zero_made_under_per_down=0,
            zero_failed_over_first=-1,
            zero_failed_under_first_base=-1,
            zero_failed_under_first_per_down=0,
            zero_further_trick_over=0,
            zero_further_trick_under=0,
        ),
    )
    register_preset(club)
    try:
        assert "club-test-preset" in registered_presets()
        result = validate_deal(summary_deal([5, 0, 3, 3], [5, 0, 4, 4]), get_preset(club.name))
        assert result.scores == (35, 100, -1, -1)
    finally:
        del _REGISTRY[club.name]


def test_builtin_preset_cannot_be_replaced():
    with pytest.raises(ValueError, match="already registered"):
        register_preset(Preset(name="whist-online", scoring=HE.scoring))


class _FlatScoring:
    """A strategy object that is not a ScoringTable: every deal scores the tricks taken."""

    def deal_score(self, contract: int, taken: int, down: int) -> int:
        return taken


def test_preset_accepts_any_scoring_strategy_object():
    preset = Preset(name="tricks-only", scoring=_FlatScoring())
    result = validate_deal(summary_deal([5, 0, 3, 3], [5, 0, 4, 4]), preset)
    assert result.scores == (5, 0, 4, 4)
