"""Writing rules back: the stored dict (FORMATS.md), every rule of the table in its order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league.rules.fields import FIELDS, VERSION
from league.rules.versions import RULES_VERSION

if TYPE_CHECKING:
    from league.rules.league_rules import LeagueRules


def rules_dict(rules: LeagueRules) -> dict[str, Any]:
    """The JSON-ready dictionary of `rules` in the current version's shape."""
    stored: dict[str, Any] = {}
    for spec in FIELDS:
        head, _dot, key = spec.path.partition(".")
        if spec.path == VERSION:
            stored[head] = RULES_VERSION
        elif key:
            value = getattr(getattr(rules, head), key)
            stored.setdefault(head, {})[key] = spec.type.stored(value)
        else:
            stored[head] = spec.type.stored(getattr(rules, head))
    return stored
