"""Keep the checks of a season's tournament stages current when its results change (a
corrected result of an earlier stage, an import): what is kept is in league.stage_check."""

from __future__ import annotations

from django.db import transaction

from draws.entrants import standing_now
from draws.stored import current_record, seats_now_follow
from league.actions.common import lock_round
from league.models import DrawRecord, Round
from league.signals import announce_season_change
from league.stage_check import SEATS, STANDING, rests_on


def refresh_stage_checks(season_id: int) -> int:
    """Check each standing draw of the season again: is the list it started from still the
    standing after the stages before it, with who met whom in them, and do its seats still
    follow the draw and its changes? The search is not run again (the record's own redo
    does not change). Keeps the answers that changed; returns how many records changed.
    A season with no stage drawn by the standing costs one query."""
    round_ids = list(
        DrawRecord.objects.filter(
            round__season_id=season_id, superseded=False, method=Round.DrawMethod.STANDING
        )
        .order_by("round__number")
        .values_list("round_id", flat=True)
    )
    return sum(_refresh(round_id) for round_id in round_ids)


def _refresh(round_id: int) -> bool:
    """Check the standing draw of one round again; True when its kept check changed."""
    with transaction.atomic():
        locked = lock_round(round_id)
        record = current_record(locked)
        if record is None or record.method != Round.DrawMethod.STANDING:
            return False  # drawn again meanwhile
        names = [entry["player"] for entry in record.starting_list]
        now = standing_now(locked, names).starting_list()
        check = {
            **record.server_check,
            STANDING: rests_on(now) == rests_on(record.starting_list),
            SEATS: seats_now_follow(locked, record),
        }
        if check == record.server_check:
            return False
        record.server_check = check
        record.save(update_fields=["server_check"])
        announce_season_change(locked.season_id)
        return True
