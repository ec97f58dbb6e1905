"""Helpers shared by the league actions: the season's rules, round lookup, row locks, authority."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils.translation import gettext as _

from core.actor import SYSTEM, Actor
from core.errors import ActionCode, ActionError
from core.permissions import is_organizer
from league.models import Round, Season
from league.rules import PRESETS, LeagueRules, RulesError


def season_rules(season: Season) -> LeagueRules:
    """The validated rules of `season`: its preset with its stored values merged in."""
    try:
        if season.rules_preset in PRESETS:
            return LeagueRules.from_preset(season.rules_preset, season.rules or None)
        return LeagueRules.from_dict(season.rules)
    except RulesError as error:
        raise ActionError(
            ActionCode.SEASON_RULES_INVALID,
            _("The rules of season %(season)s are invalid: %(error)s")
            % {"season": season.slug, "error": error},
        ) from error


DEFAULT_ZONE = "Asia/Jerusalem"


def league_zone(name: str) -> ZoneInfo:
    """The league's time zone (the default when the stored name is not a known zone)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def registration_deadline(round_: Round, rules: LeagueRules) -> dt.datetime:
    """When registration closes: the round's own deadline, else the league's time that day."""
    if round_.registration_deadline is not None:
        return round_.registration_deadline
    zone = league_zone(round_.season.league.timezone)
    return dt.datetime.combine(round_.date, rules.schedule.registration_deadline, tzinfo=zone)


def get_round(season_slug: str, number: int, *, lock: bool = False) -> Round:
    """Round `number` of the season `season_slug` (locked FOR UPDATE when `lock`)."""
    rounds = Round.objects.select_related("season__league")
    if lock:
        rounds = rounds.select_for_update(of=("self",))
    found = rounds.filter(season__slug=season_slug, number=number).first()
    if found is None:
        if not Season.objects.filter(slug=season_slug).exists():
            raise ActionError(
                ActionCode.UNKNOWN, _("There is no season %(season)s.") % {"season": season_slug}
            )
        raise ActionError(
            ActionCode.UNKNOWN,
            _("Season %(season)s has no round %(number)s.")
            % {"season": season_slug, "number": number},
        )
    return found


def lock_round(round_id: int) -> Round:
    """Re-read a round FOR UPDATE (call inside a transaction)."""
    return (
        Round.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=round_id)
    )


def acts_as_organizer(actor: Actor, round_: Round) -> bool:
    """True for SYSTEM (command line, scheduler) and for an organizer of the round's league."""
    return actor is SYSTEM or is_organizer(actor, round_.season.league_id)


def require_organizer_for(actor: Actor, round_: Round) -> None:
    """Refuse unless `actor` is the system or an organizer of the round's league."""
    if not acts_as_organizer(actor, round_):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer of this league may do this."))
