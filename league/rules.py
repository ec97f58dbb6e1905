"""A league's rules as validated, immutable data, with the two seed presets (RULES.md 3, 4).

A season stores its rules as a dict (`Season.rules`, written by `LeagueRules.to_dict`) whose
shape is declared once below (`RULES_FIELDS`, `RULES_OBJECT_FIELDS`) and carries the shape's
`version`. Every read goes through `upgrade_rules`, which brings a dict of any older version
(no `version` key: version 1, the shape before versions) to `RULES_VERSION` one step at a
time, so renaming or adding a rule never makes a stored season unreadable: add the step to
`_UPGRADES`, bump `RULES_VERSION`, and add a test for the old version.

Decision: no data migration rewrites stored seasons. Reading upgrades them in memory, and
saving a season (the admin, an import) writes the current version, so old dicts stay readable
for as long as their upgrade steps exist. An upgrade step changes only the keys present, so
the same steps upgrade partial overrides (a season file's `rules`, an organizer's edits).
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from django.utils.translation import gettext_noop as N_

from scoring import registered_presets
from scoring.problems import ProblemError

LeagueKind = Literal["rounds", "rated", "tournament"]
RemainderPolicy = Literal["reserve", "three-player"]
DrawMethod = Literal["random", "ranking", "standing", "final"]

RULES_VERSION = 3
"""The version of the stored rules' shape that `to_dict` writes and `from_dict` reads."""

# The schema of a stored rules dict (version RULES_VERSION): every key of it, and the keys
# of each object inside it (a podium window is one item of `podium_windows`).
RULES_FIELDS: tuple[str, ...] = (
    "version",
    "kind",
    "placement_points",
    "drops",
    "min_games",
    "podium_windows",
    "final_period",
    "rounds_in_season",
    "deals_per_game",
    "scoring_preset",
    "draw",
    "remainder",
    "rating_threshold",
    "schedule",
    "stages",
    "final_table",
)
RULES_OBJECT_FIELDS: dict[str, tuple[str, ...]] = {
    "drops": ("at", "then_every", "max"),
    "podium_windows[]": ("last_rounds", "min_games"),
    "final_period": ("months", "min_games"),
    "draw": ("random_weekdays", "ranking_from_round"),
    "schedule": (
        "weekdays",
        "registration_deadline",
        "draw_publish",
        "play_start",
        "results_publish",
    ),
    "final_table": ("placement_points",),
}
_SCHEDULE_TIMES: tuple[str, ...] = RULES_OBJECT_FIELDS["schedule"][1:]

KINDS: tuple[str, ...] = ("rounds", "rated", "tournament")
REMAINDER_POLICIES: tuple[str, ...] = ("reserve", "three-player")
WEEKDAYS: tuple[str, ...] = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

# What the game and a season allow; larger values are refused (they would make the sheet,
# the check and the standings pages do unbounded work for nothing a club plays).
MAX_DEALS_PER_GAME = 52  # no club game is longer (28 and 24 in the presets)
MAX_PLACEMENT_POINTS = 100
MAX_ROUNDS = 366  # a round a day for a year
MAX_GAMES = 1000  # games of one player in one season (counts of drops and minimums)
MAX_PODIUM_WINDOWS = 10
MAX_FINAL_MONTHS = 12
MAX_RATING = 10_000
MAX_STAGES = 20  # a weekend holds a handful of stages
FINAL_TABLE_SIZE = 4


class RulesCode(StrEnum):
    """Why a rules dictionary was refused (the field is the problem's path)."""

    INVALID = "invalid_rules"


class RulesError(ProblemError[RulesCode], ValueError):
    """A rules dictionary that does not describe a valid league; `field` names the bad value.

    The message is `template % params` in English (files, commands and the API speak it);
    a form translates `template` into the visitor's language first (league.rules_form), so
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


@dataclass(frozen=True)
class DropSchedule:
    """When worst games are dropped: after each count in `at`, then every `then_every` games."""

    at: tuple[int, ...]
    then_every: int | None = None
    max: int | None = None

    def dropped_count(self, games: int) -> int:
        """How many of a player's games are dropped once he has played `games` games."""
        count = sum(1 for threshold in self.at if games >= threshold)
        if self.then_every and self.at and games > self.at[-1]:
            count += (games - self.at[-1]) // self.then_every
        if self.max is not None:
            count = min(count, self.max)
        return min(count, games)


@dataclass(frozen=True)
class PodiumWindow:
    """To finish 1st-3rd a player needs `min_games` games in the season's last `last_rounds`."""

    last_rounds: int
    min_games: int


@dataclass(frozen=True)
class FinalPeriod:
    """To be ranked a player needs `min_games` games in the last `months` months of the season.

    Decision (RULES.md 3.2): the period runs from the season's end date minus `months`
    calendar months up to the day before the end date, both included (01.07 end: 01.06 to
    30.06, i.e. all of June; 15.07 end: 15.06 to 14.07). A game on the end date counts for
    the season, not for the period.
    """

    months: int
    min_games: int

    def starts_on(self, season_end: dt.date) -> dt.date:
        """The first day of the final period of a season ending on `season_end`."""
        month_index = season_end.year * 12 + season_end.month - 1 - self.months
        year, month = divmod(month_index, 12)
        month += 1
        day = min(season_end.day, _days_in_month(year, month))
        return dt.date(year, month, day)

    def ends_on(self, season_end: dt.date) -> dt.date:
        """The last day of the final period of a season ending on `season_end`: the day
        before it.

        >>> FinalPeriod(months=1, min_games=5).ends_on(dt.date(2024, 7, 1))
        datetime.date(2024, 6, 30)
        """
        return season_end - dt.timedelta(days=1)


@dataclass(frozen=True)
class DrawSchedule:
    """Which draw a round gets: random on `random_weekdays` until `ranking_from_round`."""

    random_weekdays: tuple[str, ...]
    ranking_from_round: int | None = None

    def method_for(self, round_number: int, date: dt.date) -> DrawMethod:
        """The draw method of round `round_number` played on `date`."""
        if self.ranking_from_round is not None and round_number >= self.ranking_from_round:
            return "ranking"
        if WEEKDAYS[date.weekday()] in self.random_weekdays:
            return "random"
        return "ranking"


@dataclass(frozen=True)
class RoundSchedule:
    """The weekdays rounds are played on and the times of a round day, in league time."""

    weekdays: tuple[str, ...]
    registration_deadline: dt.time
    draw_publish: dt.time
    play_start: dt.time
    results_publish: dt.time


@dataclass(frozen=True)
class FinalTable:
    """A tournament's final table (RULES.md 3.4): the top 4 after the last stage play one more
    game; its placements decide places 1-4, and it earns its own `placement_points`."""

    placement_points: tuple[int, ...]


@dataclass(frozen=True)
class LeagueRules:
    """Everything that differs between leagues: scoring, drops, minimums, draws, schedule."""

    kind: LeagueKind
    placement_points: tuple[int, ...]
    drops: DropSchedule
    min_games: int
    podium_windows: tuple[PodiumWindow, ...]
    final_period: FinalPeriod | None
    rounds_in_season: int | None
    deals_per_game: int
    scoring_preset: str
    draw: DrawSchedule
    remainder: RemainderPolicy
    rating_threshold: int | None
    schedule: RoundSchedule
    stages: int | None = None
    final_table: FinalTable | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LeagueRules:
        """Validate a full rules dictionary (as stored on a season) and build the rules."""
        return _parse(data)

    @classmethod
    def from_preset(cls, name: str, overrides: Mapping[str, Any] | None = None) -> LeagueRules:
        """A shipped preset with single values overridden (nested objects merge key by key)."""
        return cls.from_dict(preset_dict(name, overrides))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dictionary that `from_dict` reads back to equal rules."""
        return {
            "version": RULES_VERSION,
            "kind": self.kind,
            "placement_points": list(self.placement_points),
            "drops": {
                "at": list(self.drops.at),
                "then_every": self.drops.then_every,
                "max": self.drops.max,
            },
            "min_games": self.min_games,
            "podium_windows": [
                {"last_rounds": w.last_rounds, "min_games": w.min_games}
                for w in self.podium_windows
            ],
            "final_period": (
                None
                if self.final_period is None
                else {"months": self.final_period.months, "min_games": self.final_period.min_games}
            ),
            "rounds_in_season": self.rounds_in_season,
            "deals_per_game": self.deals_per_game,
            "scoring_preset": self.scoring_preset,
            "draw": {
                "random_weekdays": list(self.draw.random_weekdays),
                "ranking_from_round": self.draw.ranking_from_round,
            },
            "remainder": self.remainder,
            "rating_threshold": self.rating_threshold,
            "schedule": {
                "weekdays": list(self.schedule.weekdays),
                **{name: _format_time(getattr(self.schedule, name)) for name in _SCHEDULE_TIMES},
            },
            "stages": self.stages,
            "final_table": (
                None
                if self.final_table is None
                else {"placement_points": list(self.final_table.placement_points)}
            ),
        }

    @property
    def has_rounds(self) -> bool:
        """Whether the season is played in numbered rounds (a league's rounds or a
        tournament's stages and final table), not as open play."""
        return self.kind in ("rounds", "tournament")

    @property
    def is_tournament(self) -> bool:
        return self.kind == "tournament"

    def is_final_table(self, round_number: int) -> bool:
        """Whether round `round_number` is the tournament's final table (after the stages)."""
        return (
            self.final_table is not None
            and self.stages is not None
            and round_number == self.stages + 1
        )

    def draw_method_for(self, round_number: int, date: dt.date) -> DrawMethod:
        """The draw method of round `round_number` played on `date`: a league's draw schedule,
        or in a tournament stage 1 random, later stages by the standing, then the final table.
        """
        if not self.is_tournament:
            return self.draw.method_for(round_number, date)
        if self.is_final_table(round_number):
            return "final"
        return "random" if round_number == 1 else "standing"

    def placement_values(self, players: int) -> tuple[int, ...]:
        """Points for 1st, 2nd, ... at a table of `players` (3-player tables use the first 3)."""
        return self.placement_points[:players]


_SCHEDULE_2030 = {
    "weekdays": ["sun", "wed"],
    "registration_deadline": "20:00",
    "draw_publish": "20:15",
    "play_start": "20:30",
    "results_publish": "23:30",
}

PRESETS: dict[str, dict[str, Any]] = {
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


def preset_dict(name: str, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The rules dictionary of preset `name` with `overrides` merged in (not yet validated)."""
    if name not in PRESETS:
        known = ", ".join(sorted(PRESETS))
        raise RulesError(
            "preset",
            N_("unknown league preset %(name)s (known: %(known)s)"),
            name=repr(name),
            known=known,
        )
    merged = copy.deepcopy(PRESETS[name])
    if overrides is not None:
        if not isinstance(overrides, Mapping):
            raise RulesError("overrides", N_("must be an object of rule values"))
        _merge(merged, upgrade_rules(overrides), "")
    return merged


# --- versions ---------------------------------------------------------------------------


def _version_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 only adds the `version` key: the rules themselves are unchanged."""
    return data


def _version_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 adds tournaments (`stages`, `final_table`). Before it every season was a
    league, so a dict that names its `kind` (a stored season, or an override switching the
    kind) has no stages and no final table; a partial override without `kind` is left as is.
    """
    if "kind" in data:
        data.setdefault("stages", None)
        data.setdefault("final_table", None)
    return data


# _UPGRADES[n] turns a dict of version n into one of version n + 1 (only the keys present).
_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _version_1_to_2,
    2: _version_2_to_3,
}


def upgrade_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the stored rules (or overrides) `data` in the current version's shape.

    A dict without `version` is version 1; one of a newer version than this app knows is
    refused, naming the versions, rather than read wrongly.

    >>> upgrade_rules({"min_games": 12})
    {'min_games': 12, 'version': 3}
    """
    if not isinstance(data, Mapping):
        raise RulesError("rules", N_("must be an object"))
    upgraded = copy.deepcopy(dict(data))
    version = upgraded.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RulesError(
            "version", N_("must be a whole number from 1, not %(value)s"), value=repr(version)
        )
    if version > RULES_VERSION:
        raise RulesError(
            "version",
            N_("is %(version)s, newer than the rules version %(known)s this app reads"),
            version=version,
            known=RULES_VERSION,
        )
    while version < RULES_VERSION:
        upgraded = _UPGRADES[version](upgraded)
        version += 1
    upgraded["version"] = RULES_VERSION
    return upgraded


def _merge(target: dict[str, Any], overrides: Mapping[str, Any], prefix: str) -> None:
    for key, value in overrides.items():
        path = f"{prefix}{key}"
        if key not in target:
            raise _not_a_rule(path, target)
        if isinstance(target[key], dict) and isinstance(value, Mapping):
            _merge(target[key], value, f"{path}.")
        else:
            target[key] = copy.deepcopy(value)


def _not_a_rule(field: str, known: Iterable[str]) -> RulesError:
    """The error for an unknown rule name, listing the names allowed in its place."""
    return RulesError(
        field,
        N_("is not a rule of this league (the rules here: %(known)s)"),
        known=", ".join(known),
    )


def _days_in_month(year: int, month: int) -> int:
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return (following - dt.timedelta(days=1)).day


def _format_time(value: dt.time) -> str:
    return value.strftime("%H:%M")


# --- validation -------------------------------------------------------------------------


def _parse(data: Mapping[str, Any]) -> LeagueRules:
    obj = _object(upgrade_rules(data), "", RULES_FIELDS)
    drops = _nested(obj, "drops")
    draw = _nested(obj, "draw")
    schedule = _nested(obj, "schedule")

    kind = _choice(obj["kind"], "kind", KINDS)
    placement_points = tuple(
        _int_list(
            obj["placement_points"], "placement_points", minimum=0, maximum=MAX_PLACEMENT_POINTS
        )
    )
    if len(placement_points) != 4:
        raise RulesError("placement_points", N_("must list the points of 4 places (1st to 4th)"))
    if any(a < b for a, b in itertools.pairwise(placement_points)):
        raise RulesError("placement_points", N_("must not increase from 1st to 4th place"))

    at = tuple(_int_list(drops["at"], "drops.at", minimum=1, maximum=MAX_GAMES))
    if any(a >= b for a, b in itertools.pairwise(at)):
        raise RulesError("drops.at", N_("must be increasing game counts"))
    then_every = _optional_int(
        drops["then_every"], "drops.then_every", minimum=1, maximum=MAX_GAMES
    )
    if then_every is not None and not at:
        raise RulesError("drops.then_every", N_("needs at least one count in drops.at"))
    drop_max = _optional_int(drops["max"], "drops.max", minimum=0, maximum=MAX_GAMES)

    windows = _list(obj["podium_windows"], "podium_windows")
    if len(windows) > MAX_PODIUM_WINDOWS:
        raise RulesError(
            "podium_windows",
            N_("must be at most %(most)s windows"),
            most=MAX_PODIUM_WINDOWS,
        )
    podium_windows = tuple(
        _podium_window(item, f"podium_windows[{i}]") for i, item in enumerate(windows)
    )
    final_period = None
    if obj["final_period"] is not None:
        period = _nested(obj, "final_period")
        final_period = FinalPeriod(
            months=_int(
                period["months"], "final_period.months", minimum=1, maximum=MAX_FINAL_MONTHS
            ),
            min_games=_int(
                period["min_games"], "final_period.min_games", minimum=0, maximum=MAX_GAMES
            ),
        )

    rounds_in_season = _optional_int(
        obj["rounds_in_season"], "rounds_in_season", minimum=1, maximum=MAX_ROUNDS
    )
    stages, final_table = _tournament(obj, kind)
    if stages is not None:
        rounds = stages + (1 if final_table is not None else 0)
        if rounds_in_season is None:
            rounds_in_season = rounds
        elif rounds_in_season != rounds:
            raise RulesError(
                "rounds_in_season",
                N_(
                    "must be %(rounds)s in a tournament of %(stages)s stages and a final "
                    "table, not %(value)s (or leave it empty)"
                )
                if final_table is not None
                else N_(
                    "must be %(rounds)s in a tournament of %(stages)s stages, not %(value)s "
                    "(or leave it empty)"
                ),
                rounds=rounds,
                stages=stages,
                value=rounds_in_season,
            )
    if kind == "rounds" and rounds_in_season is None:
        raise RulesError("rounds_in_season", N_("is required for a scheduled-rounds league"))
    if podium_windows and rounds_in_season is None:
        raise RulesError("podium_windows", N_("need rounds_in_season to know the last rounds"))
    for i, window in enumerate(podium_windows):
        if rounds_in_season is not None and window.last_rounds > rounds_in_season:
            raise RulesError(
                f"podium_windows[{i}].last_rounds", N_("is more than the rounds in the season")
            )

    ranking_from_round = _optional_int(
        draw["ranking_from_round"], "draw.ranking_from_round", minimum=1, maximum=MAX_ROUNDS
    )
    return LeagueRules(
        kind=kind,  # type: ignore[arg-type]  # _choice checked it is one of KINDS
        placement_points=placement_points,
        drops=DropSchedule(at=at, then_every=then_every, max=drop_max),
        min_games=_int(obj["min_games"], "min_games", minimum=0, maximum=MAX_GAMES),
        podium_windows=podium_windows,
        final_period=final_period,
        rounds_in_season=rounds_in_season,
        deals_per_game=_int(
            obj["deals_per_game"], "deals_per_game", minimum=1, maximum=MAX_DEALS_PER_GAME
        ),
        scoring_preset=_choice(obj["scoring_preset"], "scoring_preset", registered_presets()),
        draw=DrawSchedule(
            random_weekdays=_weekdays(draw["random_weekdays"], "draw.random_weekdays"),
            ranking_from_round=ranking_from_round,
        ),
        # _choice checked the value is one of REMAINDER_POLICIES, the Literal's values.
        remainder=_choice(obj["remainder"], "remainder", REMAINDER_POLICIES),  # type: ignore[arg-type]  # see above
        rating_threshold=_optional_int(
            obj["rating_threshold"], "rating_threshold", minimum=0, maximum=MAX_RATING
        ),
        schedule=_round_schedule(schedule),
        stages=stages,
        final_table=final_table,
    )


def _tournament(obj: Mapping[str, Any], kind: str) -> tuple[int | None, FinalTable | None]:
    """A tournament's stages and final table; a league has neither."""
    if kind != "tournament":
        for name in ("stages", "final_table"):
            if obj[name] is not None:
                raise RulesError(name, N_("is a tournament's rule: leave it empty in a league"))
        return None, None
    stages = _optional_int(obj["stages"], "stages", minimum=1, maximum=MAX_STAGES)
    if stages is None:
        raise RulesError("stages", N_("is required for a tournament"))
    if obj["final_table"] is None:
        return stages, None
    final = _nested(obj, "final_table")
    points = tuple(
        _int_list(
            final["placement_points"],
            "final_table.placement_points",
            minimum=0,
            maximum=MAX_PLACEMENT_POINTS,
        )
    )
    if len(points) != FINAL_TABLE_SIZE:
        raise RulesError(
            "final_table.placement_points", N_("must list the points of 4 places (1st to 4th)")
        )
    if any(a < b for a, b in itertools.pairwise(points)):
        raise RulesError("final_table.placement_points", N_("must not increase from 1st to 4th"))
    return stages, FinalTable(points)


def _nested(obj: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    """The object `name` of the rules, checked against its declared fields."""
    return _object(obj[name], f"{name}.", RULES_OBJECT_FIELDS[name])


def _podium_window(value: Any, field: str) -> PodiumWindow:
    window = _object(value, f"{field}.", RULES_OBJECT_FIELDS["podium_windows[]"])
    return PodiumWindow(
        last_rounds=_int(
            window["last_rounds"], f"{field}.last_rounds", minimum=1, maximum=MAX_ROUNDS
        ),
        min_games=_int(window["min_games"], f"{field}.min_games", minimum=0, maximum=MAX_GAMES),
    )


def _round_schedule(schedule: Mapping[str, Any]) -> RoundSchedule:
    times = {name: _time(schedule[name], f"schedule.{name}") for name in _SCHEDULE_TIMES}
    return RoundSchedule(weekdays=_weekdays(schedule["weekdays"], "schedule.weekdays"), **times)


def _object(value: Any, prefix: str, fields: tuple[str, ...]) -> Mapping[str, Any]:
    where = prefix.rstrip(".") or "rules"
    if not isinstance(value, Mapping):
        raise RulesError(where, N_("must be an object"))
    for key in value:
        if key not in fields:
            raise _not_a_rule(f"{prefix}{key}", fields)
    for key in fields:
        if key not in value:
            raise RulesError(f"{prefix}{key}", N_("is missing"))
    return value


def _int(value: Any, field: str, *, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(field, N_("must be a whole number, not %(value)s"), value=repr(value))
    if value < minimum:
        raise RulesError(
            field, N_("must be at least %(least)s, not %(value)s"), least=minimum, value=value
        )
    if value > maximum:
        raise RulesError(
            field, N_("must be at most %(most)s, not %(value)s"), most=maximum, value=value
        )
    return value


def _optional_int(value: Any, field: str, *, minimum: int, maximum: int) -> int | None:
    return None if value is None else _int(value, field, minimum=minimum, maximum=maximum)


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise RulesError(field, N_("must be a list"))
    return list(value)


def _int_list(value: Any, field: str, *, minimum: int, maximum: int) -> list[int]:
    return [
        _int(v, f"{field}[{i}]", minimum=minimum, maximum=maximum)
        for i, v in enumerate(_list(value, field))
    ]


def _choice(value: Any, field: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise RulesError(
            field,
            N_("must be one of %(choices)s, not %(value)s"),
            choices=", ".join(choices),
            value=repr(value),
        )
    return str(value)


def _weekdays(value: Any, field: str) -> tuple[str, ...]:
    days = _list(value, field)
    for i, day in enumerate(days):
        _choice(day, f"{field}[{i}]", WEEKDAYS)
    if len(set(days)) != len(days):
        raise RulesError(field, N_("lists a weekday twice"))
    return tuple(days)


def _time(value: Any, field: str) -> dt.time:
    if isinstance(value, str):
        try:
            return dt.datetime.strptime(value, "%H:%M").time()
        except ValueError:
            pass
    raise RulesError(field, N_("must be a time like '20:30', not %(value)s"), value=repr(value))
