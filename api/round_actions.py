"""Organizer-token round actions: the league's registration and draw actions, as the token's
organizer, with their refusals as API errors."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied

from api.errors import ApiError, error
from api.models import ApiToken
from api.platform_players import resolve_players
from api.submissions import PlayerRef
from league.actions.draws import do_draw_round, publish_draw
from league.actions.errors import ActionCode, ActionError
from league.actions.registration import register_players
from league.models import Round


def register_round_players(token: ApiToken, round_: Round, refs: Sequence[PlayerRef]) -> None:
    """Register the named players for `round_` as the token's organizer; all or nothing."""
    try:
        with transaction.atomic():
            players = list(dict.fromkeys(resolve_players(token.platform, refs)))
            register_players(round_, players, actor=token.created_by)
    except ActionError as refused:
        raise refused_by_action(refused) from None


def draw_round(
    token: ApiToken, round_: Round, *, seed: int | None, redraw: bool, publish: bool = False
) -> bool:
    """Draw `round_` by its league's rule as the token's organizer (and publish it if asked);
    True if drawn now."""
    try:
        _, made = do_draw_round(round_, actor=token.created_by, seed=seed, redraw=redraw)
        if publish:
            publish_draw(round_, actor=token.created_by)
    except ActionError as refused:
        raise refused_by_action(refused) from None
    return made


_ACTION_STATUS = {
    ActionCode.UNKNOWN: status.HTTP_404_NOT_FOUND,
    ActionCode.INVALID: status.HTTP_400_BAD_REQUEST,
    ActionCode.FORBIDDEN: status.HTTP_403_FORBIDDEN,
}


def refused_by_action(refused: ActionError) -> Exception:
    """A league action's refusal as an API error: 404, 400, 403, else 409 (the round's state)."""
    code = _ACTION_STATUS.get(refused.code, status.HTTP_409_CONFLICT)
    if code == status.HTTP_404_NOT_FOUND:
        return NotFound(refused.message)
    if code == status.HTTP_403_FORBIDDEN:
        return PermissionDenied(refused.message)
    return ApiError(code, [error(refused.code.value, "", refused.message)])
