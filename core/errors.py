"""The one exception league and games actions raise: a stable code and a user sentence."""

from __future__ import annotations

from enum import StrEnum

from scoring.problems import ProblemError


class ActionCode(StrEnum):
    """Stable codes for refused actions (callers branch on these, users read the message)."""

    UNKNOWN = "unknown"
    INVALID = "invalid"
    FORBIDDEN = "forbidden"
    ROUND_CLOSED = "round_closed"
    ROUND_DRAWN = "round_drawn"
    DEADLINE_PASSED = "deadline_passed"
    NOT_REGISTERED = "not_registered"
    ALREADY_REGISTERED = "already_registered"
    NOT_DRAWN = "not_drawn"
    DRAW_NOT_PUBLISHED = "draw_not_published"
    HAS_RESULTS = "has_results"
    STALE = "stale"
    CONFLICT = "conflict"


class ActionError(ProblemError[ActionCode]):
    """An action that was refused; nothing was written. `message` says what to do, `problem`
    is the refusal as a `Problem` (its path is empty unless the action names a field)."""

    def __init__(self, code: ActionCode, message: str, path: str = "") -> None:
        super().__init__(code, path, message)
