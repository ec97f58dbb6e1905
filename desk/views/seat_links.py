"""Organizer buttons for private seat links: make the round's links, revoke one."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from desk.views.manage import _back, _round
from games.seat_links import issue_links, revoke_link
from league.views.common import parse_id, run_action


@login_required
@require_POST
def issue(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Give every seat of the round's tables a private link (seats with one keep theirs)."""
    round_ = _round(request, slug, number)
    return run_action(
        request,
        lambda: issue_links(round_, actor=request.user),
        success=_(
            "Private links are ready: send each player his own link, then copy each table's "
            "text into its chat."
        ),
        back=_back(round_) + "#seat-links",
    )


@login_required
@require_POST
def revoke(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Revoke one link (POST `link`); "Make the private links" then gives its seat a new one."""
    round_ = _round(request, slug, number)
    return run_action(
        request,
        lambda: revoke_link(round_, parse_id(request.POST.get("link")), actor=request.user),
        success=_("The link is revoked; it no longer opens the table."),
        back=_back(round_) + "#seat-links",
    )
