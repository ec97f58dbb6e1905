"""Sentences describing a season's rules, generated from its rules data so they never disagree."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.preset_names import scoring_preset_name
from league.rules import FinalPeriod, LeagueRules
from league.tournament_draw import SEARCH_STEPS
from scoring.presets import UnknownPresetError, get_preset


@dataclass(frozen=True)
class RuleItem:
    """One heading of the rules page and the sentences under it."""

    title: str
    sentences: list[str]


def _list(items: list[str]) -> str:
    """'a, b and c' in the active language."""
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def weekday_name(code: str) -> str:
    """The translated name of a weekday code of the rules data ('sun' -> 'Sunday')."""
    names = {
        "mon": _("Monday"),
        "tue": _("Tuesday"),
        "wed": _("Wednesday"),
        "thu": _("Thursday"),
        "fri": _("Friday"),
        "sat": _("Saturday"),
        "sun": _("Sunday"),
    }
    return names[code]


def ordinal_points(points: tuple[int, ...]) -> str:
    """'1st 6, 2nd 3, 3rd 1, 4th 0'."""
    places = [_("1st"), _("2nd"), _("3rd"), _("4th")]
    return ", ".join(
        _("%(place)s: %(points)s") % {"place": place, "points": value}
        for place, value in zip(places, points, strict=False)
    )


def describe_rules(rules: LeagueRules, season_end: dt.date | None = None) -> list[RuleItem]:
    """The rules page: one item per topic, every number taken from `rules` (and the dates
    of a final period from the season's end date `season_end`, when given)."""
    items = [
        RuleItem(
            _("Games"),
            [
                ngettext(
                    "A game is %(deals)d deal.", "A game is %(deals)d deals.", rules.deals_per_game
                )
                % {"deals": rules.deals_per_game},
                _("Deals are scored with the %(preset)s rules.")
                % {"preset": scoring_preset_name(rules.scoring_preset)},
            ],
        ),
        RuleItem(
            _("League points"),
            _tournament_points_sentences(rules)
            if rules.is_tournament
            else _points_sentences(rules),
        ),
        RuleItem(_("Dropped games"), [_drops_sentence(rules)]),
    ]
    if not rules.is_tournament:  # everyone plays every stage: no minimum
        items.append(RuleItem(_("Minimum games"), _minimum_sentences(rules, season_end)))
    if rules.kind == "rounds":
        items.append(RuleItem(_("Rounds and draws"), _round_sentences(rules)))
    if rules.is_tournament:
        items.append(RuleItem(_("Stages and draws"), _stage_sentences(rules)))
    if rules.rating_threshold is not None:
        items.append(
            RuleItem(
                _("Who plays"),
                [
                    _(
                        "Players whose skill rating reached %(threshold)d at least once after "
                        "the season started; the right stays even if the rating falls. Every "
                        "rated game between four members counts."
                    )
                    % {"threshold": rules.rating_threshold}
                ],
            )
        )
    return items


def _points_sentences(rules: LeagueRules) -> list[str]:
    return [
        _("Places at a table earn %(points)s league points; the game score itself adds nothing.")
        % {"points": ordinal_points(rules.placement_points)},
        _("Players tied on game score share the points of the places they cover equally."),
        _(
            "Gap from the table average: each game score minus the average score at the table. "
            "A player's gap is the sum over his counted games."
        ),
        _(
            "Ranking: league points, then gap from average, then more games played, all high "
            "to low."
        ),
    ]


def _tournament_points_sentences(rules: LeagueRules) -> list[str]:
    sentences = _points_sentences(rules)[:3]
    sentences.append(
        _(
            "Tournament standing: total placement points, then total gap from the table "
            "average, then head-to-head among the players still tied: each counts the games in "
            "which he placed ahead of another of them at a table they shared, more first. "
            "Players still equal share the place."
        )
    )
    if rules.final_table is not None:
        sentences.append(
            _(
                "Final table: after the last stage the top 4 of the standing play one more "
                "game. Its placements decide places 1-4 (a tie in that game is broken by the "
                "standing before it) and earn %(points)s; places 5 and below keep the "
                "standing after the last stage."
            )
            % {"points": ordinal_points(rules.final_table.placement_points)}
        )
        sentences.append(
            _(
                "Players who share 4th place in every respect before the final table: the "
                "seat goes to the first of them by name (the standing lists them so)."
            )
        )
    return sentences


def _stage_sentences(rules: LeagueRules) -> list[str]:
    assert rules.stages is not None
    sentences = [
        ngettext(
            "%(stages)d stage: everyone plays every stage.",
            "%(stages)d stages: everyone plays every stage.",
            rules.stages,
        )
        % {"stages": rules.stages},
        _(
            "Stage 1 is drawn at random with a published seed, as a league's random draw: "
            "each player's code is the SHA-256 of the text “S:name” (the seed, a colon and "
            "the player's name, in UTF-8); the players are put in the order of their codes "
            "and seated 4 to a table, table 1 first."
        ),
        _(
            "Every later stage is drawn by the tournament standing after the stage before. "
            "The table sizes are those of seating the players in standing order. Tables are "
            "filled in order, table 1 first: the best-placed unseated player opens the next "
            "table, and its other seats go to the players below him in standing order, trying "
            "groups nearest first (groups compared by their standing positions, one by one), "
            "taking the first group in which nobody has shared a table with anybody else at "
            "it in an earlier stage, provided the players still unseated can be seated the "
            "same way. When nothing needs to move this is exactly the standing order, 4 to a "
            "table, so the top of the standing keeps its places first."
        ),
        _(
            "When no arrangement avoids every repeat meeting, the one with the fewest "
            "repeated pairs is taken, the first of them in the same order; the search tries "
            "at most %(steps)s groups and keeps the best arrangement found by then. Players "
            "with no game yet come after the others, by name; nothing is random, so no seed "
            "is published."
        )
        % {"steps": f"{SEARCH_STEPS:,}"},
        _(
            "A stage after the first seats the players of the stage before, its reserves "
            "included, and the latecomers the organizer adds; players register themselves "
            "only for stage 1. Drawing again, swapping players or bringing a reserve in needs "
            "a reason from the organizer, shown with the published draw."
        ),
    ]
    if rules.remainder == "three-player":
        sentences.append(
            _(
                "When the number of players is not a multiple of 4, the last tables seat 3 "
                "players; a 3-player game uses the first three placement values."
            )
        )
        sentences.append(
            _(
                "In a stage drawn by the standing, the table a player opens is one of 4 while "
                "one is free, else one of 3; a table of 3 comes before a table of 4 only when "
                "that alone avoids a repeat meeting (or has fewer of them)."
            )
        )
    else:
        sentences.append(
            _(
                "When the number of players is not a multiple of 4, the 1 to 3 players left "
                "after the last full table are reserves."
            )
        )
    return sentences


def _drops_sentence(rules: LeagueRules) -> str:
    drops = rules.drops
    if not drops.at:
        return _("No games are dropped.")
    sentence = _(
        "A player's worst game (fewest league points, then lowest gap) is dropped after "
        "%(counts)s games played."
    ) % {"counts": _list([str(n) for n in drops.at])}
    if drops.then_every:
        sentence += " " + ngettext(
            "Then one more after every further game.",
            "Then one more after every %(every)d further games.",
            drops.then_every,
        ) % {"every": drops.then_every}
    if drops.max is not None:
        sentence += " " + ngettext(
            "At most %(max)d game is dropped.", "At most %(max)d games are dropped.", drops.max
        ) % {"max": drops.max}
    sentence += " " + _("A dropped game removes both its points and its gap.")
    return sentence


def _minimum_sentences(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    sentences = [
        ngettext(
            "At least %(games)d game to be ranked at the season's end.",
            "At least %(games)d games to be ranked at the season's end.",
            rules.min_games,
        )
        % {"games": rules.min_games}
    ]
    if rules.final_period is not None:
        sentences += _final_period_sentences(rules.final_period, season_end)
    for window in rules.podium_windows:
        sentences.append(
            _("To finish 1st to 3rd: at least %(games)d games in the last %(rounds)d rounds.")
            % {"games": window.min_games, "rounds": window.last_rounds}
        )
    if rules.podium_windows:
        sentences.append(
            _(
                "Places 1 to 3 go to the best players who meet these conditions; the others "
                "keep their order after them. Players below the minimum are listed last, "
                "unranked."
            )
        )
        sentences.append(
            _(
                "A player who does not meet these conditions never finishes 1st to 3rd: when "
                "fewer than three players meet them, the places left over are not awarded and "
                "the next player is 4th."
            )
        )
    return sentences


def _final_period_sentences(period: FinalPeriod, season_end: dt.date | None) -> list[str]:
    """The final period's minimum, where it starts and ends, and (given the season's end
    date) its dates in this season (RULES.md 3.2)."""
    if period.months == 1:
        sentences = [
            _("At least %(games)d games in the season's last month.") % {"games": period.min_games},
            _(
                "The last month runs from the same day one month before the season's end date "
                "up to the day before the end date (a season ending on 1 July: 1 to 30 June); "
                "a game on the end date counts for the season, not for the last month."
            ),
        ]
    else:
        sentences = [
            _("At least %(games)d games in the season's last %(months)d months.")
            % {"games": period.min_games, "months": period.months},
            _(
                "The last %(months)d months run from the same day %(months)d months before the "
                "season's end date up to the day before the end date; a game on the end date "
                "counts for the season, not for them."
            )
            % {"months": period.months},
        ]
    if season_end is not None:
        sentences.append(
            _("In this season: %(first)s to %(last)s.")
            % {
                "first": date_format(period.starts_on(season_end)),
                "last": date_format(period.ends_on(season_end)),
            }
        )
    return sentences


def _round_sentences(rules: LeagueRules) -> list[str]:
    schedule = rules.schedule
    sentences = []
    if rules.rounds_in_season:
        sentences.append(
            _("%(rounds)d rounds, played on %(days)s at %(time)s.")
            % {
                "rounds": rules.rounds_in_season,
                "days": _list([weekday_name(d) for d in schedule.weekdays]),
                "time": time_format(schedule.play_start),
            }
        )
    sentences.append(
        _(
            "Registration closes at %(deadline)s; the draw is published at %(draw)s and the "
            "results at %(results)s."
        )
        % {
            "deadline": time_format(schedule.registration_deadline),
            "draw": time_format(schedule.draw_publish),
            "results": time_format(schedule.results_publish),
        }
    )
    random_days = [weekday_name(d) for d in rules.draw.random_weekdays]
    if random_days:
        sentences.append(
            _("Rounds on %(days)s are drawn at random; the other rounds by league ranking.")
            % {"days": _list(random_days)}
        )
    else:
        sentences.append(_("Every round is drawn by league ranking."))
    if rules.draw.ranking_from_round:
        sentences.append(
            _("From round %(round)d on, every round is drawn by league ranking.")
            % {"round": rules.draw.ranking_from_round}
        )
    sentences.append(
        _(
            "A random draw publishes a seed, a whole number S. Each registered player gets a "
            "code: the SHA-256 of the text “S:name” (the seed, a colon and the "
            "player's name as written, in UTF-8), as 64 hexadecimal characters. The players are "
            "put in the order of their codes (compared as text) and seated 4 to a table in "
            "that order, table 1 first, so anyone can redo the draw with any SHA-256 tool; "
            "each round's draw-check page does it in the browser."
        )
    )
    sentences.append(
        _(
            "A ranking draw seats ranks 1-4 at table 1, 5-8 at table 2, and so on, by the "
            "league ranking when the draw is made; players with no counted game yet come after "
            "the ranked ones, ordered by their codes as in a random draw."
        )
    )
    sentences.append(
        _(
            "Drawing again, swapping players or bringing a reserve in needs a reason from the "
            "organizer; once the draw is published, the round's page lists every draw and "
            "change with its reason."
        )
    )
    if rules.remainder == "reserve":
        sentences.append(
            _(
                "When the number of players is not a multiple of 4, the 1 to 3 players left "
                "after the last full table are reserves."
            )
        )
    else:
        sentences.append(
            _(
                "When the number of players is not a multiple of 4, the last tables seat 3 "
                "players; a 3-player game uses the first three placement values."
            )
        )
    return sentences


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
