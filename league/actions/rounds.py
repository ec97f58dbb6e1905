"""Round actions: an organizer adds a round to a season (finishing it after play needs the
results: `games.finish`)."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from core.permissions import is_organizer
from league.actions.common import season_rules
from league.models import Round, Season
from league.signals import announce_season_change


def create_round(season: Season, number: int, date: dt.date, *, actor: Actor = SYSTEM) -> Round:
    """Add round `number` on `date` to the season, open for registration."""
    if actor is not SYSTEM and not is_organizer(actor, season.league_id):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer of this league may do this."))
    if season_rules(season).kind != "rounds":
        raise ActionError(
            ActionCode.OPEN_PLAY_HAS_NO_ROUNDS,
            _("Season %(season)s is an open-play league; it has no rounds.")
            % {"season": season.slug},
        )
    if number < 1:
        raise ActionError(ActionCode.ROUND_NUMBER_INVALID, _("The round number must be 1 or more."))
    if not season.start <= date <= season.end:
        raise ActionError(
            ActionCode.DATE_OUTSIDE_SEASON,
            _("The date must be within the season (%(start)s to %(end)s).")
            % {"start": season.start, "end": season.end},
        )
    try:
        with transaction.atomic():
            round_ = Round.objects.create(season=season, number=number, date=date)
            record_audit(
                actor,
                season.league_id,
                "create_round",
                f"{season.slug}: round {number} on {date}",
                round_id=round_.pk,
            )
            announce_season_change(season.pk)
    except IntegrityError:
        raise ActionError(
            ActionCode.CONFLICT,
            _("Season %(season)s already has a round %(number)s.")
            % {"season": season.slug, "number": number},
        ) from None
    return round_
