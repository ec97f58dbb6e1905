"""Organizer buttons on the round desk: mark a table as not played, or as played after all."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from desk.views.manage import _back, _round
from games.not_played import mark_not_played
from league.models import Table
from league.views.common import run_action


@login_required
@require_POST
def toggle(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """POST `played=1` to undo; otherwise mark the table as not played."""
    round_ = _round(request, slug, number)
    row = Table.objects.filter(round=round_, number=table).first()
    if row is None:
        raise Http404(_("There is no such table."))
    not_played = request.POST.get("played") != "1"
    success = (
        _("Table %(table)s is marked as not played.")
        if not_played
        else _("Table %(table)s is marked as played.")
    ) % {"table": row.number}
    return run_action(
        request,
        lambda: mark_not_played(row, actor=request.user, not_played=not_played),
        success=success,
        back=_back(round_) + f"#table-{row.number}",
    )
