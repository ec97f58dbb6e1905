"""The rules page's layout: its headings, in order, and under each the sentences of the
season's rules (`league.rules.readings`, named by the table `league.rules.fields.FIELDS`) and
the page's own fixed sentences between them, so the page never disagrees with the rules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.rules import LeagueRules
from league.rules.fields import FIELDS, Topic
from league.tournament_draw import SEARCH_STEPS
from scoring.presets import UnknownPresetError, get_preset


@dataclass(frozen=True)
class RuleItem:
    """One heading of the rules page and the sentences under it."""

    title: str
    sentences: list[str]


@dataclass(frozen=True)
class Rule:
    """The sentences of the rule at `path` (its reading in the table)."""

    path: str


@dataclass(frozen=True)
class Fixed:
    """One of the page's own sentences, with its %(name)s values."""

    text: Promise
    values: Mapping[str, object] = field(default_factory=dict)

    def said(self) -> str:
        return str(self.text) % self.values if self.values else str(self.text)


@dataclass(frozen=True)
class Section:
    """A heading of the page, shown for the rules `shown` accepts (and only if something is
    said under it): the rules of `topic` it names and fixed sentences, in `items`' order, then
    the other rules of its topic the table reads (the layout does not place them)."""

    topic: Topic
    title: Promise
    items: tuple[Rule | Fixed, ...]
    shown: Callable[[LeagueRules], bool] = lambda rules: True


TIES = Fixed(
    gettext_lazy("Players tied on game score share the points of the places they cover equally.")
)
GAP = Fixed(
    gettext_lazy(
        "Gap from the table average: each game score minus the average score at the table. "
        "A player's gap is the sum over his counted games."
    )
)
RANKING = Fixed(
    gettext_lazy(
        "Ranking: league points, then gap from average, then more games played, all high to low."
    )
)
TOURNAMENT_STANDING = Fixed(
    gettext_lazy(
        "Tournament standing: total placement points, then total gap from the table "
        "average, then head-to-head among the players still tied: each counts the games in "
        "which he placed ahead of another of them at a table they shared, more first. "
        "Players still equal share the place."
    )
)
RANDOM_DRAW = Fixed(
    gettext_lazy(
        "A random draw publishes a seed, a whole number S. Each registered player gets a "
        "code: the SHA-256 of the text “S:name” (the seed, a colon and the "
        "player's name as written, in UTF-8), as 64 hexadecimal characters. The players are "
        "put in the order of their codes (compared as text) and seated 4 to a table in "
        "that order, table 1 first, so anyone can redo the draw with any SHA-256 tool; "
        "each round's draw-check page does it in the browser."
    )
)
RANKING_DRAW = Fixed(
    gettext_lazy(
        "A ranking draw seats ranks 1-4 at table 1, 5-8 at table 2, and so on, by the "
        "league ranking when the draw is made; players with no counted game yet come after "
        "the ranked ones, ordered by their codes as in a random draw."
    )
)
DRAW_REASONS = Fixed(
    gettext_lazy(
        "Drawing again, swapping players or bringing a reserve in needs a reason from the "
        "organizer; once the draw is published, the round's page lists every draw and "
        "change with its reason."
    )
)
FIRST_STAGE = Fixed(
    gettext_lazy(
        "Stage 1 is drawn at random with a published seed, as a league's random draw: "
        "each player's code is the SHA-256 of the text “S:name” (the seed, a colon and "
        "the player's name, in UTF-8); the players are put in the order of their codes "
        "and seated 4 to a table, table 1 first."
    )
)
LATER_STAGES = Fixed(
    gettext_lazy(
        "Every later stage is drawn by the tournament standing after the stage before. "
        "The table sizes are those of seating the players in standing order. Tables are "
        "filled in order, table 1 first: the best-placed unseated player opens the next "
        "table, and its other seats go to the players below him in standing order, trying "
        "groups nearest first (groups compared by their standing positions, one by one), "
        "taking the first group in which nobody has shared a table with anybody else at "
        "it in an earlier stage, provided the players still unseated can be seated the "
        "same way. When nothing needs to move this is exactly the standing order, 4 to a "
        "table, so the top of the standing keeps its places first."
    )
)
REPEAT_MEETINGS = Fixed(
    gettext_lazy(
        "When no arrangement avoids every repeat meeting, the one with the fewest "
        "repeated pairs is taken, the first of them in the same order; the search tries "
        "at most %(steps)s groups and keeps the best arrangement found by then. Players "
        "with no game yet come after the others, by name; nothing is random, so no seed "
        "is published."
    ),
    {"steps": f"{SEARCH_STEPS:,}"},
)
STAGE_ENTRANTS = Fixed(
    gettext_lazy(
        "A stage after the first seats the players of the stage before, its reserves "
        "included, and the latecomers the organizer adds; players register themselves "
        "only for stage 1. Drawing again, swapping players or bringing a reserve in needs "
        "a reason from the organizer, shown with the published draw."
    )
)

RACE = Fixed(
    gettext_lazy(
        "During the season the league table shows, for each player, the most league points "
        "he can finish with (winning every remaining round alone, drops applied) and whether "
        "a final place 1-3 (a shared 3rd included) is clinched, still open or out of reach."
    )
)
RACE_METHOD = Fixed(
    gettext_lazy(
        "The method: every way the remaining rounds can go counts, tables and draws "
        "ignored: each player may play any remaining round he has not played yet and take "
        "any place in it, with any score the scoring preset allows; results already "
        "confirmed in an unfinished round count as played. A player's best is to win every "
        "round he plays alone with the largest gap, his worst to finish last alone with the "
        "smallest gap, and every number of such games is tried, drops applied, since a new "
        "game can push an old one out or bring a dropped one back. A place 1-3 is out of "
        "reach when, even at his best, three others who already meet the minimum and the "
        "podium conditions finish above him at their worst. It is clinched when, at his "
        "worst while playing the games the conditions still ask, fewer than three others "
        "can finish above him at their best with their conditions met. Otherwise it is open."
    )
)


def _league(rules: LeagueRules) -> bool:
    return not rules.is_tournament


def _tournament(rules: LeagueRules) -> bool:
    return rules.is_tournament


def _scheduled_rounds(rules: LeagueRules) -> bool:
    return rules.kind == "rounds"


POINTS = gettext_lazy("League points")

LAYOUT: tuple[Section, ...] = (
    Section("games", gettext_lazy("Games"), (Rule("deals_per_game"), Rule("scoring_preset"))),
    Section("points", POINTS, (Rule("placement_points"), TIES, GAP, RANKING), _league),
    Section(
        "points",
        POINTS,
        (Rule("placement_points"), TIES, GAP, TOURNAMENT_STANDING, Rule("final_table")),
        _tournament,
    ),
    Section("drops", gettext_lazy("Dropped games"), (Rule("drops.at"),)),
    # everyone plays every stage: no minimum
    Section(
        "minimum",
        gettext_lazy("Minimum games"),
        (Rule("min_games"), Rule("final_period"), Rule("podium_windows")),
        _league,
    ),
    Section(
        "minimum", gettext_lazy("What is still possible"), (RACE, RACE_METHOD), _scheduled_rounds
    ),
    Section(
        "draws",
        gettext_lazy("Rounds and draws"),
        (
            Rule("rounds_in_season"),
            Rule("schedule.registration_deadline"),
            Rule("draw.random_weekdays"),
            Rule("draw.ranking_from_round"),
            RANDOM_DRAW,
            RANKING_DRAW,
            DRAW_REASONS,
            Rule("remainder"),
        ),
        _scheduled_rounds,
    ),
    Section(
        "draws",
        gettext_lazy("Stages and draws"),
        (
            Rule("stages"),
            FIRST_STAGE,
            LATER_STAGES,
            REPEAT_MEETINGS,
            STAGE_ENTRANTS,
            Rule("remainder"),
        ),
        _tournament,
    ),
    Section("players", gettext_lazy("Who plays"), (Rule("rating_threshold"),)),
)

_READINGS = {spec.path: spec.reads for spec in FIELDS if spec.reads is not None}
_PLACED = {item.path for section in LAYOUT for item in section.items if isinstance(item, Rule)}


def _unplaced(topic: Topic) -> tuple[Rule, ...]:
    return tuple(
        Rule(spec.path)
        for spec in FIELDS
        if spec.topic == topic and spec.reads is not None and spec.path not in _PLACED
    )


def describe_rules(rules: LeagueRules, season_end: dt.date | None = None) -> list[RuleItem]:
    """The rules page: one item per heading shown, every number taken from `rules` (and the
    dates of a final period from the season's end date `season_end`, when given)."""
    items = []
    for section in LAYOUT:
        if not section.shown(rules):
            continue
        sentences = [
            sentence
            for item in (*section.items, *_unplaced(section.topic))
            for sentence in _said(item, rules, season_end)
        ]
        if sentences:
            items.append(RuleItem(str(section.title), sentences))
    return items


def _said(item: Rule | Fixed, rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if isinstance(item, Fixed):
        return [item.said()]
    return _READINGS[item.path](rules, season_end)


@dataclass(frozen=True)
class ScoringGrid:
    """Deal scores computed by the rules engine, for the rules page."""

    contracts: list[tuple[int, int, int, int]]  # contract, made, 1 off, 2 off (over game)
    zero: list[tuple[str, int, int, int]]  # game, made, 1 trick taken, 2 tricks taken


ZERO_DOWNS = (0, 1, 2, 3)


def scoring_grid(preset_name: str, highest_contract: int = 8) -> ScoringGrid | None:
    """Example deal scores of the preset straight from the engine, so they cannot disagree."""
    try:
        preset = get_preset(preset_name)
    except UnknownPresetError:
        return None
    contracts = [
        (
            n,
            preset.deal_score(n, n, 0),
            preset.deal_score(n, n + 1 if n < 13 else n - 1, 0),
            preset.deal_score(n, n + 2 if n < 12 else n - 2, 0),
        )
        for n in range(1, highest_contract + 1)
    ]
    zero = [
        (
            _("over game") if down == 0 else _("under game, down %(down)d") % {"down": down},
            preset.deal_score(0, 0, down),
            preset.deal_score(0, 1, down),
            preset.deal_score(0, 2, down),
        )
        for down in ZERO_DOWNS
    ]
    return ScoringGrid(contracts, zero)
