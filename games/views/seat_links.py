"""Opening a private seat link: the link's seat becomes this session's identity at the table
it opens (games.seat_links, games.link_sessions), then the table page opens; a link that
does not work, or another seat's link in a browser that acts for a seat of that table, is a
403 page that says why (logged with the seat, never the token)."""

from __future__ import annotations

import logging
import re

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.link_sessions import other_seat, remember
from games.models import SeatLink
from games.seat_links import LinkTarget, find_link, link_target
from league.actions.common import season_rules
from league.round_names import round_title

TOKEN = re.compile(r"[0-9a-f]{64}")
logger = logging.getLogger("games.seat_links")


@require_GET
def open_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET /links/TOKEN/: remember the seat in the session and go to the table's page."""
    link = find_link(token) if TOKEN.fullmatch(token) else None
    if link is None:
        raise Http404(
            _(
                "There is no such private link. Copy the whole link from the message you got "
                "(a link cut short does not open), or ask your league's organizer for a new one."
            )
        )
    target = link_target(link)
    problem = target.problem or other_seat(
        request.session, request.user, link.player_id, target.seats
    )
    if problem is not None or target.table is None:
        response = _refused(request, link, target, problem or "")
    else:
        if request.session.session_key:  # a new identity: a new session key (no fixation)
            request.session.cycle_key()
        remember(request.session, link, target.table)
        response = HttpResponseRedirect(reverse("games:table", args=[target.table.pk]))
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "no-store"
    return response


def _refused(
    request: HttpRequest, link: SeatLink, target: LinkTarget, problem: str
) -> HttpResponse:
    """The 403 page with the sentence; one log line naming the seat (Django's own line for
    the response would carry the address, so it is not written)."""
    round_ = target.round or link.round
    logger.warning(
        "Private link refused: season %s, round %s, table %s, player %s (link %s)",
        link.season.slug,
        round_.number,
        target.table.number if target.table else "-",
        link.player_id,
        link.pk,
    )
    context = {
        "message": problem,
        "season": link.season,
        "round_title": round_title(season_rules(link.season), round_.number),
        "round_number": round_.number,
        "table": target.table,
    }
    response = render(request, "games/seat_link_refused.html", context, status=403)
    response._has_been_logged = True  # type: ignore[attr-defined]  # Django's log_response mark
    return response
