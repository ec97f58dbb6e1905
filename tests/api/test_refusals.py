"""The API maps, the domain decides: the API's actions raise refusals with domain codes and no
HTTP error; the exception handler answers each with its code's status from the one table."""

from __future__ import annotations

import inspect
from enum import StrEnum
from types import ModuleType
from typing import Any

import pytest
from rest_framework import exceptions

import api.actions
import api.platform_players
import api.round_actions
import api.submissions
from api.errors import ACTION_STATUS, ApiErrorCode, ApiRefusal, Rejected, api_exception_handler
from core.errors import ActionCode, ActionError
from league.lookups import LookupCode, LookupRefused
from scoring.problems import Problem, ProblemError

ACTIONS = (api.actions, api.round_actions, api.platform_players, api.submissions)


def _refusal(code: StrEnum) -> ProblemError[Any]:
    if isinstance(code, ActionCode):
        return ActionError(code, "Refused.", path="here")
    if isinstance(code, LookupCode):
        return LookupRefused(code, "here", "Refused.")
    assert isinstance(code, ApiErrorCode)
    return ApiRefusal(code, "here", "Refused.")


@pytest.mark.parametrize("module", ACTIONS, ids=lambda m: m.__name__)
def test_the_apis_actions_raise_no_http_error(module: ModuleType) -> None:
    http = [
        name
        for name, value in vars(module).items()
        if inspect.isclass(value) and issubclass(value, exceptions.APIException)
    ]
    assert http == [], f"{module.__name__} holds HTTP exceptions {http}"
    assert "rest_framework.exceptions" not in inspect.getsource(module)


@pytest.mark.parametrize("code", list(ACTION_STATUS), ids=str)
def test_every_refusal_is_answered_with_its_codes_status(code: StrEnum) -> None:
    response = api_exception_handler(_refusal(code), {})
    assert response is not None
    assert response.status_code == ACTION_STATUS[code]
    if response.status_code == 404:
        expected = {"code": "not_found", "path": "", "message": "Refused."}
    elif response.status_code == 403:
        expected = {"code": "permission_denied", "path": "", "message": "Refused."}
    else:
        expected = {"code": str(code), "path": "here", "message": "Refused."}
    assert response.data == {"errors": [expected]}


def test_a_rejected_request_is_answered_400_with_every_problem() -> None:
    problems = [
        Problem(ApiErrorCode.UNKNOWN_PLAYER, "players[0].id", "New id."),
        Problem(ApiErrorCode.PLAYER_NAME_MISMATCH, "players[1].name", "Another name."),
    ]
    response = api_exception_handler(Rejected(problems), {})
    assert response is not None
    assert response.status_code == 400
    assert response.data == {"errors": [p.to_json() for p in problems]}
