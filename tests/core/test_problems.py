"""One problem type: every layer's errors are `Problem(code, path, message)` with one `to_json`."""

from __future__ import annotations

import pytest

from core.errors import ActionCode, ActionError
from games.sheets import check_scores, check_sheet
from league.draw import DrawCode, DrawError
from league.game_check import GameCode
from league.rules import LeagueRules, RulesError
from league.rules.errors import RulesCode
from league.season_file import SeasonFileCode, SeasonFileError
from scoring import ErrorCode, Problem, parse_game_record
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict


def test_problem_to_json_is_the_formats_3_error_object():
    problem = Problem(ErrorCode.REVOKE, "play[4][2]", "A revoke.")
    assert problem.to_json() == {"code": "revoke", "path": "play[4][2]", "message": "A revoke."}
    assert not hasattr(problem, "as_json")


def test_engine_errors_are_problems():
    _, errors = parse_game_record([])
    assert errors and all(isinstance(e, Problem) for e in errors)
    assert errors[0].code == ErrorCode.MALFORMED


def test_sheet_errors_are_problems_with_the_engine_and_entry_codes():
    checked = check_sheet([{}], "whist-online", 2)
    assert all(isinstance(e, Problem) for e in checked.errors)
    assert checked.errors[0].code == GameCode.DEAL_COUNT
    assert check_scores(["x"], 1, "whist-online", 1).errors[0].to_json()["code"] == "malformed"


def test_action_error_carries_its_problem():
    refused = ActionError(ActionCode.ROUND_CLOSED, "The round is closed.")
    assert refused.problem == Problem(ActionCode.ROUND_CLOSED, "", "The round is closed.")
    assert str(refused) == "The round is closed."


def test_strict_json_error_carries_its_problem():
    with pytest.raises(StrictJsonError) as refused:
        loads_strict('{"a": 1, "a": 2}')
    assert refused.value.problem.code == StrictJsonCode.DUPLICATE_KEY
    assert refused.value.problem.to_json()["code"] == "duplicate_key"


def test_rules_error_carries_its_problem_with_the_field_as_path():
    with pytest.raises(RulesError) as refused:
        LeagueRules.from_preset("no-such-league")
    assert refused.value.problem.code == RulesCode.INVALID
    assert refused.value.problem.path == refused.value.field == "preset"
    assert str(refused.value).startswith("rules.preset: ")


def test_season_file_and_draw_errors_carry_their_problem():
    refused = SeasonFileError("round 1, game 2: a player is listed twice")
    assert refused.problem.code == SeasonFileCode.INVALID
    assert str(refused) == "round 1, game 2: a player is listed twice"
    assert DrawError("unknown draw method 'x'").problem.code == DrawCode.INVALID
