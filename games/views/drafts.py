"""A player's sheet draft for his table: saved by the phone sheet as he types, read back by
the sheet page. Only a player seated at the table who may enter its result has one."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ActionCode, ActionError
from core.permissions import is_organizer
from games.drafts import MAX_DRAFT_BYTES, DraftShapeError, read_draft
from games.link_sessions import actor_for, mark_acted, other_seat
from games.models import ResultVersion, SheetDraft
from games.permissions import state_for, verify_submit
from games.views.access import seat_or_login
from league.actions.common import season_rules
from league.models import Player, Seat, Table
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict


def saved_draft(table: Table, seats: list[Seat], user: Any) -> dict[str, Any] | None:
    """The draft `user` saved for `table` (as the page restores it), or None."""
    player = _seated_player(seats, user)
    if player is None:
        return None
    draft = SheetDraft.objects.filter(table=table, player=player).only("data").first()
    return None if draft is None else draft.data


def _seated_player(seats: list[Seat], user: Any) -> Player | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return next((s.player for s in seats if s.player.user_id == user.pk), None)


def _refusal(message: str, status: int, path: str = "") -> JsonResponse:
    return JsonResponse({"error": message, "path": path}, status=status)


@seat_or_login
@require_POST
def save_draft(request: HttpRequest, table_id: int) -> JsonResponse:
    """Store the sheet draft of the player at the table (signed in, or with his seat's
    private link; JSON body); an empty sheet deletes it."""
    table = Table.objects.select_related("round__season__league").filter(pk=table_id).first()
    if table is None:
        return _refusal(_("There is no such table."), 404)
    seats = list(Seat.objects.filter(table=table).select_related("player").order_by("seat"))
    organizer = is_organizer(request.user, table.round.season.league_id)
    current = (
        ResultVersion.objects.filter(table=table)
        .exclude(status=ResultVersion.Status.SUPERSEDED)
        .first()
    )
    own = None if organizer else _seated_player(seats, request.user)
    refusal = None if own is None else other_seat(request.session, request.user, own.pk, seats)
    if refusal is not None:
        return _refusal(refusal, 403)
    signed_in = organizer or own is not None
    actor = request.user if signed_in else actor_for(request.session, table, seats) or request.user
    state = state_for(actor, organizer, seats, table.round, current, not_played=table.not_played)
    try:
        verify_submit(state)
    except ActionError as error:
        return _refusal(error.message, 403 if error.code == ActionCode.FORBIDDEN else 409)
    player = next((s.player for s in seats if s.player_id == state.player_id), None)
    if player is None:
        return _refusal(_("Drafts are kept only for the players at this table."), 403)
    if len(request.body) > MAX_DRAFT_BYTES:
        return _refusal(
            _("The draft is too large (at most %(bytes)d bytes).") % {"bytes": MAX_DRAFT_BYTES},
            413,
        )
    try:
        draft = read_draft(
            loads_strict(request.body or b"null"), season_rules(table.round.season).deals_per_game
        )
    except StrictJsonError as refused:
        return _refusal(_json_refusal(refused), 400, refused.path)
    except DraftShapeError as refused:
        return _refusal(refused.message, 400, refused.path)
    if not any(draft.fields.values()):
        SheetDraft.objects.filter(table=table, player=player).delete()
        return JsonResponse({"saved": False})
    SheetDraft.objects.update_or_create(
        table=table, player=player, defaults={"data": draft.as_json()}
    )
    mark_acted(request.session, actor)
    return JsonResponse({"saved": True})


def _json_refusal(refused: StrictJsonError) -> str:
    """Why a draft's body is not JSON we store, in the player's language."""
    if refused.code == StrictJsonCode.DUPLICATE_KEY:
        return _("The draft names %(field)s twice.") % {"field": refused.path}
    if refused.code == StrictJsonCode.INVALID_TEXT:
        return _("The draft's %(field)s holds a character that is not text.") % {
            "field": refused.path
        }
    return _("The draft is not valid JSON; it was not saved.")
