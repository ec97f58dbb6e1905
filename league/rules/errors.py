"""Why a rules dictionary was refused: the code, the error, and the sentences every kind of
value says (a rule's own sentences sit beside it in `fields.py`).

Every sentence is an English template marked with Django's own `gettext_noop`, so
`makemessages` puts it in the catalogue, while the error's message stays English (files,
commands and the API speak it); a form translates the template first (league.rules.form).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from django.utils.translation import gettext_noop

from scoring.problems import ProblemError


class RulesCode(StrEnum):
    """Why a rules dictionary was refused (the field is the problem's path)."""

    INVALID = "invalid_rules"


class RulesError(ProblemError[RulesCode], ValueError):
    """A rules dictionary that does not describe a valid league; `field` names the bad value.

    The message is `template % params` in English (files, commands and the API speak it);
    a form translates `template` into the visitor's language first (league.rules.form), so
    each template is marked for the translation catalog (`gettext_noop`).
    """

    def __init__(self, field: str, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(RulesCode.INVALID, field, self.worded(template))

    def worded(self, template: str) -> str:
        """`template` (this error's, or its translation) with the error's parameters."""
        return template % self.params if self.params else template

    @property
    def field(self) -> str:
        """The bad value's name inside the rules (the problem's path)."""
        return self.path

    def __str__(self) -> str:
        return f"rules.{self.field}: {self.message}"


MUST_BE_AN_OBJECT = gettext_noop("must be an object")
IS_MISSING = gettext_noop("is missing")
NOT_A_RULE = gettext_noop("is not a rule of this league (the rules here: %(known)s)")
MUST_BE_WHOLE = gettext_noop("must be a whole number, not %(value)s")
AT_LEAST = gettext_noop("must be at least %(least)s, not %(value)s")
AT_MOST = gettext_noop("must be at most %(most)s, not %(value)s")
MUST_BE_A_LIST = gettext_noop("must be a list")
ONE_OF = gettext_noop("must be one of %(choices)s, not %(value)s")
WEEKDAY_TWICE = gettext_noop("lists a weekday twice")
MUST_BE_A_TIME = gettext_noop("must be a time like '20:30', not %(value)s")

# A rule of one kind of league only (`RuleField.only_in`), and one a kind requires
# (`RuleField.required_in`), by that kind.
ONLY_IN = {"tournament": gettext_noop("is a tournament's rule: leave it empty in a league")}
REQUIRED_IN = {
    "rounds": gettext_noop("is required for a scheduled-rounds league"),
    "tournament": gettext_noop("is required for a tournament"),
}


def not_a_rule(field: str, known: Iterable[str]) -> RulesError:
    """The error for an unknown rule name, listing the names allowed in its place."""
    return RulesError(field, NOT_A_RULE, known=", ".join(known))
