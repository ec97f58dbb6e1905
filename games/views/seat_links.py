"""Opening a private seat link: the link's seat becomes this session's identity at its
table (games.seat_links), then the table page opens; a link that does not work says why."""

from __future__ import annotations

import re

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.seat_links import find_link, link_problem, remember, seated_player_ids

TOKEN = re.compile(r"[0-9a-f]{64}")


@require_GET
def open_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET /links/TOKEN/: remember the seat in the session and go to the table's page."""
    link = find_link(token) if TOKEN.fullmatch(token) else None
    if link is None:
        raise Http404(_("There is no such private link."))
    problem = link_problem(link, seated_player_ids(link.table_id))
    if problem is not None:
        response: HttpResponse = render(
            request,
            "games/seat_link_refused.html",
            {"message": problem, "round": link.round, "table": link.table},
            status=403,
        )
    else:
        if request.session.session_key:  # a new identity: a new session key (no fixation)
            request.session.cycle_key()
        remember(request.session, link)
        response = HttpResponseRedirect(reverse("games:table", args=[link.table_id]))
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "no-store"
    return response
