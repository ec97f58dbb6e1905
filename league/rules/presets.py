"""The shipped league presets (RULES.md 3.1, 3.2, 3.4) as stored rules dicts, and a preset
with single values overridden. A rule a preset leaves out has its value from before it
existed (`RuleField.before`), as a season stored before it has."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_noop

from league.rules.errors import RulesError, not_a_rule
from league.rules.fields import FIELDS
from league.rules.versions import RULES_VERSION, upgrade_rules

_SCHEDULE_2030 = {
    "weekdays": ["sun", "wed"],
    "registration_deadline": "20:00",
    "draw_publish": "20:15",
    "play_start": "20:30",
    "results_publish": "23:30",
}

_WRITTEN: dict[str, dict[str, Any]] = {
    # RULES.md 3.1: Whist Online's scheduled-rounds league.
    "whist-online-league": {
        "version": RULES_VERSION,
        "kind": "rounds",
        "placement_points": [6, 3, 1, 0],
        "drops": {"at": [10, 20, 25, 30], "then_every": None, "max": 4},
        "min_games": 17,
        "podium_windows": [
            {"last_rounds": 8, "min_games": 4},
            {"last_rounds": 2, "min_games": 1},
        ],
        "final_period": None,
        "rounds_in_season": 34,
        "deals_per_game": 28,
        "scoring_preset": "whist-online",
        "draw": {"random_weekdays": ["sun"], "ranking_from_round": 27},
        "remainder": "reserve",
        "rating_threshold": None,
        "schedule": _SCHEDULE_2030,
        "stages": None,
        "final_table": None,
    },
    # RULES.md 3.2: the rated open-play "1200+" league.
    "whist-online-1200": {
        "version": RULES_VERSION,
        "kind": "rated",
        "placement_points": [7, 3, 1, 0],
        "drops": {"at": [10, 20, 30], "then_every": 7, "max": None},
        "min_games": 30,
        "podium_windows": [],
        "final_period": {"months": 1, "min_games": 5},
        "rounds_in_season": None,
        "deals_per_game": 24,
        "scoring_preset": "whist-online",
        "draw": {"random_weekdays": [], "ranking_from_round": None},
        "remainder": "reserve",
        "rating_threshold": 1200,
        "schedule": _SCHEDULE_2030,
        "stages": None,
        "final_table": None,
    },
    # RULES.md 3.4: a tournament evening, 4 stages of 24 deals and a final table of 4.
    "evening-tournament": {
        "version": RULES_VERSION,
        "kind": "tournament",
        "placement_points": [6, 3, 1, 0],
        "drops": {"at": [], "then_every": None, "max": None},
        "min_games": 0,
        "podium_windows": [],
        "final_period": None,
        # the stages and the final table (None in a tournament's rules: derived so)
        "rounds_in_season": 5,
        "deals_per_game": 24,
        "scoring_preset": "whist-online",
        "draw": {"random_weekdays": [], "ranking_from_round": None},
        "remainder": "three-player",
        "rating_threshold": None,
        "schedule": {**_SCHEDULE_2030, "weekdays": ["thu"]},
        "stages": 4,
        "final_table": {"placement_points": [6, 3, 1, 0]},
    },
}


def _with_every_rule(preset: dict[str, Any]) -> dict[str, Any]:
    for spec in FIELDS:
        head, _dot, key = spec.path.partition(".")
        inside = preset.setdefault(head, {}) if key else preset
        inside.setdefault(key or head, copy.deepcopy(spec.before))
    return preset


PRESETS: dict[str, dict[str, Any]] = {
    name: _with_every_rule(preset) for name, preset in _WRITTEN.items()
}


def preset_dict(name: str, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The rules dictionary of preset `name` with `overrides` merged in (not yet validated)."""
    if name not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        raise RulesError(
            "preset",
            gettext_noop("unknown league preset %(name)s (known: %(known)s)"),
            name=repr(name),
            known=known,
        )
    merged = copy.deepcopy(PRESETS[name])
    if overrides is not None:
        if not isinstance(overrides, Mapping):
            raise RulesError("overrides", gettext_noop("must be an object of rule values"))
        _merge(merged, upgrade_rules(overrides), "")
    return merged


def _merge(target: dict[str, Any], overrides: Mapping[str, Any], prefix: str) -> None:
    for key, value in overrides.items():
        path = f"{prefix}{key}"
        if key not in target:
            raise not_a_rule(path, target)
        if isinstance(target[key], dict) and isinstance(value, Mapping):
            _merge(target[key], value, f"{path}.")
        else:
            target[key] = copy.deepcopy(value)
