"""Organizer-token round actions: the league's registration and draw actions, as the token's
organizer. Their refusals (ActionError) reach the API's exception handler, which answers
each with its code's status (api.errors.ACTION_STATUS)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from api.models import ApiToken
from api.platform_players import resolve_players
from api.submissions import PlayerRef
from draws.actions import do_draw_round, publish_draw
from league.actions.registration import register_players
from league.models import Round


def register_round_players(token: ApiToken, round_: Round, refs: Sequence[PlayerRef]) -> None:
    """Register the named players for `round_` as the token's organizer; all or nothing."""
    with transaction.atomic():
        players = list(dict.fromkeys(resolve_players(token, refs)))
        register_players(round_, players, actor=token.created_by)


def draw_round(
    token: ApiToken,
    round_: Round,
    *,
    seed: int | None,
    redraw: bool,
    publish: bool = False,
    reason: str = "",
) -> bool:
    """Draw `round_` by its league's rule as the token's organizer (and publish it if asked;
    a redraw needs a `reason`); True if drawn now."""
    _, made = do_draw_round(round_, actor=token.created_by, seed=seed, redraw=redraw, reason=reason)
    if publish:
        publish_draw(round_, actor=token.created_by)
    return made
