"""The draw-check page (FORMATS.md 7): how a round's draw was made, the list it started
from, and the draw recomputed from its published seed in the browser
(static/web/draw-check.js); 404 until the draw is published."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from league.draw import SHA256_RECIPE
from league.draw_check import matches_seed
from league.draw_records import draw_history, recorded_draw
from league.models import Round
from web import queries
from web.draw_disclosure import check_data, draw_is_disclosed
from web.views import public_page


@public_page
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
            # a tournament stage is redone on the server (its search is not in the browser)
            "server_check": (
                matches_seed(recorded_draw(record)) if record.method == "standing" else None
            ),
            "checkable": record.recipe == SHA256_RECIPE and record.method in ("random", "ranking"),
            "data": check_data(round_, record),
        },
    )
