"""One path to check a game under the league's rules: `league.game_check.check_game`, shared
by the sheet, the API and the season import."""

from __future__ import annotations

import api.submissions
import games.sheets
import league.season_file
from league.game_check import GameCode, PlainRules, check_game

RULES = PlainRules("whist-online", 1)
GOOD = {"trump": "H", "declarer": 0, "winning_bid": 5, "contracts": [5, 3, 0, 4],
        "tricks": [5, 4, 0, 4]}  # fmt: skip
BAD = {**GOOD, "contracts": [5, 3, 0, 5]}  # contracts total 13


def test_a_valid_record_answers_its_totals_and_deals():
    check = check_game(RULES, record={"deals": [GOOD]})
    assert check.valid and check.totals is not None and len(check.totals) == 4
    assert check.deals == [GOOD] and check.record is not None


def test_a_record_in_another_preset_and_of_the_wrong_length_names_both():
    check = check_game(RULES, record={"preset": "he-wikipedia", "deals": [GOOD, GOOD]})
    assert [(p.code, p.path) for p in check.problems][:2] == [
        (GameCode.PRESET_MISMATCH, "preset"),
        (GameCode.DEAL_COUNT, "deals"),
    ]
    assert check.totals is None


def test_a_deal_rule_violation_points_into_the_deal():
    check = check_game(RULES, deals=[BAD])
    assert [(p.code.value, p.path) for p in check.problems] == [
        ("contracts_total_13", "deals[0].contracts[3]")
    ]


def test_totals_outside_what_a_game_can_give_are_refused_by_seat():
    check = check_game(RULES, totals=[0, 0, 0, 99_999])
    assert [(p.code, p.path) for p in check.problems] == [
        (GameCode.SCORE_OUT_OF_RANGE, "scores[3]")
    ]
    assert check.bounds is not None


def test_totals_that_disagree_with_the_record_are_a_scores_mismatch():
    totals = check_game(RULES, record={"deals": [GOOD]}).totals
    assert totals is not None
    wrong = [t + 1 for t in totals]
    check = check_game(RULES, record={"deals": [GOOD]}, totals=wrong)
    assert [(p.code, p.path) for p in check.problems] == [(GameCode.SCORES_MISMATCH, "scores")]


def test_the_sheet_the_api_and_the_season_import_share_check_game():
    for module in (games.sheets, api.submissions, league.season_file):
        assert module.check_game is check_game
