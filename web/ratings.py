"""The rating list (`/ratings/`, the published list) and head-to-head (`/players/A/vs/B/`,
a bounded, indexed query; both answer 304 while the site's version holds, web.versions)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import django_tables2 as tables
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.dateparse import parse_date
from django.utils.formats import date_format, number_format
from django.utils.html import conditional_escape, format_html
from django.utils.http import http_date
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_tables2 import RequestConfig

from core.bidi import isolated
from league.templatetags.web_format import signed
from publishing.rating_schema import RatingListRow
from publishing.rating_snapshots import latest_rating_snapshot
from standings.head_to_head import PlayersHeadToHead, players_head_to_head
from web.queries import get_player
from web.tables import EXPORT_FORMATS, export_response
from web.views import site_page

NOT_REACHED = "\u2013"


def _num() -> dict[str, Any]:
    return {"th": {"class": "num"}, "td": {"class": "num"}}


class RatingTable(tables.Table):  # type: ignore[misc]  # django-tables2 has no types
    """Rank, player, rating, games and 30-day change, and the date each threshold was first
    reached (added per threshold), sortable by every column; exports write the numbers."""

    rank = tables.Column(verbose_name=gettext_lazy("Rank"), attrs=_num())
    player = tables.Column(
        verbose_name=gettext_lazy("Player"),
        accessor="player_cell",
        order_by="player",
        attrs={"th": {"class": "player"}, "td": {"class": "player"}},
    )
    rating = tables.Column(
        verbose_name=gettext_lazy("Rating"), accessor="rating_cell", order_by="rating", attrs=_num()
    )
    games = tables.Column(verbose_name=gettext_lazy("Games"), attrs=_num())
    change = tables.Column(
        verbose_name=gettext_lazy("30 days"),
        accessor="change_cell",
        order_by="change",
        attrs=_num(),
    )

    class Meta:
        template_name = "web/_table.html"
        attrs = {"class": "standings ratings", "id": "ratings"}
        empty_text = gettext_lazy("No rated game yet.")

    def value_player(self, record: dict[str, Any]) -> str:
        return str(record["player"])

    def value_rating(self, record: dict[str, Any]) -> float:
        return float(record["rating"])

    def value_change(self, record: dict[str, Any]) -> float:
        return float(record["change"])


class ReachedColumn(tables.Column):  # type: ignore[misc]  # django-tables2 has no types
    """The date a player first reached one threshold, headed "1200+" as the club names its
    rated league; exports write it as an ISO date (empty when never reached)."""

    def __init__(self, index: int, threshold: int) -> None:
        super().__init__(
            verbose_name=_("%(threshold)s+") % {"threshold": threshold},
            accessor=f"reached_cell_{index}",
            order_by=f"reached_order_{index}",
            attrs={"th": {"class": "num reached"}, "td": {"class": "num reached"}},
        )
        self.index = index

    def value(self, record: dict[str, Any], **kwargs: Any) -> str:
        return record["reached"][self.index] or ""


def _breakable_date(day: dt.date) -> SafeString:
    """The date in the page's format, free to wrap after its dots and spaces, so a phone
    can fit the rating list's date columns ("30.6." above "2024")."""
    shown = conditional_escape(date_format(day, "SHORT_DATE_FORMAT"))
    return mark_safe(shown.replace(".", ".<wbr>"))  # escaped just above


def rating_rows(rows: list[RatingListRow]) -> list[dict[str, Any]]:
    """The list's rows with their display cells; a threshold never reached sorts last."""
    found = []
    for row in rows:
        cells: dict[str, Any] = {
            **row,
            "player_cell": format_html(
                '<a href="{}">{}</a>',
                reverse("web:player", args=[row["player_slug"]]),
                row["player"],
            ),
            "rating_cell": number_format(row["rating"], decimal_pos=1, use_l10n=True),
            "change_cell": isolated(signed(row["change"], 1)),
        }
        for index, reached in enumerate(row["reached"]):
            day = parse_date(reached) if reached else None
            cells[f"reached_cell_{index}"] = _breakable_date(day) if day else NOT_REACHED
            cells[f"reached_order_{index}"] = (day is None, reached or "")
        found.append(cells)
    return found


@site_page
def rating_list(request: HttpRequest) -> HttpResponse:
    """Every rated player by rating, sortable and exportable (1 query)."""
    snapshot = latest_rating_snapshot()
    data = snapshot.typed_summary if snapshot else None
    thresholds = data["thresholds"] if data else []
    table = RatingTable(
        rating_rows(data["rows"]) if data else [],
        extra_columns=[
            (f"reached_{index}", ReachedColumn(index, threshold))
            for index, threshold in enumerate(thresholds)
        ],
    )
    RequestConfig(request, paginate=False).configure(table)
    download = export_response(request, table, "ratings", "ratings")
    if download is not None:
        return download
    response = render(
        request,
        "web/ratings.html",
        {
            "table": table,
            "data": data,
            "as_of": parse_date(data["as_of"]) if data else None,
            "export_formats": EXPORT_FORMATS,
        },
    )
    if snapshot is not None:
        response["Last-Modified"] = http_date(snapshot.created_at.timestamp())
    return response


# --- head-to-head -----------------------------------------------------------------------------


@site_page
def head_to_head(request: HttpRequest, player: str, other: str) -> HttpResponse:
    """A and B's shared games: who placed better how often, points, gaps, last meetings
    (4 queries)."""
    a, b = get_player(player), get_player(other)
    if a.pk == b.pk:
        raise Http404(
            _("A head-to-head needs two different players; “%(player)s” was named twice.")
            % {"player": a.name}
        )
    result: PlayersHeadToHead = players_head_to_head(a, b)
    return render(
        request,
        "web/head_to_head.html",
        {"a": a, "b": b, "h2h": result.summary, "seasons": result.seasons},
    )
