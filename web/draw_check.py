"""The draw-check page (FORMATS.md 7): how a round's draw was made, the list it started
from, and the draw recomputed from its published seed in the browser
(static/web/draw-check.js), or for a tournament stage the check the organizer's actions
made and kept with the record (league.stage_check: a page never runs the draw's search);
404 until the draw is published. The page reads no query parameter."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from draws.stored import draw_history
from league.draw import SHA256_RECIPE
from league.models import Round
from league.stage_check import verdict
from web import queries
from web.draw_disclosure import check_data, draw_is_disclosed
from web.views import season_page


@season_page()
def draw_check(request: HttpRequest, season: str, number: int) -> HttpResponse:
    """How round `number`'s draw was made, recomputed from its seed in the browser."""
    season_obj = queries.get_season(season)
    round_ = Round.objects.filter(season=season_obj, number=number).first()
    if round_ is None or not draw_is_disclosed(round_):
        raise Http404(_("The draw of this round is not published."))
    history = draw_history(round_)
    record = next((r for r in history if not r.superseded), None)
    if record is None:
        raise Http404(_("The draw of this round is not recorded."))
    return render(
        request,
        "web/draw_check.html",
        {
            "season": season_obj,
            "round": round_,
            "record": record,
            "history": history,
            "changes": list(record.changes.all()),
            "ranked": record.method in ("ranking", "standing", "final"),
            # a tournament stage is checked on the server when drawn, not for this request
            "server_check": verdict(record.server_check) if record.method == "standing" else "",
            "checkable": record.recipe == SHA256_RECIPE and record.method in ("random", "ranking"),
            "data": check_data(round_, record),
        },
    )
