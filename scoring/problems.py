"""The one problem type: a stable code, where the problem is (a path) and a sentence.

Every layer's errors are problems: the engine's rule violations (`scoring.errors.ErrorCode`),
refused JSON (`scoring.jsonio.StrictJsonCode`), refused actions (`core.errors.ActionCode`),
entered results (`games.messages.EntryCode`), rules values (`league.rules.RulesCode`) and the
API's request errors (`api.errors.ApiErrorCode`). Each domain owns its code enum; the API and
the pages only map codes to HTTP statuses and translated words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: a stable `code`, where it is (`path`, e.g. "play[4][2]") and a sentence.

    >>> from scoring.errors import ErrorCode
    >>> Problem(ErrorCode.REVOKE, "play[4][2]", "A revoke.").to_json()
    {'code': 'revoke', 'path': 'play[4][2]', 'message': 'A revoke.'}
    """

    code: StrEnum
    path: str
    message: str

    def to_json(self) -> dict[str, str]:
        """The FORMATS.md 3 error object."""
        return {"code": self.code.value, "path": self.path, "message": self.message}


C = TypeVar("C", bound=StrEnum)


class ProblemError(Exception, Generic[C]):
    """An exception that carries one problem: its `code` (the domain's enum), `path` and
    `message`; `problem` is the `Problem` to answer, `str()` the sentence."""

    def __init__(self, code: C, path: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.path = path
        self.message = message

    @property
    def problem(self) -> Problem:
        """The problem this exception carries."""
        return Problem(self.code, self.path, str(self.message))

    def __str__(self) -> str:
        return str(self.message)
