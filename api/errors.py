"""The API's error shape, `{"errors": [{"code", "path", "message"}]}`, and its stable codes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.views import exception_handler

from api.limits import max_body_bytes
from core.errors import ActionCode, ActionError
from league.lookups import LookupCode, LookupRefused
from scoring.problems import Problem, ProblemError


class ApiErrorCode(StrEnum):
    """Codes of errors that are about the request rather than the game's rules (FORMATS.md 3);
    where a game goes (its season, round and table) the league's lookups say, with
    `league.lookups.LookupCode`."""

    MALFORMED = "malformed"
    UNKNOWN_PLAYER = "unknown_player"
    DEAL_COUNT = "deal_count"
    PRESET_MISMATCH = "preset_mismatch"
    SCORES_MISMATCH = "scores_mismatch"
    NOT_AUTHENTICATED = "not_authenticated"
    PERMISSION_DENIED = "permission_denied"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    NOT_ACCEPTABLE = "not_acceptable"
    TABLE_HAS_GAME = "table_has_game"
    TOO_LARGE = "too_large"
    THROTTLED = "throttled"
    DUPLICATE_KEY = "duplicate_key"
    INVALID_TEXT = "invalid_text"
    PLAYER_NAME_MISMATCH = "player_name_mismatch"


class ApiError(exceptions.APIException):
    """An error answered with a list of error objects and the given HTTP status."""

    def __init__(self, status_code: int, problems: Iterable[Problem]) -> None:
        self.status_code = status_code
        self.problems = list(problems)
        super().__init__(detail="; ".join(p.message for p in self.problems))


class InvalidRequest(ApiError):
    """400: the body names a season, player or game the rules refuse; lists every reason."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        super().__init__(status.HTTP_400_BAD_REQUEST, problems)


class ApiRefusal(ProblemError[ApiErrorCode]):
    """A refusal of the API's own actions (what is stored refuses the game: the table has a
    result; the season's rules do not read), no HTTP in it: the exception handler answers it
    with its code's status (ACTION_STATUS), like a league action's refusal."""


class Rejected(Exception):
    """What a request names cannot be stored, for each of `problems` (a player's id and name,
    the game record under the league's rules), all found at once; nothing was written. The
    exception handler answers it 400 with every problem (InvalidRequest)."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class PayloadTooLarge(ApiError):
    """413: the body is larger than the API accepts."""

    def __init__(self, limit: int) -> None:
        message = f"The request body is larger than {limit} bytes; send one game per request."
        super().__init__(
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, [Problem(ApiErrorCode.TOO_LARGE, "", message)]
        )


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key == "non_field_errors" or key == "":
        return path
    return f"{path}.{key}" if path else key


def flatten_validation_errors(detail: Any, path: str = "") -> list[Problem]:
    """DRF's nested validation errors as a flat list of `malformed` errors with paths."""
    if isinstance(detail, Mapping):
        return [e for k, v in detail.items() for e in flatten_validation_errors(v, _join(path, k))]
    if isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            return [Problem(ApiErrorCode.MALFORMED, path, str(item)) for item in detail]
        return [
            e
            for i, v in enumerate(detail)
            if v
            for e in flatten_validation_errors(v, _join(path, i))
        ]
    return [Problem(ApiErrorCode.MALFORMED, path, str(detail))]


_STATUS_CODES: dict[type[exceptions.APIException], ApiErrorCode] = {
    exceptions.ParseError: ApiErrorCode.MALFORMED,
    exceptions.NotAuthenticated: ApiErrorCode.NOT_AUTHENTICATED,
    exceptions.AuthenticationFailed: ApiErrorCode.NOT_AUTHENTICATED,
    exceptions.PermissionDenied: ApiErrorCode.PERMISSION_DENIED,
    exceptions.NotFound: ApiErrorCode.NOT_FOUND,
    exceptions.MethodNotAllowed: ApiErrorCode.METHOD_NOT_ALLOWED,
    exceptions.UnsupportedMediaType: ApiErrorCode.UNSUPPORTED_MEDIA_TYPE,
    exceptions.NotAcceptable: ApiErrorCode.NOT_ACCEPTABLE,
    exceptions.Throttled: ApiErrorCode.THROTTLED,
}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler (status, headers) with every error body in the API's one shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound("Nothing is here; check the address and its slug or number.")
    if isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge(max_body_bytes())
    if isinstance(exc, (ActionError, LookupRefused, ApiRefusal)):
        exc = refused_by_action(exc)
    if isinstance(exc, Rejected):
        exc = InvalidRequest(exc.problems)
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ApiError):
        problems = exc.problems
    elif isinstance(exc, exceptions.ValidationError):
        problems = flatten_validation_errors(as_serializer_error(exc))
    else:
        code = next(
            (c for kind, c in _STATUS_CODES.items() if isinstance(exc, kind)),
            ApiErrorCode.MALFORMED,
        )
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        problems = [Problem(code, "", str(detail))]
    response.data = {"errors": [p.to_json() for p in problems]}
    return response


# The one table of a refusal's HTTP status, by its code (docs/api.md lists them): the league
# and games actions' (ActionCode), the league's lookups' (LookupCode) and the API's own
# (ApiRefusal). No two codes in it share a value.
ACTION_STATUS: Mapping[StrEnum, int] = {
    ActionCode.UNKNOWN: status.HTTP_404_NOT_FOUND,
    ActionCode.FORBIDDEN: status.HTTP_403_FORBIDDEN,
    **dict.fromkeys(
        (
            ActionCode.NAME_NOT_TEXT,
            ActionCode.NAME_EMPTY,
            ActionCode.NAME_TOO_LONG,
            ActionCode.NAME_INVISIBLE_CHARACTER,
            ActionCode.NAME_AMBIGUOUS,
            ActionCode.NAME_NEEDS_CHOICE,
            ActionCode.NAMES_MISSING,
            ActionCode.PLAYER_FILE_INVALID,
            ActionCode.EMAIL_INVALID,
            ActionCode.REASON_MISSING,
            ActionCode.REASON_TOO_LONG,
            ActionCode.SEED_INVALID,
            ActionCode.REPLACE_NOT_CONFIRMED,
            ActionCode.SWAP_PLAYERS_MISSING,
            ActionCode.SWAP_SAME_PLAYER,
            ActionCode.SWAP_SAME_TABLE,
            ActionCode.SWAP_TWO_RESERVES,
            ActionCode.ROUND_NUMBER_INVALID,
            ActionCode.DATE_OUTSIDE_SEASON,
            ActionCode.RESULT_INVALID,
            ActionCode.SHEET_NEEDS_FOUR_PLAYERS,
            ActionCode.SEASON_RULES_INVALID,
            ActionCode.NOT_LATECOMER_TIME,
            ActionCode.FINAL_TABLE_NO_REGISTRATION,
            ActionCode.NOBODY_REGISTERED,
            ActionCode.DRAW_IMPOSSIBLE,
            ActionCode.EARLIER_STAGE_UNFINISHED,
            ActionCode.OPEN_PLAY_HAS_NO_ROUNDS,
        ),
        status.HTTP_400_BAD_REQUEST,
    ),
    **dict.fromkeys(
        (
            ActionCode.ROUND_CLOSED,
            ActionCode.ROUND_DRAWN,
            ActionCode.DEADLINE_PASSED,
            ActionCode.NOT_REGISTERED,
            ActionCode.ALREADY_REGISTERED,
            ActionCode.NOT_DRAWN,
            ActionCode.DRAW_NOT_PUBLISHED,
            ActionCode.HAS_RESULTS,
            ActionCode.STALE,
            ActionCode.CONFLICT,
        ),
        status.HTTP_409_CONFLICT,
    ),
    **dict.fromkeys(LookupCode, status.HTTP_400_BAD_REQUEST),
    ApiErrorCode.MALFORMED: status.HTTP_400_BAD_REQUEST,
    ApiErrorCode.TABLE_HAS_GAME: status.HTTP_409_CONFLICT,
}


def refused_by_action(refused: ProblemError[Any]) -> exceptions.APIException:
    """A refusal (ActionError, LookupRefused, ApiRefusal) as an API error, with its code's
    status (ACTION_STATUS): the one place a refusal becomes HTTP."""
    code = ACTION_STATUS[refused.code]
    if code == status.HTTP_404_NOT_FOUND:
        return exceptions.NotFound(refused.message)
    if code == status.HTTP_403_FORBIDDEN:
        return exceptions.PermissionDenied(refused.message)
    return ApiError(code, [refused.problem])
