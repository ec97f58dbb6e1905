"""Reading a stored rules dict: its shape checked against the schema, every rule of the table
read by its type (`fields.py`), then the rules that bind several values together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_noop

from league.rules.errors import ONLY_IN, REQUIRED_IN, RulesError
from league.rules.fields import (
    FIELDS,
    GROUPS,
    RULES_FIELDS,
    RULES_OBJECT_FIELDS,
    VERSION,
    RuleField,
)
from league.rules.value_types import read_object
from league.rules.versions import upgrade_rules


def read_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """The values of `LeagueRules` (by its fields' names) read from rules `data` of any
    version; RulesError naming the first bad value."""
    stored = read_object(upgrade_rules(data), "", RULES_FIELDS)
    for group in GROUPS:
        read_object(stored[group], f"{group}.", RULES_OBJECT_FIELDS[group])
    values: dict[str, Any] = {}
    for spec in FIELDS:
        if spec.path != VERSION:
            values[spec.path] = _read(spec, _at(stored, spec.path), values.get("kind"))
    _check_together(values)
    return _assembled(values)


def _at(stored: Mapping[str, Any], path: str) -> Any:
    value: Any = stored
    for key in path.split("."):
        value = value[key]
    return value


def _read(spec: RuleField, value: Any, kind: str | None) -> Any:
    if spec.only_in is not None and kind != spec.only_in:
        if value is not None:
            raise RulesError(spec.path, ONLY_IN[spec.only_in])
        return None
    read = spec.type.read(value, spec.path)
    if read is None and spec.required_in is not None and kind == spec.required_in:
        raise RulesError(spec.path, REQUIRED_IN[spec.required_in])
    return read


def _check_together(values: dict[str, Any]) -> None:
    """The rules between values: drops, a tournament's rounds, the podium's windows."""
    if values["drops.then_every"] is not None and not values["drops.at"]:
        raise RulesError("drops.then_every", gettext_noop("needs at least one count in drops.at"))
    _tournament_rounds(values)
    rounds = values["rounds_in_season"]
    if values["podium_windows"] and rounds is None:
        raise RulesError(
            "podium_windows", gettext_noop("need rounds_in_season to know the last rounds")
        )
    for i, window in enumerate(values["podium_windows"]):
        if rounds is not None and window.last_rounds > rounds:
            raise RulesError(
                f"podium_windows[{i}].last_rounds",
                gettext_noop("is more than the rounds in the season"),
            )


def _tournament_rounds(values: dict[str, Any]) -> None:
    """A tournament's rounds are its stages and its final table: `rounds_in_season` left
    empty is derived so, and given it must agree."""
    stages = values["stages"]
    if stages is None:
        return
    final_table = values["final_table"] is not None
    rounds = stages + (1 if final_table else 0)
    if values["rounds_in_season"] is None:
        values["rounds_in_season"] = rounds
    elif values["rounds_in_season"] != rounds:
        raise RulesError(
            "rounds_in_season",
            gettext_noop(
                "must be %(rounds)s in a tournament of %(stages)s stages and a final "
                "table, not %(value)s (or leave it empty)"
            )
            if final_table
            else gettext_noop(
                "must be %(rounds)s in a tournament of %(stages)s stages, not %(value)s "
                "(or leave it empty)"
            ),
            rounds=rounds,
            stages=stages,
            value=values["rounds_in_season"],
        )


def _assembled(values: Mapping[str, Any]) -> dict[str, Any]:
    """The values by `LeagueRules` field, the dotted paths made into their objects."""
    top: dict[str, Any] = {}
    groups: dict[str, dict[str, Any]] = {name: {} for name in GROUPS}
    for path, value in values.items():
        head, _dot, key = path.partition(".")
        if key:
            groups[head][key] = value
        else:
            top[head] = value
    return {**top, **{name: make(**groups[name]) for name, make in GROUPS.items()}}
