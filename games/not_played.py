"""Mark a drawn table as not played (its players never sat down), or as played again.

A not-played table counts as done: the round can be finished and its results published
without it. A table with a confirmed result was played, so it cannot be marked.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.actor import Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from games.models import ResultVersion
from games.permissions import PLAYABLE
from league.actions.common import lock_round, require_organizer_for
from league.models import Table
from league.signals import announce_results


def mark_not_played(table: Table, *, actor: Actor, not_played: bool = True) -> None:
    """An organizer of the league marks `table` as not played (or, with
    `not_played=False`, as played after all) while its round is drawn or in play."""
    with transaction.atomic():
        locked_round = lock_round(table.round_id)
        require_organizer_for(actor, locked_round)
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if locked_round.status not in PLAYABLE:
            raise ActionError(
                ActionCode.ROUND_CLOSED,
                _("Round %(number)s is not in play; table %(table)s cannot be changed.")
                % {"number": locked_round.number, "table": locked.number},
            )
        if not_played and _has_confirmed_result(locked):
            raise ActionError(
                ActionCode.CONFLICT,
                _("Table %(table)s has a confirmed result, so it was played.")
                % {"table": locked.number},
            )
        if locked.not_played == not_played:
            return
        locked.not_played = not_played
        locked.save(update_fields=["not_played"])
        record_audit(
            actor,
            locked_round.season.league_id,
            "mark_not_played" if not_played else "mark_played",
            f"{locked}: {'not played' if not_played else 'played after all'}",
            round_id=locked_round.pk,
            table_id=locked.pk,
        )
        announce_results(locked_round.season_id)
    table.not_played = not_played


def _has_confirmed_result(table: Table) -> bool:
    return ResultVersion.objects.filter(table=table, status=ResultVersion.Status.CONFIRMED).exists()
