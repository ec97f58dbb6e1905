"""Finish a round: an organizer closes a drawn round once every table's result is confirmed
(or the table is marked as not played).

It lives with the games because it reads the tables' results; the round itself is league data.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from games.models import ResultVersion
from games.season_status import advance_season_status
from league.actions.common import lock_round, require_organizer_for
from league.models import Round
from league.signals import announce_season_change


def finish_round(round_: Round, *, actor: Actor = SYSTEM) -> None:
    """Close a drawn round once every table's result is confirmed (or the table is marked as
    not played); players can then no
    longer enter or confirm results (organizers still can correct them)."""
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
            for n in locked.tables.filter(not_played=False)
            .order_by("number")
            .values_list("number", flat=True)
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
        announce_season_change(locked.season_id)
    round_.status = Round.Status.FINISHED
