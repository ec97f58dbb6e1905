"""Who opens a table's pages: an organizer, a signed-in player of the table, or the holder
of a private seat link opened in this session (games.link_sessions); the others are refused.
A browser that has acted for one seat with a link acts for no other seat of that table, even
signed in as its player."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.errors import ActionError
from core.permissions import is_organizer
from games.link_sessions import actor_for, holds_link_for, other_seat, session_has_links
from league.actions.common import season_rules
from league.models import Round, Seat, Table
from league.round_names import round_in_sentence

TableView = Callable[..., HttpResponse]


class RoundFinishedForLink(Exception):
    """The holder of a table's private link comes back after its round finished: the link
    no longer acts, and the table's result is on the public round page."""

    def __init__(self, table: Table) -> None:
        super().__init__(table.pk)
        self.table = table

    def answer(self, request: HttpRequest) -> HttpResponse:
        round_ = self.table.round
        messages.info(
            request,
            _("%(round)s is finished: its results are on this page.")
            % {"round": capfirst(_in_sentence(round_))},
        )
        address = reverse("web:round", args=[round_.season.slug, round_.number])
        return HttpResponseRedirect(f"{address}#table-{self.table.number}")


def seat_or_login(view: TableView) -> TableView:
    """Like login_required, but a session holding a private seat link may pass.

    The token is only in the link's own URL (games.views.seat_links answers it with
    `Referrer-Policy: no-referrer` and a redirect); the table pages carry no secret, and
    send no Referer to other sites (`same-origin`): with `no-referrer` the browser posts
    the page's forms with `Origin: null`, which Django's CSRF check refuses.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with_link = session_has_links(request.session)
        if not request.user.is_authenticated and not with_link:
            return redirect_to_login(request.get_full_path())
        try:
            response = view(request, *args, **kwargs)
        except RoundFinishedForLink as finished:
            return finished.answer(request)
        if with_link:
            response["Referrer-Policy"] = "same-origin"
        return response

    return wrapper


def _in_sentence(round_: Round) -> str:
    """The round as a sentence names it: "round 3", or a tournament's "stage 2"."""
    try:
        return round_in_sentence(season_rules(round_.season), round_.number)
    except ActionError:  # rules that no longer read: the plain word
        return _("round %(number)s") % {"number": round_.number}


def table_for(request: HttpRequest, table_id: int) -> tuple[Table, list[Seat], bool, Any]:
    """The table, its seats, whether the user organizes its league, and who acts (the user,
    or the seat of a private link); 404 for players while the round's draw is private."""
    table = Table.objects.select_related("round__season__league").filter(pk=table_id).first()
    if table is None:
        raise Http404(_("There is no such table."))
    organizer = is_organizer(request.user, table.round.season.league_id)
    if not organizer and not table.round.draw_is_public:
        raise Http404(
            _("The draw of %(round)s is not published yet.") % {"round": _in_sentence(table.round)}
        )
    seats = list(Seat.objects.filter(table=table).select_related("player").order_by("seat"))
    user_id = request.user.pk if request.user.is_authenticated else None
    if organizer:
        return table, seats, organizer, request.user
    own = next(
        (s.player_id for s in seats if user_id is not None and s.player.user_id == user_id), None
    )
    if own is not None:
        refusal = other_seat(request.session, request.user, own, seats)
        if refusal is not None:
            raise PermissionDenied(refusal)
        return table, seats, organizer, request.user
    link_actor = actor_for(request.session, table, seats)
    if link_actor is not None:
        return table, seats, False, link_actor
    if table.round.status == Round.Status.FINISHED and holds_link_for(request.session, table):
        raise RoundFinishedForLink(table)
    if session_has_links(request.session) and user_id is None:
        raise PermissionDenied(
            _(
                "Your private link does not open this table: it is for another table or round, "
                "or it no longer works."
            )
        )
    raise PermissionDenied(_("Only the players at this table may open its result page."))
