"""Every rule of a league, once: the table `FIELDS`, from which the rest of the package is
derived. A rule's entry gives

- `path`: its place in the stored rules dict ("drops.at" is key `at` of the object `drops`),
  the table's order being the stored dict's order (FORMATS.md);
- `type`: the kind of value with its bounds (`value_types.py`), which reads and checks it
  (`parse.py`), writes it back (`serialise.py`) and edits it in the season wizard (`form.py`);
- `label` and `help`: the wizard's field (no label: the rule comes with the preset); the help
  may use the type's %(range)s or %(max)s, and a whole number's help is its range by default;
- `reads` and `topic`: how it reads on the rules page (a function of `readings.py`) and under
  which heading (`web/rules_text.py` lays the page out; a rule it does not place reads last
  under its topic); a rule read with another one has no reading of its own;
- `since` and `before`: the rules version that added it, and the value a whole stored dict of
  an older version gets for it (`versions.py`: the version is the highest `since`);
- `only_in` and `required_in`: a kind of league the rule belongs to alone (empty elsewhere),
  or one that must set it.

Adding a rule: add its entry here (at the end, so the stored dicts keep their order), with
`since` one more than the current version and the `before` that old seasons read as; give
it a reading in `readings.py` and its wizard label; add the field to `LeagueRules` (and
`objects.py` if it belongs to a nested object). The catalogue needs the new sentences.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from league.rules import readings
from league.rules.names import deck_name, remainder_name, scoring_preset_name
from league.rules.objects import (
    FINAL_TABLE_SIZE,
    KINDS,
    REMAINDER_POLICIES,
    DrawSchedule,
    DropSchedule,
    FinalPeriod,
    FinalTable,
    LeagueKind,
    PodiumWindow,
    RoundSchedule,
)
from league.rules.value_types import (
    Choice,
    Numbers,
    NumbersObject,
    Pairs,
    Time,
    ValueType,
    Weekdays,
    Whole,
)
from scoring import DEFAULT_THREE_PLAYER_DECK, THREE_PLAYER_DECK_NAMES, registered_presets

if TYPE_CHECKING:
    from league.rules.league_rules import LeagueRules

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

VERSION = "version"
"""The rule that is the stored shape's version (read and written by `versions.py`)."""

Reading = Callable[["LeagueRules", dt.date | None], list[str]]
Topic = Literal["games", "points", "drops", "minimum", "draws", "players"]


@dataclass(frozen=True)
class RuleField:
    """One rule: where it is stored, its kind of value, how the wizard and the rules page
    show it, and since which version it exists (the module's docstring)."""

    path: str
    type: ValueType
    label: Promise | None = None
    help: Promise | str | None = None
    reads: Reading | None = None
    topic: Topic | None = None
    since: int = 1
    before: Any = None
    only_in: LeagueKind | None = None
    required_in: LeagueKind | None = None

    def help_text(self) -> str:
        """The wizard's help for this rule in the active language."""
        text = str(self.type.default_help if self.help is None else self.help)
        return text % self.type.help_values() if "%(" in text else text


def _four_places(errors_say: str) -> Numbers:
    return Numbers(
        0,
        MAX_PLACEMENT_POINTS,
        count=FINAL_TABLE_SIZE,
        count_error=gettext_noop("must list the points of 4 places (1st to 4th)"),
        order="not rising",
        order_error=errors_say,
    )


_GAMES = Whole(0, MAX_GAMES)

FIELDS: tuple[RuleField, ...] = (
    RuleField(VERSION, Whole(1, 1_000), since=2),  # read and written by versions.py
    RuleField("kind", Choice(lambda: KINDS, str)),
    RuleField(
        "placement_points",
        _four_places(gettext_noop("must not increase from 1st to 4th place")),
        _("Placement points, 1st to 4th"),
        _("four numbers from 0 to %(max)s, not increasing, e.g. 6, 3, 1, 0"),
        readings.placement_points,
        "points",
    ),
    RuleField(
        "drops.at",
        Numbers(
            1, MAX_GAMES, order="rising", order_error=gettext_noop("must be increasing game counts")
        ),
        _("Drop the worst game after (games)"),
        _("increasing game counts, e.g. 10, 20, 25, 30; empty for no drops"),
        readings.drops,  # the whole drop schedule, then_every and max too
        "drops",
    ),
    RuleField(
        "drops.then_every",
        Whole(1, MAX_GAMES, optional=True),
        _("Then drop one more every (games)"),
        _("%(range)s, empty for none"),
    ),
    RuleField(
        "drops.max",
        Whole(0, MAX_GAMES, optional=True),
        _("Most games dropped"),
        _("%(range)s, empty for no limit"),
    ),
    RuleField("min_games", _GAMES, _("Minimum games"), reads=readings.min_games, topic="minimum"),
    RuleField(
        "podium_windows",
        Pairs(
            PodiumWindow,
            ("last_rounds", Whole(1, MAX_ROUNDS)),
            ("min_games", _GAMES),
            most=MAX_PODIUM_WINDOWS,
            most_error=gettext_noop("must be at most %(most)s windows"),
        ),
        _("Places 1-3 need"),
        _(
            "'rounds:games' pairs: at least that many games in the season's last rounds, "
            "e.g. 8:4, 2:1; empty for none"
        ),
        readings.podium_windows,
        "minimum",
    ),
    RuleField(
        "final_period",
        Pairs(
            FinalPeriod,
            ("months", Whole(1, MAX_FINAL_MONTHS)),
            ("min_games", _GAMES),
            one_error=gettext_noop("Write one 'months:games' pair, e.g. 1:5."),
        ),
        _("Final period"),
        _(
            "'months:games': that many games in the season's last months (1-%(max)s), "
            "e.g. 1:5; empty for none"
        ),
        readings.final_period,
        "minimum",
    ),
    RuleField(
        "rounds_in_season",
        Whole(1, MAX_ROUNDS, optional=True),
        _("Rounds in the season"),
        reads=readings.rounds_in_season,  # with the round days and the time play starts
        topic="draws",
        required_in="rounds",
    ),
    RuleField(
        "deals_per_game",
        Whole(1, MAX_DEALS_PER_GAME),
        _("Deals per game"),
        reads=readings.deals_per_game,
        topic="games",
    ),
    RuleField(
        "scoring_preset",
        Choice(registered_presets, scoring_preset_name),
        _("Scoring"),
        "",
        readings.scoring_preset,
        "games",
    ),
    RuleField(
        "draw.random_weekdays",
        Weekdays(),
        _("Random draw on"),
        _("the other round days draw by the ranking"),
        readings.random_weekdays,
        "draws",
    ),
    RuleField(
        "draw.ranking_from_round",
        Whole(1, MAX_ROUNDS, optional=True),
        _("Draw by the ranking from round"),
        _("%(range)s, empty for never"),
        readings.ranking_from_round,
        "draws",
    ),
    RuleField(
        "remainder",
        Choice(lambda: REMAINDER_POLICIES, remainder_name),
        _("Players left over after the last full table"),
        "",
        readings.remainder,
        "draws",
    ),
    RuleField(
        "rating_threshold",
        Whole(0, MAX_RATING, optional=True),
        _("Rating threshold"),
        _("%(range)s, empty for none"),
        readings.rating_threshold,
        "players",
    ),
    RuleField("schedule.weekdays", Weekdays(), _("Rounds are played on"), ""),
    RuleField(
        "schedule.registration_deadline",
        Time(),
        _("Registration closes at"),
        "",
        readings.round_day_times,  # with the times the draw and the results are published
        "draws",
    ),
    RuleField("schedule.draw_publish", Time(), _("The draw is published at"), ""),
    RuleField("schedule.play_start", Time(), _("Play starts at"), ""),
    RuleField("schedule.results_publish", Time(), _("The results are published at"), ""),
    RuleField(
        "stages",
        Whole(1, MAX_STAGES, optional=True),
        _("Stages of the tournament"),
        _("%(range)s; empty in a league"),
        readings.stages,
        "draws",
        since=3,
        only_in="tournament",
        required_in="tournament",
    ),
    RuleField(
        "final_table",
        NumbersObject(
            FinalTable,
            "placement_points",
            _four_places(gettext_noop("must not increase from 1st to 4th")),
        ),
        _("Final table points, 1st to 4th"),
        _("four numbers, e.g. 6, 3, 1, 0: the top 4 play a final table; empty for none"),
        readings.final_table,
        "points",
        since=3,
        only_in="tournament",
    ),
    RuleField(
        "three_player_deck",
        Choice(lambda: THREE_PLAYER_DECK_NAMES, deck_name),
        _("A table of three plays with"),
        "",
        readings.three_player_deck,
        "games",
        since=4,
        before=DEFAULT_THREE_PLAYER_DECK,
    ),
)

# The objects the dotted paths of the table belong to, and what each is made into.
GROUPS: dict[str, Callable[..., Any]] = {
    "drops": DropSchedule,
    "draw": DrawSchedule,
    "schedule": RoundSchedule,
}


def field(path: str) -> RuleField:
    """The rule at `path` ("drops.at")."""
    return _BY_PATH[path]


_BY_PATH = {spec.path: spec for spec in FIELDS}


def _schema() -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    names: dict[str, None] = {}
    objects: dict[str, tuple[str, ...]] = {}
    for spec in FIELDS:
        head, _dot, key = spec.path.partition(".")
        names[head] = None
        if key:
            objects[head] = (*objects.get(head, ()), key)
        objects.update(spec.type.object_keys(spec.path))
    return tuple(names), objects


# The schema of a stored rules dict (version RULES_VERSION): every key of it, and the keys
# of each object inside it (a podium window is one item of `podium_windows`).
RULES_FIELDS, RULES_OBJECT_FIELDS = _schema()
