"""How each rule reads on the rules page: the sentences a rule's value says, in the active
language, every number taken from the rules (`RuleField.reads` in `fields.py` names them; the
page's layout, its headings and fixed sentences, is `web/rules_text.py`).

A reading takes the whole rules (some rules read together: the round days and the time play
starts read with the rounds) and the season's end date (the final period's dates), and says
nothing ([]) where its rule is unset.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.rules.names import deck_name, scoring_preset_name, weekday_name
from league.rules.objects import FinalPeriod

if TYPE_CHECKING:
    from league.rules.league_rules import LeagueRules


def spoken_list(items: list[str]) -> str:
    """'a, b and c' in the active language."""
    if len(items) <= 1:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def ordinal_points(points: tuple[int, ...]) -> str:
    """'1st 6, 2nd 3, 3rd 1, 4th 0'."""
    places = [_("1st"), _("2nd"), _("3rd"), _("4th")]
    return ", ".join(
        _("%(place)s: %(points)s") % {"place": place, "points": value}
        for place, value in zip(places, points, strict=False)
    )


def deals_per_game(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    return [
        ngettext("A game is %(deals)d deal.", "A game is %(deals)d deals.", rules.deals_per_game)
        % {"deals": rules.deals_per_game}
    ]


def scoring_preset(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    return [
        _("Deals are scored with the %(preset)s rules.")
        % {"preset": scoring_preset_name(rules.scoring_preset)}
    ]


def placement_points(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    return [
        _("Places at a table earn %(points)s league points; the game score itself adds nothing.")
        % {"points": ordinal_points(rules.placement_points)}
    ]


def drops(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    """The whole drop schedule in one sentence (its counts, then every, and most)."""
    schedule = rules.drops
    if not schedule.at:
        return [_("No games are dropped.")]
    sentence = _(
        "A player's worst game (fewest league points, then lowest gap) is dropped after "
        "%(counts)s games played."
    ) % {"counts": spoken_list([str(n) for n in schedule.at])}
    if schedule.then_every:
        sentence += " " + ngettext(
            "Then one more after every further game.",
            "Then one more after every %(every)d further games.",
            schedule.then_every,
        ) % {"every": schedule.then_every}
    if schedule.max is not None:
        sentence += " " + ngettext(
            "At most %(max)d game is dropped.", "At most %(max)d games are dropped.", schedule.max
        ) % {"max": schedule.max}
    sentence += " " + _("A dropped game removes both its points and its gap.")
    return [sentence]


def min_games(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    return [
        ngettext(
            "At least %(games)d game to be ranked at the season's end.",
            "At least %(games)d games to be ranked at the season's end.",
            rules.min_games,
        )
        % {"games": rules.min_games}
    ]


def podium_windows(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if not rules.podium_windows:
        return []
    sentences = [
        ngettext(
            "To finish 1st to 3rd: at least %(games)d game in the last %(rounds)d rounds.",
            "To finish 1st to 3rd: at least %(games)d games in the last %(rounds)d rounds.",
            window.min_games,
        )
        % {"games": window.min_games, "rounds": window.last_rounds}
        for window in rules.podium_windows
    ]
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


def final_period(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    """The final period's minimum, where it starts and ends, and (given the season's end
    date) its dates in this season (RULES.md 3.2)."""
    period = rules.final_period
    if period is None:
        return []
    sentences = _final_period_terms(period)
    if season_end is not None:
        sentences.append(
            _("In this season: %(first)s to %(last)s.")
            % {
                "first": date_format(period.starts_on(season_end)),
                "last": date_format(period.ends_on(season_end)),
            }
        )
    return sentences


def _final_period_terms(period: FinalPeriod) -> list[str]:
    if period.months == 1:
        return [
            _("At least %(games)d games in the season's last month.") % {"games": period.min_games},
            _(
                "The last month runs from the same day one month before the season's end date "
                "up to the day before the end date (a season ending on 1 July: 1 to 30 June); "
                "a game on the end date counts for the season, not for the last month."
            ),
        ]
    return [
        _("At least %(games)d games in the season's last %(months)d months.")
        % {"games": period.min_games, "months": period.months},
        _(
            "The last %(months)d months run from the same day %(months)d months before the "
            "season's end date up to the day before the end date; a game on the end date "
            "counts for the season, not for them."
        )
        % {"months": period.months},
    ]


def rounds_in_season(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    """The rounds, with the weekdays they are played on and the time play starts."""
    if not rules.rounds_in_season:
        return []
    return [
        _("%(rounds)d rounds, played on %(days)s at %(time)s.")
        % {
            "rounds": rules.rounds_in_season,
            "days": spoken_list([weekday_name(d) for d in rules.schedule.weekdays]),
            "time": time_format(rules.schedule.play_start),
        }
    ]


def round_day_times(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    """When registration closes, the draw is published and the results are published."""
    schedule = rules.schedule
    return [
        _(
            "Registration closes at %(deadline)s; the draw is published at %(draw)s and the "
            "results at %(results)s."
        )
        % {
            "deadline": time_format(schedule.registration_deadline),
            "draw": time_format(schedule.draw_publish),
            "results": time_format(schedule.results_publish),
        }
    ]


def random_weekdays(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    days = [weekday_name(d) for d in rules.draw.random_weekdays]
    if not days:
        return [_("Every round is drawn by league ranking.")]
    return [
        _("Rounds on %(days)s are drawn at random; the other rounds by league ranking.")
        % {"days": spoken_list(days)}
    ]


def ranking_from_round(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if not rules.draw.ranking_from_round:
        return []
    return [
        _("From round %(round)d on, every round is drawn by league ranking.")
        % {"round": rules.draw.ranking_from_round}
    ]


def remainder(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if rules.remainder == "reserve":
        return [
            _(
                "When the number of players is not a multiple of 4, the 1 to 3 players left "
                "after the last full table are reserves."
            )
        ]
    sentences = [
        _(
            "When the number of players is not a multiple of 4, the last tables seat 3 "
            "players; a 3-player game uses the first three placement values."
        )
    ]
    if rules.is_tournament:
        sentences.append(
            _(
                "In a stage drawn by the standing, the table a player opens is one of 4 while "
                "one is free, else one of 3; a table of 3 comes before a table of 4 only when "
                "that alone avoids a repeat meeting (or has fewer of them)."
            )
        )
    return sentences


def rating_threshold(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if rules.rating_threshold is None:
        return []
    return [
        _(
            "Players whose skill rating reached %(threshold)d at least once after "
            "the season started; the right stays even if the rating falls. Every "
            "rated game between four members counts."
        )
        % {"threshold": rules.rating_threshold}
    ]


def stages(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if rules.stages is None:
        return []
    return [
        ngettext(
            "%(stages)d stage: everyone plays every stage.",
            "%(stages)d stages: everyone plays every stage.",
            rules.stages,
        )
        % {"stages": rules.stages}
    ]


def final_table(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if rules.final_table is None:
        return []
    return [
        _(
            "Final table: after the last stage the top 4 of the standing play one more "
            "game. Its placements decide places 1-4 (a tie in that game is broken by the "
            "standing before it) and earn %(points)s; places 5 and below keep the "
            "standing after the last stage."
        )
        % {"points": ordinal_points(rules.final_table.placement_points)},
        _(
            "Players who share 4th place in every respect before the final table: the "
            "seat goes to the first of them by name (the standing lists them so)."
        ),
    ]


def three_player_deck(rules: LeagueRules, season_end: dt.date | None) -> list[str]:
    if rules.remainder != "three-player":
        return []
    return [
        _(
            "A table of three plays with %(deck)s; the three contracts may not total the "
            "deal's tricks."
        )
        % {"deck": deck_name(rules.three_player_deck)}
    ]
