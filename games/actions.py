"""Result actions: enter, confirm, dispute, organizer edit; each owns its transaction.

Concurrency: every action locks the table's round row, then the table row (SELECT ... FOR
UPDATE, the order draws and swaps use too) before reading the table's versions, so
submissions and confirmations of one table run one after another;
the partial unique constraint `one_current_result_per_table` backs this up in the
database. Versions are only ever added; a newer one marks the older one superseded.
On confirmation the table's Game and GameResult rows are written in the same
transaction, and the publishing signals are sent after commit.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from core.permissions import is_organizer
from games.dispute_notice import send_dispute_notice
from games.messages import EntryCode, unchanged_message
from games.models import Game, ResultEvent, ResultVersion, SheetDraft
from games.permissions import (
    LinkActor,
    TableState,
    state_for,
    verify_confirm,
    verify_dispute,
    verify_draw_published,
    verify_submit,
)
from games.record import record_game
from games.season_status import advance_season_status
from games.seat_links import verify_link_actor
from games.sheets import CheckedResult, changed_deals, check_scores, check_sheet, sheet_fields
from league.actions.common import lock_round, season_rules
from league.models import Round, Season, Seat, Table
from league.signals import announce_results, announce_season_change
from scoring import Problem

P = ParamSpec("P")
R = TypeVar("R")

CURRENT = (
    ResultVersion.Status.PENDING,
    ResultVersion.Status.CONFIRMED,
    ResultVersion.Status.DISPUTED,
)


class DisputeReasonMissing(ActionError):
    """A dispute without a reason: the organizer and the submitter need to know what is wrong."""

    def __init__(self) -> None:
        super().__init__(
            ActionCode.REASON_MISSING,
            _("Say what is wrong with the result: the organizer decides from your reason."),
        )


class ResultRejected(ActionError):
    """An entered result that breaks the rules; `errors` lists each problem by path."""

    def __init__(self, checked: CheckedResult) -> None:
        super().__init__(ActionCode.RESULT_INVALID, _("The result has errors; nothing was saved."))
        self.checked = checked


def _conflict_safe(action: Callable[P, R]) -> Callable[P, R]:
    """Turn a constraint violation (a race the row lock should already prevent) into a
    clear refusal instead of a server error; the transaction has rolled back by then."""

    @functools.wraps(action)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return action(*args, **kwargs)
        except IntegrityError:
            raise ActionError(
                ActionCode.CONFLICT,
                _("Someone changed this table's result at the same moment; please try again."),
            ) from None

    return wrapper


def _user(actor: Actor) -> Any:
    """The user to record as having acted: None for SYSTEM (and anonymous visitors)."""
    return actor if getattr(actor, "is_authenticated", False) else None


def _via(actor: Actor) -> int | None:
    """The private link the actor used, recorded in the table's history."""
    return actor.link_id if isinstance(actor, LinkActor) else None


def _lock_table(table_id: int) -> Table:
    """Lock the table's round, then the table (the order every league action uses: round
    first), so a swap or redraw cannot interleave with a result of that round."""
    round_id = Table.objects.filter(pk=table_id).values_list("round_id", flat=True).first()
    if round_id is not None:
        lock_round(round_id)
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__season__league")
        .filter(pk=table_id)
        .first()
    )
    if table is None:
        raise ActionError(ActionCode.UNKNOWN, _("There is no such table."))
    return table


def _mark_in_play(table: Table) -> None:
    """The round's first result moves it from drawn to in play (its row is already locked)."""
    if table.round.status == Round.Status.DRAWN:
        Round.objects.filter(pk=table.round_id).update(status=Round.Status.IN_PLAY)
        table.round.status = Round.Status.IN_PLAY


def _seats(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).select_related("player").order_by("seat"))


def _current(table: Table) -> ResultVersion | None:
    return ResultVersion.objects.filter(table=table, status__in=CURRENT).order_by("-number").first()


def _state(table: Table, seats: list[Seat], actor: Actor) -> TableState:
    """The table as the permission rules see it, read under the row lock (a private link
    is checked again here: it may have been revoked since the page opened)."""
    if isinstance(actor, LinkActor):
        verify_link_actor(actor, table, seats)
    organizer = actor is SYSTEM or is_organizer(actor, table.round.season.league_id)
    return state_for(
        actor, organizer, seats, table.round, _current(table), not_played=table.not_played
    )


def check_entry(
    table: Table, seats: int, *, scores: Any = None, deals: Any = None
) -> CheckedResult:
    """Check scores or a deal sheet against the table's league rules (no writes)."""
    rules = season_rules(table.round.season)
    if deals is not None:
        if seats not in (3, 4):
            raise ActionError(
                ActionCode.SHEET_NEEDS_FOUR_PLAYERS,
                _("A deal sheet needs four players; enter the game scores."),
            )
        return check_sheet(
            deals,
            rules.scoring_preset,
            rules.deals_per_game,
            seats=seats,
            three_player_deck=rules.three_player_deck,
        )
    return check_scores(
        scores if scores is not None else (),
        seats,
        rules.scoring_preset,
        rules.deals_per_game,
        three_player_deck=rules.three_player_deck,
    )


def _add_version(
    table: Table,
    current: ResultVersion | None,
    checked: CheckedResult,
    *,
    actor: Actor,
    status: str,
    by_organizer: bool,
    note: str,
    player_id: int | None = None,
) -> ResultVersion:
    """The table's next version: it supersedes `current` and records the deals it changed."""
    _verify_changed(current, checked)
    if current is not None:
        _move(current, ResultVersion.Status.SUPERSEDED, ResultEvent.Action.SUPERSEDED, actor)
    _mark_in_play(table)
    last = ResultVersion.objects.filter(table=table).order_by("-number").first()
    version = ResultVersion.objects.create(
        table=table,
        number=(last.number + 1) if last else 1,
        status=status,
        scores=list(checked.scores or ()),
        deals=checked.deals,
        entered_by=_user(actor),
        entered_player_id=player_id,
        by_organizer=by_organizer,
        note=note[:300],
        changed_deals=None if current is None else changed_deals(current.deals, checked.deals),
    )
    ResultEvent.objects.create(
        version=version,
        action=ResultEvent.Action.EDITED if by_organizer else ResultEvent.Action.SUBMITTED,
        actor=version.entered_by,
        via_id=_via(actor),
        reason=note[:300],
    )
    return version


def _verify_changed(current: ResultVersion | None, checked: CheckedResult) -> None:
    """A correction of an unconfirmed version must change something: the same scores and
    the same sheet again would only ask the table to confirm what it already has."""
    if current is None or current.status == ResultVersion.Status.CONFIRMED:
        return
    same_sheet = (current.deals is None) == (checked.deals is None) and sheet_fields(
        current.deals
    ) == sheet_fields(checked.deals)
    if not same_sheet or list(current.scores) != list(checked.scores or ()):
        return
    path = "scores" if checked.deals is None else "deals"
    problem = Problem(EntryCode.UNCHANGED, path, unchanged_message(current.number))
    raise ResultRejected(CheckedResult(False, None, checked.deals, [problem]))


@_conflict_safe
def submit_result(
    table: Table, *, actor: Actor, scores: Any = None, deals: Any = None, note: str = ""
) -> ResultVersion:
    """A player at the table enters its result (scores, or a deal sheet scored by the rules
    engine); it replaces an unconfirmed earlier version and waits for another player's
    confirmation. An organizer's entry is confirmed at once (see `organizer_set_result`)."""
    with transaction.atomic():
        locked = _lock_table(table.pk)
        seats = _seats(locked)
        state = _state(locked, seats, actor)
        verify_submit(state)
        if state.organizer:
            version = _organizer_set(
                locked, seats, actor, state.current, scores=scores, deals=deals, note=note
            )
        else:
            checked = check_entry(locked, len(seats), scores=scores, deals=deals)
            if not checked.valid:
                raise ResultRejected(checked)
            version = _add_version(
                locked,
                state.current,
                checked,
                actor=actor,
                status=ResultVersion.Status.PENDING,
                by_organizer=False,
                note=note,
                player_id=state.player_id,
            )
        # The entry is made: the submitter's draft is done (other players keep their notes).
        if state.player_id is not None:
            SheetDraft.objects.filter(table=locked, player_id=state.player_id).delete()
        # The round page shows that a result is entered (and the round in play).
        announce_season_change(locked.round.season_id)
        return version


@_conflict_safe
def organizer_set_result(
    table: Table,
    *,
    actor: Actor = SYSTEM,
    scores: Any = None,
    deals: Any = None,
    note: str = "",
    source: str = Game.Source.ORGANIZER,
    rated: bool | None = None,
) -> ResultVersion:
    """An organizer (or SYSTEM) enters or corrects a result, confirmed at once. The game is
    written with its `source` and, when given, its `rated` flag (a platform's game, which
    says whether it is rated); else a replaced game keeps its flag."""
    with transaction.atomic():
        locked = _lock_table(table.pk)
        seats = _seats(locked)
        if actor is not SYSTEM and not is_organizer(actor, locked.round.season.league_id):
            raise ActionError(
                ActionCode.FORBIDDEN, _("Only an organizer of this league may do this.")
            )
        verify_draw_published(locked.round.draw_is_public, locked.round.number)
        return _organizer_set(
            locked,
            seats,
            actor,
            _current(locked),
            scores=scores,
            deals=deals,
            note=note,
            source=source,
            rated=rated,
        )


def _organizer_set(
    table: Table,
    seats: list[Seat],
    actor: Actor,
    current: ResultVersion | None,
    *,
    scores: Any,
    deals: Any,
    note: str,
    source: str = Game.Source.ORGANIZER,
    rated: bool | None = None,
) -> ResultVersion:
    checked = check_entry(table, len(seats), scores=scores, deals=deals)
    if not checked.valid:
        raise ResultRejected(checked)
    version = _add_version(
        table,
        current,
        checked,
        actor=actor,
        status=ResultVersion.Status.CONFIRMED,
        by_organizer=True,
        note=note,
    )
    _store_game(table, seats, version, source=source, rated=rated)
    record_audit(
        actor,
        table.round.season.league_id,
        "result_edit",
        f"{table}: result set to {version.scores} (version {version.number})",
        table_id=table.pk,
        version=version.number,
        scores=version.scores,
        note=note,
    )
    return version


@_conflict_safe
def confirm_result(table: Table, version_number: int, *, actor: Actor) -> ResultVersion:
    """Another player at the table (or an organizer) confirms the version he was shown.

    Refused when that version is no longer the current one (someone entered a newer one)
    or is already confirmed, and for the player who entered it.
    """
    with transaction.atomic():
        locked = _lock_table(table.pk)
        seats = _seats(locked)
        state = _state(locked, seats, actor)
        verify_confirm(state, version_number)
        organizer, current = state.organizer, state.current
        assert current is not None  # verify_confirm checked it
        _move(current, ResultVersion.Status.CONFIRMED, ResultEvent.Action.CONFIRMED, actor)
        _store_game(
            locked,
            seats,
            current,
            source=Game.Source.ORGANIZER if current.by_organizer else Game.Source.ENTRY,
        )
        if organizer:
            record_audit(
                actor,
                locked.round.season.league_id,
                "result_confirm",
                f"{locked}: confirmed version {current.number}",
                table_id=locked.pk,
                version=current.number,
            )
        return current


@_conflict_safe
def dispute_result(
    table: Table, version_number: int, *, actor: Actor, reason: str = ""
) -> ResultVersion:
    """A player at the table disputes the current result, saying why; an organizer then
    decides. A dispute without a reason is refused (DisputeReasonMissing).

    A disputed confirmed result stops counting (its game is marked disputed) until then.
    """
    reason = reason.strip()
    with transaction.atomic():
        locked = _lock_table(table.pk)
        seats = _seats(locked)
        state = _state(locked, seats, actor)
        verify_dispute(state, version_number)
        if not reason:
            raise DisputeReasonMissing
        current = state.current
        assert current is not None  # verify_dispute checked it
        was_confirmed = current.status == ResultVersion.Status.CONFIRMED
        _move(current, ResultVersion.Status.DISPUTED, ResultEvent.Action.DISPUTED, actor, reason)
        if was_confirmed:
            Game.objects.filter(table=locked).update(status=Game.Status.DISPUTED)
            announce_results(locked.round.season_id, None)
        user = _user(actor)
        by = next((s.player.name for s in seats if s.player_id == state.player_id), "")
        send_dispute_notice(
            locked,
            current,
            by=by or (user.get_username() if user is not None else ""),
            reason=reason,
            by_address=(user.email or "") if user is not None else "",
        )
        return current


def _move(version: ResultVersion, status: str, action: str, actor: Any, reason: str = "") -> None:
    """Move `version` to `status` and log the event `action` by `actor` (with its reason)."""
    version.status = status
    version.save(update_fields=["status"])
    ResultEvent.objects.create(
        version=version, action=action, actor=_user(actor), via_id=_via(actor), reason=reason[:300]
    )


def _store_game(
    table: Table,
    seats: list[Seat],
    version: ResultVersion,
    *,
    source: str,
    rated: bool | None = None,
) -> Game:
    """Write (or replace) the table's Game and its per-seat results from `version`, with its
    source and (unless None: a replaced game keeps its own) rated flag. The result is
    confirmed: every player's sheet draft of the table (his notes) is done."""
    round_ = table.round
    game = record_game(
        Game(
            table=table,
            season_id=round_.season_id,
            round=round_,
            date=round_.date,
            status=Game.Status.CONFIRMED,
            source=source,
            rated=True if rated is None else rated,
            deals=version.deals,
        ),
        [(s.seat, s.player_id, version.scores[i]) for i, s in enumerate(seats)],
        rated=rated is not None,
    )
    if round_.season.status == Season.Status.UPCOMING:  # its first result: running now
        advance_season_status(round_.season)
    SheetDraft.objects.filter(table=table).delete()
    announce_results(round_.season_id, game.pk)
    return game
