"""League actions: the organizer sets where the league plays (the draw text names it)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _

from core.actor import Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from core.permissions import is_organizer
from league.models import League, Season
from league.signals import announce_season_change


def set_where_we_play(
    league: League, *, link: str, join_time: dt.time | None, actor: Actor
) -> League:
    """Store the league's game or video-call link and its join time (both may be empty);
    the seasons still running republish, so their draw texts carry it."""
    if not is_organizer(actor, league):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer of this league may do this."))
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        league.play_link = link
        league.join_time = join_time
        league.save(update_fields=["play_link", "join_time"])
        joined = join_time.strftime("%H:%M") if join_time else ""
        record_audit(
            actor,
            league.pk,
            "where_we_play",
            f"{league.slug}: where we play {link or '-'} (join at {joined or '-'})",
            link=link,
            join_time=joined,
        )
        running = Season.objects.filter(league=league).exclude(status=Season.Status.FINISHED)
        for season_id in running.values_list("pk", flat=True):
            announce_season_change(season_id)
    return league
