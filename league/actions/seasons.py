"""Season actions: an organizer creates a season with all its rounds in one go."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from core.permissions import is_organizer
from league.models import League, Round, Season
from league.signals import announce_season_change


def create_season(
    league: League,
    *,
    name: str,
    slug: str,
    preset: str,
    rules: Mapping[str, Any],
    start: dt.date,
    end: dt.date,
    round_dates: Sequence[dt.date],
    actor: Actor = SYSTEM,
) -> Season:
    """Create an upcoming season of `league` with rounds 1.. on `round_dates`, open for
    registration: all of it or nothing. `rules` are checked rules (LeagueRules.to_dict)."""
    if actor is not SYSTEM and not is_organizer(actor, league):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer of this league may do this."))
    try:
        with transaction.atomic():
            season = Season.objects.create(
                league=league,
                name=name,
                slug=slug,
                rules_preset=preset,
                rules=dict(rules),
                start=start,
                end=end,
                status=Season.Status.UPCOMING,
            )
            Round.objects.bulk_create(
                Round(season=season, number=number, date=date)
                for number, date in enumerate(round_dates, 1)
            )
            record_audit(
                actor,
                league.pk,
                "create_season",
                f"{slug}: created from {preset} with {len(round_dates)} rounds",
                season_id=season.pk,
                season=slug,
                preset=preset,
                rounds=len(round_dates),
            )
            announce_season_change(season.pk)
    except IntegrityError:
        raise ActionError(
            ActionCode.CONFLICT,
            _("There is already a season with the address %(slug)s.") % {"slug": slug},
        ) from None
    return season
