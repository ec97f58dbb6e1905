"""A player's own page: the rounds he can register for and the tables he sits at."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.disputes import disputed_entries_of
from games.tonight import tonight_seats
from league.actions.common import registration_deadline, season_rules
from league.actions.players import player_of
from league.actions.registration import (
    can_register_now,
    players_register_for,
    register_player,
    unregister_player,
)
from league.models import Player, Registration, Round, Seat
from league.views.common import run_action

UPCOMING_LIMIT = 10


@login_required
@require_GET
def my_rounds(request: HttpRequest) -> HttpResponse:
    """Open rounds (register/unregister until the deadline) and my tables in rounds whose
    draw is published."""
    player = player_of(request.user)
    rounds: list[dict[str, object]] = []
    seats: list[Seat] = []
    if player is not None:
        open_rounds = list(
            Round.objects.filter(status=Round.Status.OPEN)
            .select_related("season__league")
            .order_by("date", "number")[:UPCOMING_LIMIT]
        )
        mine = set(
            Registration.objects.filter(player=player, round__in=open_rounds).values_list(
                "round_id", flat=True
            )
        )
        for round_ in open_rounds:
            if not players_register_for(round_):
                continue  # a tournament's later stages: never offered
            rounds.append(
                {
                    "round": round_,
                    "registered": round_.pk in mine,
                    "deadline": registration_deadline(round_, season_rules(round_.season)),
                    "open": can_register_now(round_),
                }
            )
        seats = list(
            Seat.objects.filter(
                Round.draw_public_q("round__"),
                player=player,
                round__status__in=[Round.Status.DRAWN, Round.Status.IN_PLAY],
            )
            .select_related("table__round__season")
            .order_by("-round__date")[:UPCOMING_LIMIT]
        )
    return render(
        request,
        "games/my_rounds.html",
        {
            "player": player,
            "rounds": rounds,
            "seats": seats,
            "tonight": tonight_seats(seats, timezone.localtime()),
            "disputes": disputed_entries_of(request.user.pk, [s.table_id for s in seats]),
        },
    )


def _own_player(request: HttpRequest) -> Player:
    player = player_of(request.user)
    if player is None:
        raise Http404(_("Your account is not linked to a player yet; claim your player first."))
    return player


def _round(round_id: int) -> Round:
    round_ = Round.objects.select_related("season__league").filter(pk=round_id).first()
    if round_ is None:
        raise Http404(_("There is no such round."))
    return round_


@login_required
@require_POST
def register_me(request: HttpRequest, round_id: int) -> HttpResponse:
    """Register the logged-in player for a round."""
    round_, player = _round(round_id), _own_player(request)
    return run_action(
        request,
        lambda: register_player(round_, player, actor=request.user),
        success=_("You are registered for round %(number)s.") % {"number": round_.number},
        back=reverse("games:my_rounds"),
    )


@login_required
@require_POST
def unregister_me(request: HttpRequest, round_id: int) -> HttpResponse:
    """Remove the logged-in player's registration."""
    round_, player = _round(round_id), _own_player(request)
    return run_action(
        request,
        lambda: unregister_player(round_, player, actor=request.user),
        success=_("You are no longer registered for round %(number)s.") % {"number": round_.number},
        back=reverse("games:my_rounds"),
    )
