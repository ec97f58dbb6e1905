"""Draw actions: draw a round's tables, swap players, publish the draw (RULES.md 3.1, 3.4).

A draw is read, draw, write, in one transaction with the round locked: `draws.entrants`
reads who plays (typed entrants, with the standing the round's rule seats by), the pure
strategies of `league.draw` make the tables from their names (so the recipe, sha256-v1, can
be redone from the published names and seed), and `draws.write` stores the seats with the
draw's record. Every draw is kept as a DrawRecord (a redraw supersedes the previous one and
needs a reason) and every later swap or reserve brought in as a DrawChange with the
organizer's reason; both are shown publicly once published. A tournament stage's record
also keeps its check (league.stage_check), made when it is drawn and again after each swap.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from draws.entrants import FINAL, STANDING, Entrants, read_entrants
from draws.stored import (
    DRAWN_STATUSES,
    DrawView,
    current_record,
    load_draw,
    round_has_results,
    seats_now_follow,
)
from draws.write import (
    Drawing,
    carry_over_players,
    exchange_seats,
    record_as_seated,
    remove_tables,
    write_draw,
)
from league.actions.common import lock_round, require_organizer_for, season_rules
from league.draw import SHA256_RECIPE, Draw, DrawError, make_draw
from league.models import DrawChange, Player, Registration, Round, Seat, Table
from league.round_names import round_title
from league.rules import LeagueRules
from league.signals import announce_season_change
from league.stage_check import SEATS

SEED_LIMIT = 2**31
SEED_BOUND = 2**63
ROUND_FIELDS = ("status", "draw_method", "draw_seed", "drawn_at", "draw_published_at")


# A draw's change is told with its reason on the round page and in the draw's chat text.
REASON_MAX_LENGTH = 200


def _required_reason(reason: str, message: str) -> str:
    text = " ".join(reason.split())
    if not text:
        raise ActionError(ActionCode.REASON_MISSING, message)
    if len(text) > REASON_MAX_LENGTH:
        raise ActionError(
            ActionCode.REASON_TOO_LONG,
            _(
                "The reason is %(length)s characters long: keep it to %(max)s, as it is shown "
                "with the draw and in its chat text."
            )
            % {"length": len(text), "max": REASON_MAX_LENGTH},
        )
    return text


def do_draw_round(
    round_: Round,
    *,
    actor: Actor = SYSTEM,
    seed: int | None = None,
    redraw: bool = False,
    reason: str = "",
) -> tuple[DrawView, bool]:
    """Draw the round by its league's rule; returns (the draw, whether it was made now).

    An already drawn round is returned unchanged unless `redraw`, which needs a `reason`
    (kept in the draw's history) and is refused once any result exists. A redraw of a
    published draw is published at once, so the public sees the new draw and why.
    Drawing closes registration. `seed` fixes a random draw's seed.
    """
    if seed is not None and not 0 <= seed < SEED_BOUND:
        raise ActionError(ActionCode.SEED_INVALID, _("The seed must be a whole number ≥ 0."))
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        was_published = locked.draw_published_at is not None
        if locked.status in DRAWN_STATUSES:
            if not redraw:
                return load_draw(locked), False
            reason = _clear_for_redraw(locked, reason)
        rules = season_rules(locked.season)
        entrants = _read(locked, rules)
        draw = _draw(entrants, seed, rules.remainder)
        drawing = Drawing(
            remainder=rules.remainder,
            drawn_at=timezone.now(),
            drawn_by=acting_user(actor),
            reason=reason.strip(),
            published=was_published and redraw,
        )
        write_draw(locked, entrants, draw, drawing)
        result = load_draw(locked)
        _audit_draw(actor, locked, result, redraw=redraw, reason=drawing.reason)
        announce_season_change(locked.season_id)
    for name in ROUND_FIELDS:
        setattr(round_, name, getattr(locked, name))
    return result, True


def _clear_for_redraw(round_: Round, reason: str) -> str:
    """Refuse a redraw once play started, or without a reason; else take the tables away.
    Returns the reason."""
    if round_.status != Round.Status.DRAWN or round_has_results(round_):
        raise ActionError(
            ActionCode.HAS_RESULTS,
            _("Round %(number)s already has results; it cannot be drawn again.")
            % {"number": round_.number},
        )
    reason = _required_reason(
        reason,
        _(
            "Give a reason for drawing round %(number)s again: it is kept in the "
            "draw's history, shown publicly once the draw is published."
        )
        % {"number": round_.number},
    )
    remove_tables(round_)
    return reason


def _read(round_: Round, rules: LeagueRules) -> Entrants:
    """The round's entrants by its rule's method, refused when there is nobody to draw."""
    method = rules.draw_method_for(round_.number, round_.date)
    if method in (STANDING, FINAL):
        _require_earlier_stages_finished(round_, round_title(rules, round_.number))
    if method == STANDING:
        carry_over_players(round_)
    entrants = read_entrants(round_, method)
    if not entrants.players:
        raise ActionError(
            ActionCode.NOBODY_REGISTERED,
            _("No players are registered for round %(number)s; nothing to draw.")
            % {"number": round_.number},
        )
    return entrants


def _draw(entrants: Entrants, seed: int | None, remainder: str) -> Draw[str]:
    """The pure draw of the entrants' names (a random seed unless `seed` is given)."""
    options = {"met": entrants.met_pairs()} if entrants.method == STANDING else {}
    try:
        return make_draw(
            entrants.method,
            entrants.names(),
            seed=seed if seed is not None else secrets.randbelow(SEED_LIMIT),
            ranking=entrants.ranking(),
            remainder=remainder,
            recipe=SHA256_RECIPE,
            **options,
        )
    except DrawError as error:
        raise ActionError(ActionCode.DRAW_IMPOSSIBLE, error.message) from None


def _audit_draw(actor: Actor, round_: Round, draw: DrawView, *, redraw: bool, reason: str) -> None:
    seed = f", seed {draw.seed}" if draw.seed is not None else ""
    why = f" ({reason})" if reason else ""
    record_audit(
        actor,
        round_.season.league_id,
        "redraw" if redraw else "draw",
        f"{round_}: drawn by {draw.method}{seed}{why}",
        round_id=round_.pk,
        reason=reason,
        **draw.as_json(),
    )


def _require_earlier_stages_finished(round_: Round, title: str) -> None:
    """A tournament's stage k > 1 and its final table are drawn by the standing after the
    stages before: every one of them must be finished."""
    unfinished = list(
        Round.objects.filter(season_id=round_.season_id, number__lt=round_.number)
        .exclude(status=Round.Status.FINISHED)
        .values_list("number", flat=True)
    )
    if unfinished:
        raise ActionError(
            ActionCode.EARLIER_STAGE_UNFINISHED,
            _(
                "%(round)s is drawn by the standing after the stages before it: "
                "finish stage %(earlier)s first."
            )
            % {"round": title, "earlier": unfinished[0]},
        )


def swap_players(
    round_: Round, first: Player, second: Player, *, actor: Actor = SYSTEM, reason: str = ""
) -> None:
    """Swap two players' seats, or seat a reserve in a seated player's place, before play.

    The `reason` is required: the change is recorded (DrawChange) and shown publicly with
    the draw. Seats are locked in primary-key order so two swaps at once cannot deadlock.
    """
    if first.pk == second.pk:
        raise ActionError(ActionCode.SWAP_SAME_PLAYER, _("Choose two different players to swap."))
    reason = _required_reason(
        reason,
        _("Give a reason for the change: it is shown publicly with the draw."),
    )
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        if locked.status != Round.Status.DRAWN or round_has_results(locked):
            raise ActionError(
                ActionCode.NOT_DRAWN,
                _("Players can be swapped only after the draw and before any result."),
            )
        seats = _locked_seats(locked, first, second)
        if len({seat.table_id for seat in seats.values()}) == 1 and len(seats) == 2:
            raise ActionError(
                ActionCode.SWAP_SAME_TABLE,
                _(
                    "%(first)s and %(second)s sit at the same table: swapping them changes "
                    "nothing. Choose a player of another table, or a reserve."
                )
                % {"first": first.name, "second": second.name},
            )
        table_numbers = dict(
            Table.objects.filter(pk__in=[s.table_id for s in seats.values()]).values_list(
                "pk", "number"
            )
        )
        record = current_record(locked) or record_as_seated(locked)
        kind, involved = exchange_seats(locked, seats, first, second)
        DrawChange.objects.create(
            record=record,
            kind=kind,
            players=[p.name for p in involved],
            tables=[
                table_numbers[seats[p.pk].table_id] if p.pk in seats else None for p in involved
            ],
            reason=reason,
            at=timezone.now(),
            by=acting_user(actor),
        )
        if SEATS in record.server_check:  # a stage's kept check (league.stage_check)
            record.server_check[SEATS] = seats_now_follow(locked, record)
            record.save(update_fields=["server_check"])
        record_audit(
            actor,
            locked.season.league_id,
            "swap",
            f"{locked}: swapped {first.name} and {second.name} ({reason})",
            round_id=locked.pk,
            players=[first.name, second.name],
            reason=reason,
        )
        # The draw (public or not) and its chat text changed: the pages move on, and the
        # season republishes after commit (publishing.receivers), as after the draw.
        announce_season_change(locked.season_id)


def _locked_seats(round_: Round, first: Player, second: Player) -> dict[int, Seat]:
    """The two players' seats, locked in primary-key order, by player id: each must be
    seated or a reserve, and at least one seated."""
    seats = {
        s.player_id: s
        for s in Seat.objects.select_for_update()
        .filter(round=round_, player__in=[first.pk, second.pk])
        .order_by("pk")
    }
    registered = set(
        Registration.objects.filter(round=round_, player__in=[first.pk, second.pk]).values_list(
            "player_id", flat=True
        )
    )
    for player in (first, second):
        if player.pk not in seats and player.pk not in registered:
            raise ActionError(
                ActionCode.NOT_REGISTERED,
                _("%(player)s is neither seated nor a reserve in this round.")
                % {"player": player.name},
            )
    if not seats:
        raise ActionError(ActionCode.SWAP_TWO_RESERVES, _("Two reserves cannot be swapped."))
    return seats


def publish_draw(round_: Round, *, actor: Actor = SYSTEM) -> bool:
    """Mark the draw published (public pages show it); True when it was not yet published."""
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        if locked.status not in DRAWN_STATUSES:
            raise ActionError(ActionCode.NOT_DRAWN, _("The round has not been drawn yet."))
        if locked.draw_published_at is not None:
            return False
        locked.draw_published_at = timezone.now()
        locked.save(update_fields=["draw_published_at"])
        record_audit(
            actor,
            locked.season.league_id,
            "publish_draw",
            f"{locked}: draw published",
            round_id=locked.pk,
        )
        announce_season_change(locked.season_id)
    round_.draw_published_at = locked.draw_published_at
    return True
