"""The stored rules' versions, derived from the table's `since` (`fields.py`).

A season stores its rules as a dict carrying the shape's `version`. Every read goes through
`upgrade_rules`, which brings a dict of any older version (no `version` key: version 1, the
shape before versions) to `RULES_VERSION` one step at a time, so adding a rule never makes a
stored season unreadable. The step from version n adds the rules whose `since` is n + 1 with
their `before` value, to a dict that names its `kind`: a whole stored season, or an override
switching the kind (version 3 added tournaments: before it every season was a league, with
no stages and no final table; version 4 added the three-player deck, `no-low-cards` before
it); a partial override without `kind` is left as it is, so the
preset's value stands. A version that changes more than adding rules (a rename, a new
meaning) adds its own step to `CHANGES`.

Decision: no data migration rewrites stored seasons. Reading upgrades them in memory, and
saving a season (the admin, an import) writes the current version, so old dicts stay readable
for as long as their upgrade steps exist. An upgrade step changes only the keys present, so
the same steps upgrade partial overrides (a season file's `rules`, an organizer's edits).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext_noop

from league.rules.errors import MUST_BE_AN_OBJECT, RulesError
from league.rules.fields import FIELDS, VERSION

RULES_VERSION = max(spec.since for spec in FIELDS)
"""The version of the stored rules' shape that `to_dict` writes and `from_dict` reads."""

Step = Callable[[dict[str, Any]], dict[str, Any]]

# CHANGES[n]: what turns a dict of version n into one of version n + 1 besides the rules
# added (none so far).
CHANGES: dict[int, Step] = {}


def _add_rules(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The rules added by version `version`, at their `before` value, if `data` is whole."""
    if "kind" not in data:
        return data
    for spec in FIELDS:
        if spec.since != version or spec.path == VERSION:
            continue
        head, _dot, key = spec.path.partition(".")
        if not key:
            data.setdefault(head, copy.deepcopy(spec.before))
        elif isinstance(data.get(head), dict):
            data[head].setdefault(key, copy.deepcopy(spec.before))
    return data


def upgrade_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the stored rules (or overrides) `data` in the current version's shape.

    A dict without `version` is version 1; one of a newer version than this app knows is
    refused, naming the versions, rather than read wrongly.

    >>> upgrade_rules({"min_games": 12})
    {'min_games': 12, 'version': 4}
    """
    if not isinstance(data, Mapping):
        raise RulesError("rules", MUST_BE_AN_OBJECT)
    upgraded = copy.deepcopy(dict(data))
    version = upgraded.get(VERSION, 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError(
            VERSION,
            gettext_noop("must be a whole number from 1, not %(value)s"),
            value=repr(version),
        )
    if version > RULES_VERSION:
        raise RulesError(
            VERSION,
            gettext_noop("is %(version)s, newer than the rules version %(known)s this app reads"),
            version=version,
            known=RULES_VERSION,
        )
    while version < RULES_VERSION:
        upgraded = CHANGES.get(version, _no_change)(upgraded)
        version += 1
        upgraded = _add_rules(upgraded, version)
    upgraded[VERSION] = RULES_VERSION
    return upgraded


def _no_change(data: dict[str, Any]) -> dict[str, Any]:
    return data
