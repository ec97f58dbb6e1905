"""Every rule of a season as a labelled form field with its allowed values, prefilled from a
preset and validated by the rules' own reading (one message per field).

The fields are the table's rules that have a label (`fields.FIELDS`); each rule's type makes
its field and turns text into a value of the right shape (numbers, lists, times): the bounds
and the rules between values are the reading's own checks, run once per field (that field
changed from the preset, so each bad value gets its own message) and once for all of them.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.formats import time_format
from django.utils.translation import gettext

from league.rules.errors import RulesError
from league.rules.fields import FIELDS, RuleField
from league.rules.league_rules import LeagueRules
from league.rules.presets import preset_dict
from league.rules.value_types import WEEKDAY_CHOICES

__all__ = ["RULE_FIELDS", "WEEKDAY_CHOICES", "RulesForm", "field_name", "translated"]

# The form's layout: the rules the calendar below the form is made from come first, the
# times of a round day last, the other rules in the table's order between them.
_FIRST = ("schedule.weekdays", "rounds_in_season")
_LAST = (
    "schedule.registration_deadline",
    "schedule.draw_publish",
    "schedule.play_start",
    "schedule.results_publish",
)


def _form_order() -> tuple[RuleField, ...]:
    editable = {spec.path: spec for spec in FIELDS if spec.label is not None}
    middle = [path for path in editable if path not in _FIRST + _LAST]
    return tuple(editable[path] for path in (*_FIRST, *middle, *_LAST))


RULE_FIELDS = _form_order()
"""The rules the organizer edits, in the form's order (the others come with the preset)."""


def field_name(path: str) -> str:
    """The form field of a rule path ("drops.at" -> "drops__at")."""
    return path.replace(".", "__")


def _get(data: Mapping[str, Any], path: str) -> Any:
    value: Any = data
    for key in path.split("."):
        value = value[key]
    return value


def _nested(path: str, value: Any) -> dict[str, Any]:
    head, _dot, rest = path.partition(".")
    return {head: _nested(rest, value) if rest else value}


class RulesForm(forms.Form):
    """The rules of a new season: the preset's values, each editable, checked by the rules."""

    def __init__(self, preset: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preset = preset
        self.rules: LeagueRules | None = None
        defaults = preset_dict(preset)
        for spec in RULE_FIELDS:
            field = spec.type.form_field(label=spec.label, help_text=spec.help_text())
            field.initial = spec.type.shown(_get(defaults, spec.path))
            self.fields[field_name(spec.path)] = field

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        values: dict[str, Any] = {}
        for spec in RULE_FIELDS:
            name = field_name(spec.path)
            if name in cleaned:
                try:
                    values[spec.path] = spec.type.edited(cleaned[name])
                except ValueError as error:
                    self.add_error(name, str(error))
        for path, value in values.items():  # each value alone, for a message per field
            self._check({path: value})
        if not self.errors:
            self.rules = self._check(values)
        if self.rules is not None and not self._times_in_order(self.rules):
            self.rules = None
        return cleaned

    def _times_in_order(self, rules: LeagueRules) -> bool:
        """A round day's times come in order: registration closes by the draw's publication,
        which comes by the start of play; else the later one's field says so."""
        schedule = rules.schedule
        if schedule.registration_deadline > schedule.draw_publish:
            self.add_error(
                field_name("schedule.registration_deadline"),
                gettext("Registration must close by the time the draw is published (%(time)s).")
                % {"time": time_format(schedule.draw_publish)},
            )
            return False
        if schedule.draw_publish > schedule.play_start:
            self.add_error(
                field_name("schedule.draw_publish"),
                gettext("The draw must be published by the time play starts (%(time)s).")
                % {"time": time_format(schedule.play_start)},
            )
            return False
        return True

    def overrides(self) -> dict[str, Any]:
        """The checked rules as the stored dict (call after is_valid)."""
        assert self.rules is not None
        return self.rules.to_dict()

    def _check(self, values: Mapping[str, Any]) -> LeagueRules | None:
        merged = preset_dict(self.preset)
        overrides: dict[str, Any] = {}
        for path, value in values.items():
            _deep_update(overrides, _nested(path, value))
        _deep_update(merged, overrides)
        try:
            return LeagueRules.from_dict(merged)
        except RulesError as error:
            name = field_name(_spec_for(error.field).path)
            if name not in self.errors:
                self.add_error(name, translated(error))
            return None


def translated(error: RulesError) -> str:
    """A rules error's message in the active language."""
    return error.worded(gettext(error.template))


def _deep_update(target: dict[str, Any], update: Mapping[str, Any]) -> None:
    for key, value in update.items():
        whole = key in _WHOLE  # set or cleared as one value
        if isinstance(value, dict) and isinstance(target.get(key), dict) and not whole:
            _deep_update(target[key], value)
        else:
            target[key] = copy.deepcopy(value)


# The rules whose value is one object edited as one field (set or cleared as a whole).
_WHOLE = frozenset(
    spec.path for spec in RULE_FIELDS if spec.path in spec.type.object_keys(spec.path)
)


def _spec_for(error_field: str) -> RuleField:
    """The form field a rules error belongs to (the longest rule path it starts with)."""
    bare = re.sub(r"\[\d+\]", "", error_field)
    matches = [s for s in RULE_FIELDS if bare == s.path or bare.startswith(s.path + ".")]
    if not matches:  # e.g. "rules" itself: show it on the first field
        return RULE_FIELDS[0]
    return max(matches, key=lambda s: len(s.path))
