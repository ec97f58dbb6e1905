"""Who may enter, confirm or dispute a table's result now: verify_x raises the reason,
can_x answers yes or no (the pokerkit trio; the action itself is in games.actions).

Pure: callers pass what they already loaded, so pages ask without extra queries and the
actions decide with exactly the same rules under their row lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from core.actor import Actor
from core.errors import ActionCode, ActionError
from games.models import ResultVersion
from league.models import Round, Seat

PLAYABLE = (Round.Status.DRAWN, Round.Status.IN_PLAY)


@dataclass(frozen=True)
class LinkActor:
    """Who acts with a private seat link (games.seat_links): that seat's player, without an
    account, at that table only; never authenticated, never an organizer."""

    link_id: int
    player_id: int
    table_id: int
    is_authenticated: bool = False
    pk: None = None


@dataclass(frozen=True)
class TableState:
    """What the rules look at: the actor's role, the round, the table's current version."""

    organizer: bool
    seated: bool
    user_id: int | None
    round_number: int
    round_status: str
    current: ResultVersion | None
    draw_public: bool = True
    player_id: int | None = None
    not_played: bool = False


def state_for(
    actor: Actor, organizer: bool, seats: Sequence[Seat], round_: Round,
    current: ResultVersion | None, *, not_played: bool = False,
) -> TableState:  # fmt: skip
    """Build the state from loaded rows (seats with their players; no queries). A signed-in
    player and a private link both identify the player of one seat."""
    user_id = actor.pk if getattr(actor, "is_authenticated", False) else None
    if isinstance(actor, LinkActor):
        player_id = next((s.player_id for s in seats if s.player_id == actor.player_id), None)
        if seats and seats[0].table_id != actor.table_id:
            player_id = None
    else:
        player_id = next(
            (s.player_id for s in seats if user_id is not None and s.player.user_id == user_id),
            None,
        )
    return TableState(
        organizer=organizer,
        seated=player_id is not None,
        user_id=user_id,
        player_id=player_id,
        round_number=round_.number,
        round_status=round_.status,
        current=current,
        draw_public=round_.draw_is_public,
        not_played=not_played,
    )


def verify_draw_published(draw_public: bool, round_number: int) -> None:
    """Nobody (organizers included) enters or decides a result at a table whose draw is
    still private: the result would show who sat there. Publish the draw first."""
    if not draw_public:
        raise ActionError(
            ActionCode.DRAW_NOT_PUBLISHED,
            _("The draw of round %(number)s is not published yet; results wait until it is.")
            % {"number": round_number},
        )


def _verify_player(state: TableState) -> None:
    verify_draw_published(state.draw_public, state.round_number)
    if state.not_played:
        raise ActionError(
            ActionCode.CONFLICT,
            _(
                "This table of round %(number)s is marked as not played; an organizer can "
                "mark it as played to enter its result."
            )
            % {"number": state.round_number},
        )
    if state.organizer:
        return
    if not state.seated:
        raise ActionError(
            ActionCode.FORBIDDEN,
            _("Only the players at this table (or an organizer) may enter or confirm its result."),
        )
    if state.round_status not in PLAYABLE:
        raise ActionError(
            ActionCode.ROUND_CLOSED,
            _("Round %(number)s is not in play; ask an organizer to change its results.")
            % {"number": state.round_number},
        )


def _verify_shown(state: TableState, version_number: int) -> ResultVersion:
    current = state.current
    if current is None or current.number != version_number:
        raise ActionError(
            ActionCode.STALE,
            _("The result changed since you opened it; check the new version and try again."),
        )
    return current


def verify_submit(state: TableState) -> None:
    """Players enter while nothing or only an unconfirmed version exists, and the player who
    entered a disputed version corrects it; organizers always."""
    _verify_player(state)
    current = state.current
    if state.organizer or current is None or current.status == ResultVersion.Status.PENDING:
        return
    if current.status == ResultVersion.Status.DISPUTED:
        if _own_entry(state, current):
            return
        raise ActionError(
            ActionCode.FORBIDDEN,
            _(
                "This table's result is disputed: only the player who entered it may correct "
                "it, or an organizer."
            ),
        )
    raise ActionError(
        ActionCode.CONFLICT,
        _("This table's result is already %(status)s; ask an organizer to change it.")
        % {"status": current.get_status_display()},
    )


def verify_confirm(state: TableState, version_number: int) -> None:
    """Another player confirms a pending version; an organizer also a disputed one."""
    _verify_player(state)
    current = _verify_shown(state, version_number)
    allowed = [ResultVersion.Status.PENDING]
    if state.organizer:
        allowed.append(ResultVersion.Status.DISPUTED)
    if current.status not in allowed:
        raise ActionError(
            ActionCode.CONFLICT,
            _("This result is already %(status)s.") % {"status": current.get_status_display()},
        )
    if not state.organizer and _own_entry(state, current):
        raise ActionError(
            ActionCode.FORBIDDEN,
            _("Another player at the table must confirm the result you entered."),
        )


def _own_entry(state: TableState, current: ResultVersion) -> bool:
    """The acting player entered `current` (signed in, or with his seat's private link)."""
    by_user = state.user_id is not None and current.entered_by_id == state.user_id
    by_player = state.player_id is not None and current.entered_player_id == state.player_id
    return by_user or by_player


def verify_dispute(state: TableState, version_number: int) -> None:
    """A player at the table disputes a pending or confirmed version; not his own pending
    entry, which he corrects himself (can_correct)."""
    _verify_player(state)
    current = _verify_shown(state, version_number)
    if current.status == ResultVersion.Status.DISPUTED:
        raise ActionError(ActionCode.CONFLICT, _("This result is already disputed."))
    if current.status == ResultVersion.Status.PENDING and _own_entry(state, current):
        raise ActionError(
            ActionCode.CONFLICT,
            _(
                "You entered this result and it waits for another player's confirmation: "
                "if it is wrong, correct it."
            ),
        )


def can_submit(state: TableState) -> bool:
    return _allowed(verify_submit, state)


def can_correct(state: TableState) -> bool:
    """The current version reopens as it was entered, to be corrected: for the player who
    entered it while it is pending or disputed, and for an organizer."""
    current = state.current
    if current is None or not can_submit(state):
        return False
    return state.organizer or _own_entry(state, current)


def can_confirm(state: TableState) -> bool:
    return state.current is not None and _allowed(verify_confirm, state, state.current.number)


def can_dispute(state: TableState) -> bool:
    return state.current is not None and _allowed(verify_dispute, state, state.current.number)


def _allowed(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except ActionError:
        return False
    return True
