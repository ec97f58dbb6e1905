"""A player's own page (/me/): the rounds he can register for, the tables he sits at and his
place in the running seasons' published tables (web.viewer_place)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.current_versions import current_versions
from games.disputes import disputes_for
from games.next_actions import next_actions
from league.actions.common import registration_deadline, season_rules
from league.actions.players import player_of
from league.actions.registration import (
    can_register_now,
    players_register_for,
    register_player,
    unregister_player,
)
from league.models import Player, Registration, Round, Seat
from league.round_names import round_in_sentence
from league.rules import LeagueRules
from league.views.common import run_action
from web.calendar_feed import feed_links
from web.mail_settings import mail_settings
from web.viewer_place import places_of, running_seasons

UPCOMING_LIMIT = 10


@login_required
@require_GET
def my_rounds(request: HttpRequest) -> HttpResponse:
    """The next action first: results waiting for my confirmation, tonight's table, my other
    drawn tables not yet played; then my place in the running seasons and the rounds I can
    register for (register/unregister until the deadline)."""
    player = player_of(request.user)
    context: dict[str, object] = {"player": player, "mail": mail_settings(request.user)}
    if player is not None:
        seats = list(
            Seat.objects.filter(
                Round.draw_public_q("round__"),
                player=player,
                round__status__in=[Round.Status.DRAWN, Round.Status.IN_PLAY],
            )
            .select_related("table__round__season__league")
            .order_by("-round__date")[:UPCOMING_LIMIT]
        )
        current = current_versions([s.table_id for s in seats])
        context |= {
            "actions": next_actions(
                seats, current, user_id=request.user.pk, player_id=player.pk, now=timezone.now()
            ),
            "disputes": disputes_for(
                v for v in current.values() if v.entered_by_id == request.user.pk
            ),
            "places": places_of(player, running_seasons()),
            "rounds": _registrations(player),
            "calendar": feed_links(reverse("web:player_calendar", args=[player.slug]), request),
        }
    return render(request, "web/my_rounds.html", context)


@login_required
@require_GET
def my_registration(request: HttpRequest) -> HttpResponse:
    """The round page's Register: /me/ at its registration part. A fragment never reaches the
    server, so a visitor sent to sign in first would come back to the top of /me/; this
    address survives the sign-in's ?next= and then adds the fragment."""
    return redirect(reverse("web:my_rounds") + "#registration")


def _registrations(player: Player) -> list[dict[str, object]]:
    """The next open rounds the player registers for himself, with his registration: from
    today on (a round of a day gone by is past its deadline, whatever its status says: a
    season made with a start in the past has them), a tournament's later stages left out
    before the first UPCOMING_LIMIT are taken."""
    since = timezone.localdate() - dt.timedelta(days=1)  # yesterday: any league's today
    candidates = (
        Round.objects.filter(status=Round.Status.OPEN, date__gte=since)
        .select_related("season__league")
        .order_by("date", "number")[: UPCOMING_LIMIT * 3]
    )
    rules: dict[int, LeagueRules] = {}  # each season's, read once for all its rounds
    for round_ in candidates:
        if round_.season_id not in rules:
            rules[round_.season_id] = season_rules(round_.season)
    open_rounds = [r for r in candidates if players_register_for(r, rules[r.season_id])]
    open_rounds = open_rounds[:UPCOMING_LIMIT]
    mine = set(
        Registration.objects.filter(player=player, round__in=open_rounds).values_list(
            "round_id", flat=True
        )
    )
    return [
        {
            "round": round_,
            "registered": round_.pk in mine,
            "deadline": registration_deadline(round_, rules[round_.season_id]),
            "open": can_register_now(round_, rules[round_.season_id]),
        }
        for round_ in open_rounds
    ]


def _own_player(request: HttpRequest) -> Player:
    player = player_of(request.user)
    if player is None:
        raise Http404(_("Your account is not linked to a player yet; claim your player first."))
    return player


def _in_sentence(round_: Round) -> str:
    """The round as a sentence names it: "round 3", or a tournament's "stage 1"."""
    return round_in_sentence(season_rules(round_.season), round_.number)


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
        success=_("You are registered for %(round)s.") % {"round": _in_sentence(round_)},
        back=reverse("web:my_rounds"),
    )


@login_required
@require_POST
def unregister_me(request: HttpRequest, round_id: int) -> HttpResponse:
    """Remove the logged-in player's registration."""
    round_, player = _round(round_id), _own_player(request)
    return run_action(
        request,
        lambda: unregister_player(round_, player, actor=request.user),
        success=_("You are no longer registered for %(round)s.") % {"round": _in_sentence(round_)},
        back=reverse("web:my_rounds"),
    )
