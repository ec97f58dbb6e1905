"""Round actions: an organizer adds a round to a season and finishes it after play."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.audit import record_audit
from accounts.permissions import is_organizer
from league.actions.common import SYSTEM, lock_round, require_organizer_for, season_rules
from league.actions.errors import ActionCode, ActionError
from league.models import Round, Season
from league.season_status import advance_season_status


def create_round(season: Season, number: int, date: dt.date, *, actor: Any = SYSTEM) -> Round:
    """Add round `number` on `date` to the season, open for registration."""
    if actor is not SYSTEM and not is_organizer(actor, season.league_id):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer of this league may do this."))
    if season_rules(season).kind != "rounds":
        raise ActionError(
            ActionCode.INVALID,
            _("Season %(season)s is an open-play league; it has no rounds.")
            % {"season": season.slug},
        )
    if number < 1:
        raise ActionError(ActionCode.INVALID, _("The round number must be 1 or more."))
    if not season.start <= date <= season.end:
        raise ActionError(
            ActionCode.INVALID,
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
    except IntegrityError:
        raise ActionError(
            ActionCode.CONFLICT,
            _("Season %(season)s already has a round %(number)s.")
            % {"season": season.slug, "number": number},
        ) from None
    return round_


def finish_round(round_: Round, *, actor: Any = SYSTEM) -> None:
    """Close a drawn round once every table's result is confirmed; players can then no
    longer enter or confirm results (organizers still can correct them)."""
    from games.models import ResultVersion

    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        if locked.status not in (Round.Status.DRAWN, Round.Status.IN_PLAY):
            raise ActionError(
                ActionCode.NOT_DRAWN,
                _("Only a drawn round in play can be finished (round %(number)s is %(status)s).")
                % {"number": locked.number, "status": locked.get_status_display()},
            )
        confirmed = set(
            ResultVersion.objects.filter(
                table__round=locked, status=ResultVersion.Status.CONFIRMED
            ).values_list("table__number", flat=True)
        )
        missing = [
            n
            for n in locked.tables.order_by("number").values_list("number", flat=True)
            if n not in confirmed
        ]
        if missing:
            raise ActionError(
                ActionCode.CONFLICT,
                _("Tables without a confirmed result: %(tables)s.")
                % {"tables": ", ".join(str(n) for n in missing)},
            )
        locked.status = Round.Status.FINISHED
        locked.save(update_fields=["status"])
        advance_season_status(locked.season)
        record_audit(
            actor,
            locked.season.league_id,
            "finish_round",
            f"{locked}: finished",
            round_id=locked.pk,
        )
    round_.status = Round.Status.FINISHED
