"""Every rule of a season as a labelled form field with its allowed values, prefilled from a
preset and validated by league.rules (one message per field).

The fields follow the rules schema (`RULES_FIELDS`, `RULES_OBJECT_FIELDS`); this module
only turns text into values of the right shape (numbers, lists, times): the bounds and the
rules between values are league.rules' own checks, run once per field (that field changed
from the preset, so each bad value gets its own message) and once for all of them.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.dates import WEEKDAYS as WEEKDAY_NAMES
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.preset_names import scoring_preset_choices
from league.rules import (
    MAX_DEALS_PER_GAME,
    MAX_FINAL_MONTHS,
    MAX_GAMES,
    MAX_PLACEMENT_POINTS,
    MAX_RATING,
    MAX_ROUNDS,
    MAX_STAGES,
    REMAINDER_POLICIES,
    RULES_FIELDS,
    RULES_OBJECT_FIELDS,
    WEEKDAYS,
    LeagueRules,
    RulesError,
    preset_dict,
)

# Fields of the schema the organizer does not edit: the shape's version and the league's
# kind (scheduled rounds or rated open play) come with the preset.
FIXED = ("version", "kind")

# The club's week starts on Sunday (and the presets list their days in that order).
CLUB_WEEK = (WEEKDAYS[-1], *WEEKDAYS[:-1])
WEEKDAY_CHOICES = [(day, WEEKDAY_NAMES[WEEKDAYS.index(day)]) for day in CLUB_WEEK]
REMAINDER_LABELS = {
    "reserve": _("reserves (wait for a free seat)"),
    "three-player": _("a table of three"),
}


@dataclass(frozen=True)
class RuleField:
    """How one rule is shown and read: its path in the rules, kind of input, label, help."""

    path: str
    kind: str  # int, optional_int, int_list, windows, period, final_table, choice, weekdays, time
    label: Promise
    allowed: Promise | str = ""
    values: tuple[tuple[str, object], ...] = ()  # the %(name)s of `allowed`

    def help_text(self) -> str:
        """The allowed values in the active language."""
        text = str(self.allowed)
        return text % dict(self.values) if self.values else text


def _range(low: int, high: int) -> str:
    return f"{low}-{high}"


RULE_FIELDS: tuple[RuleField, ...] = (
    RuleField("schedule.weekdays", "weekdays", _("Rounds are played on")),
    RuleField("rounds_in_season", "optional_int", _("Rounds in the season"), _range(1, MAX_ROUNDS)),
    RuleField(
        "placement_points",
        "int_list",
        _("Placement points, 1st to 4th"),
        _("four numbers from 0 to %(max)s, not increasing, e.g. 6, 3, 1, 0"),
        (("max", MAX_PLACEMENT_POINTS),),
    ),
    RuleField(
        "drops.at",
        "int_list",
        _("Drop the worst game after (games)"),
        _("increasing game counts, e.g. 10, 20, 25, 30; empty for no drops"),
    ),
    RuleField(
        "drops.then_every",
        "optional_int",
        _("Then drop one more every (games)"),
        _("%(range)s, empty for none"),
        (("range", _range(1, MAX_GAMES)),),
    ),
    RuleField(
        "drops.max",
        "optional_int",
        _("Most games dropped"),
        _("%(range)s, empty for no limit"),
        (("range", _range(0, MAX_GAMES)),),
    ),
    RuleField("min_games", "int", _("Minimum games"), _range(0, MAX_GAMES)),
    RuleField(
        "podium_windows",
        "windows",
        _("Places 1-3 need"),
        _(
            "'rounds:games' pairs: at least that many games in the season's last rounds, "
            "e.g. 8:4, 2:1; empty for none"
        ),
    ),
    RuleField(
        "final_period",
        "period",
        _("Final period"),
        _(
            "'months:games': that many games in the season's last months (1-%(max)s), "
            "e.g. 1:5; empty for none"
        ),
        (("max", MAX_FINAL_MONTHS),),
    ),
    RuleField("deals_per_game", "int", _("Deals per game"), _range(1, MAX_DEALS_PER_GAME)),
    RuleField("scoring_preset", "choice", _("Scoring")),
    RuleField(
        "draw.random_weekdays",
        "weekdays",
        _("Random draw on"),
        _("the other round days draw by the ranking"),
    ),
    RuleField(
        "draw.ranking_from_round",
        "optional_int",
        _("Draw by the ranking from round"),
        _("%(range)s, empty for never"),
        (("range", _range(1, MAX_ROUNDS)),),
    ),
    RuleField("remainder", "choice", _("Players left over after the last full table")),
    RuleField(
        "rating_threshold",
        "optional_int",
        _("Rating threshold"),
        _("%(range)s, empty for none"),
        (("range", _range(0, MAX_RATING)),),
    ),
    RuleField(
        "stages",
        "optional_int",
        _("Stages of the tournament"),
        _("%(range)s; empty in a league"),
        (("range", _range(1, MAX_STAGES)),),
    ),
    RuleField(
        "final_table",
        "final_table",
        _("Final table points, 1st to 4th"),
        _("four numbers, e.g. 6, 3, 1, 0: the top 4 play a final table; empty for none"),
    ),
    RuleField("schedule.registration_deadline", "time", _("Registration closes at")),
    RuleField("schedule.draw_publish", "time", _("The draw is published at")),
    RuleField("schedule.play_start", "time", _("Play starts at")),
    RuleField("schedule.results_publish", "time", _("The results are published at")),
)


def schema_paths() -> set[str]:
    """Every editable rule path of the schema (a nested object's keys as "object.key")."""
    paths = set()
    for name in RULES_FIELDS:
        if name in FIXED:
            continue
        inner = RULES_OBJECT_FIELDS.get(name)
        if inner is None or name in ("final_period", "final_table"):
            paths.add(name)
        else:
            paths.update(f"{name}.{key}" for key in inner)
    return paths


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
    """The rules of a new season: the preset's values, each editable, checked by league.rules."""

    def __init__(self, preset: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preset = preset
        self.rules: LeagueRules | None = None
        defaults = preset_dict(preset)
        for spec in RULE_FIELDS:
            field = _form_field(spec)
            field.initial = _display(spec, _get(defaults, spec.path))
            self.fields[field_name(spec.path)] = field

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        values: dict[str, Any] = {}
        for spec in RULE_FIELDS:
            name = field_name(spec.path)
            if name in cleaned:
                try:
                    values[spec.path] = _value(spec, cleaned[name])
                except ValueError as error:
                    self.add_error(name, str(error))
        for path, value in values.items():  # each value alone, for a message per field
            self._check({path: value})
        if not self.errors:
            self.rules = self._check(values)
        return cleaned

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
        whole = key in ("final_period", "final_table")  # set or cleared as one value
        if isinstance(value, dict) and isinstance(target.get(key), dict) and not whole:
            _deep_update(target[key], value)
        else:
            target[key] = copy.deepcopy(value)


def _spec_for(error_field: str) -> RuleField:
    """The form field a rules error belongs to (the longest rule path it starts with)."""
    bare = re.sub(r"\[\d+\]", "", error_field)
    matches = [s for s in RULE_FIELDS if bare == s.path or bare.startswith(s.path + ".")]
    if not matches:  # e.g. "rules" itself: show it on the first field
        return RULE_FIELDS[0]
    return max(matches, key=lambda s: len(s.path))


def _form_field(spec: RuleField) -> forms.Field:
    common: dict[str, Any] = {"label": spec.label, "help_text": spec.help_text()}
    if spec.kind == "int":
        return forms.IntegerField(**common)
    if spec.kind == "optional_int":
        return forms.IntegerField(required=False, **common)
    if spec.kind == "time":
        return forms.TimeField(
            input_formats=["%H:%M"],
            widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
            **common,
        )
    if spec.kind == "weekdays":
        return forms.MultipleChoiceField(
            choices=WEEKDAY_CHOICES, required=False, widget=forms.CheckboxSelectMultiple, **common
        )
    if spec.kind == "choice":
        options = (
            [(name, REMAINDER_LABELS[name]) for name in REMAINDER_POLICIES]
            if spec.path == "remainder"
            else scoring_preset_choices()
        )
        return forms.ChoiceField(choices=options, **common)
    # Lists of numbers read left to right on a right-to-left page too.
    return forms.CharField(
        required=False, max_length=200, widget=forms.TextInput(attrs={"dir": "ltr"}), **common
    )


def _display(spec: RuleField, value: Any) -> Any:
    """The form's initial value for a rule value."""
    if spec.kind == "int_list":
        return ", ".join(str(v) for v in value)
    if spec.kind == "windows":
        return ", ".join(f"{w['last_rounds']}:{w['min_games']}" for w in value)
    if spec.kind == "period":
        return "" if value is None else f"{value['months']}:{value['min_games']}"
    if spec.kind == "final_table":
        return "" if value is None else ", ".join(str(v) for v in value["placement_points"])
    if spec.kind == "time":
        return dt.datetime.strptime(value, "%H:%M").time()
    return value


def _value(spec: RuleField, raw: Any) -> Any:
    """The rule value of a cleaned form value; ValueError with a sentence when malformed."""
    if spec.kind == "int_list":
        return [_whole(part) for part in _parts(raw)]
    if spec.kind == "windows":
        return [
            {"last_rounds": rounds, "min_games": games}
            for rounds, games in (_pair(part) for part in _parts(raw))
        ]
    if spec.kind == "period":
        parts = _parts(raw)
        if not parts:
            return None
        if len(parts) > 1:
            raise ValueError(_("Write one 'months:games' pair, e.g. 1:5."))
        months, games = _pair(parts[0])
        return {"months": months, "min_games": games}
    if spec.kind == "final_table":
        points = [_whole(part) for part in _parts(raw)]
        return {"placement_points": points} if points else None
    if spec.kind == "time":
        return raw.strftime("%H:%M")
    if spec.kind == "weekdays":
        return [day for day in CLUB_WEEK if day in raw]
    return raw


def _parts(raw: str) -> list[str]:
    return [part.strip() for part in (raw or "").split(",") if part.strip()]


def _whole(text: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,7}", text):
        raise ValueError(
            _("Write whole numbers separated by commas (not '%(text)s').") % {"text": text}
        )
    return int(text)


def _pair(text: str) -> tuple[int, int]:
    left, colon, right = text.partition(":")
    if not colon:
        raise ValueError(
            _("Write pairs like 8:4 separated by commas (not '%(text)s').") % {"text": text}
        )
    return _whole(left.strip()), _whole(right.strip())
