"""Thin public views: load a page's data in constant queries and render it."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
    set_response_etag,
)
from django.utils.formats import date_format
from django.utils.http import http_date, url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from core.errors import ActionError
from league.actions.common import season_rules
from league.latin_slug import latin_slug
from league.models import Season
from league.round_names import is_tournament
from publishing.snapshot_schema import GameData, LatestTexts, RaceChart, ResultLine
from web import page_cache, page_door, queries, signed_door
from web.charts import colored, legend, line_chart
from web.deal_stats import contracts_by_size_chart
from web.draw_disclosure import draw_disclosure
from web.player_parts import player_rating_parts
from web.podium import final_podium
from web.published import published, published_round, texts_in_language
from web.rules_text import describe_rules, scoring_grid
from web.tables import EXPORT_FORMATS, StandingsTable, export_response, table_rows
from web.viewer_place import season_place_part

PUBLIC_MAX_AGE = 60
PROBLEM_STATUS = 503

View = Callable[..., HttpResponse]


ViewerPart = Callable[..., str]
# Where a personal page's viewer part goes (templates print it as {{ viewer_slot }}): kept
# pages hold the slot, each signed-in visitor gets his own part in it, anonymous visitors
# the bare comment.
VIEWER_SLOT = "<!--viewer-part-->"


def public_page(view: View) -> View:
    """GET/HEAD only; served from the page cache when it can be (web.page_cache); browsers
    may reuse the page for a minute and revalidate it by ETag; it varies by language."""
    return _public(view, None)


def personal_page(part: ViewerPart) -> Callable[[View], View]:
    """A public page with one part of its own for each signed-in visitor: `part(request,
    **kwargs)` is rendered for him on every visit into the kept page's `VIEWER_SLOT`. The
    shared rest is kept as for any public page, but the door (web.signed_door) keeps the
    answer for his session alone, never for a kind of visitor, so nobody is given another
    viewer's part."""
    return lambda view: _public(view, part)


def _public(view: View, part: ViewerPart | None) -> View:
    @require_safe
    @wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        anonymous = page_cache.anonymous(request)
        found = page_cache.lookup(request, frames=not anonymous)
        kept = found.page

        def own() -> str | None:  # this visitor's part, on a personal page's HTML
            return None if anonymous or part is None else part(request, *args, **kwargs)

        if kept is not None and kept.content is not None and (anonymous or not kept.is_html):
            response = page_cache.response_from(kept)
        elif kept is not None and kept.is_html and not anonymous:
            response = render_framed(request, kept, found, own())
        elif kept is not None and kept.is_html:
            response = render_shell(request, kept)
            # kept by a logged-in visit: keep the anonymous bytes too
            set_response_etag(response)
            page_cache.keep(found, request, response, anonymous=True, known=kept)
        else:
            response = render_page(view, request, *args, **kwargs)
            if response.status_code == 200:
                set_response_etag(response)
            page_cache.keep(found, request, response, anonymous=anonymous, known=None)
            mine = own() if response.status_code == 200 and _is_html(response) else None
            if mine is not None:
                response.content = with_part(response.content.decode(response.charset), mine)
                set_response_etag(response)
        patch_cache_control(response, max_age=PUBLIC_MAX_AGE, private=True)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        if response.status_code != 200:
            return response
        if anonymous:  # the door (web.page_door) may keep it, as long as the page cache would
            page_door.mark_shared(request, kept.made if kept is not None else time.time())
        # A phone revisiting an unchanged page gets "304 Not Modified" instead of the page.
        # Given a response, it returns one (the stubs allow None for a call without).
        return get_conditional_response(  # type: ignore[return-value]  # stubs too wide
            request, etag=response.get("ETag"), response=response
        )

    page_door.mark_door(wrapper)
    return wrapper


def _is_html(response: HttpResponse) -> bool:
    return str(response.get("Content-Type", "")).startswith("text/html")


def with_part(html: str, mine: str | None) -> str:
    """A kept page's HTML with this viewer's own part in its slot (as kept without one)."""
    return html.replace(VIEWER_SLOT, mine, 1) if mine else html


def render_shell(
    request: HttpRequest, kept: page_cache.CachedPage, mine: str | None = None
) -> HttpResponse:
    """A kept page's title and main content inside the layout rendered for this visitor."""
    # The parts come from our own templates' output: already escaped.
    # An HTML page is kept with both parts (page_cache.keep): never None here.
    title, main = kept.title or "", with_part(kept.main or "", mine)
    context = {"kept_title": mark_safe(title), "kept_main": mark_safe(main)}
    response = render(request, "web/shell.html", context)
    for name in ("Last-Modified", "Cache-Control"):
        if name in kept.headers:
            response[name] = kept.headers[name]
    return response


def visitor_kind(request: HttpRequest) -> str | None:
    """Which layout this visitor gets (base.html's conditions on the visitor), or None when
    it must be rendered afresh: flash messages wait to be shown."""
    if len(messages.get_messages(request)):
        return None
    user = request.user
    if not user.is_authenticated:
        return "visitor"  # a session but nobody signed in
    return "organizer" if user.is_staff or request.session.get("organizes") else "member"


def render_framed(
    request: HttpRequest, kept: page_cache.CachedPage, found: page_cache.Lookup, mine: str | None
) -> HttpResponse:
    """A kept page inside the kept layout of this kind of visitor, with his CSRF token (and
    his own part, `mine`, on a personal page): no template is rendered once the layout is
    kept (the first visitor of a kind renders it)."""
    kind = visitor_kind(request)
    if kind is None:
        return render_shell(request, kept, mine)
    frame = found.frames.get(kind)
    if frame is None:
        marker, inside = secrets.token_hex(16), secrets.token_hex(16)
        context = {
            "kept_title": mark_safe(kept.title or ""),  # our templates' output: escaped
            "kept_main": inside,
            "csrf_token": marker,  # the visitor's own token goes here
        }
        html = render_to_string("web/shell.html", context, request)
        before, after = html.split(inside)
        frame = page_cache.Frame(before, after, marker, generation=found.generation)
        if not page_cache.used_a_nonce(request):
            page_cache.keep_frame(found, kind, frame)
    token = get_token(request)
    # The door may keep it: for his kind of visitor, or for him alone with his own part.
    signed_door.mark_framed(request, kind if mine is None else signed_door.OWN, token, kept.made)
    response = HttpResponse(frame.around(with_part(kept.main or "", mine), token))
    for name in ("Last-Modified", "Cache-Control"):
        if name in kept.headers:
            response[name] = kept.headers[name]
    return response


def render_page(view: View, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Run the view; stored data it cannot use gets a clear message, not a server error."""
    try:
        return view(request, *args, **kwargs)
    except ActionError as error:
        # e.g. a season's rules made invalid by hand in the admin
        return render(
            request, "web/problem.html", {"message": error.message}, status=PROBLEM_STATUS
        )


@public_page
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"leagues": queries.home_leagues()})


@public_page
def archive(request: HttpRequest) -> HttpResponse:
    seasons = queries.season_list()
    return render(
        request,
        "web/archive.html",
        {"current": seasons.current, "seasons": queries.archive_entries(seasons.finished)},
    )


@public_page
def season_rules_page(request: HttpRequest, season: str) -> HttpResponse:
    season_obj = queries.get_season(season)
    rules = season_rules(season_obj)
    return render(
        request,
        "web/rules.html",
        {
            "season": season_obj,
            "rules": rules,
            "items": describe_rules(rules, season_obj.end),
            "grid": scoring_grid(rules.scoring_preset),
        },
    )


@public_page
def round_detail(request: HttpRequest, season: str, number: int) -> HttpResponse:
    season_obj = queries.get_season(season)
    page = queries.round_page(season_obj, number)
    titles = text_titles(is_tournament(season_rules(season_obj)))
    if not page.draw_visible:
        del titles["draw"]
    texts = page.published.texts(titles) if page.published else []
    response = render(
        request,
        "web/round.html",
        {
            "season": season_obj,
            "page": page,
            "texts": texts,
            **draw_disclosure(page.round, season_obj.slug),
        },
    )
    if not page.round.draw_is_public:
        # The draw may be published any moment: browsers ask again (a cheap 304 by ETag
        # while nothing changed) instead of reusing the page for a minute.
        patch_cache_control(response, no_cache=True)
    return response


@personal_page(season_place_part)
def season_table(request: HttpRequest, season: str) -> HttpResponse:
    season_obj = queries.get_season(season)
    snapshot = published(season_obj)
    final = season_obj.status == Season.Status.FINISHED
    rows = table_rows(snapshot.standings(final=final), snapshot.dropped_games) if snapshot else []
    table = StandingsTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    download = export_response(
        request, table, "standings", latin_slug(season_obj.slug) or "standings"
    )
    if download is not None:
        return download
    rounds = queries.season_rounds(season_obj)
    race: RaceChart = snapshot.race if snapshot else {"labels": [], "series": []}
    series = colored([(s["player"], s["points"]) for s in race["series"]])
    last_round = snapshot.last_round_with_results if snapshot else None
    texts = (
        texts_in_language(last_round["texts"], text_titles(is_tournament(season_rules(season_obj))))
        if last_round
        else []
    )
    response = render(
        request,
        "web/season.html",
        {
            "season": season_obj,
            "table": table,
            "snapshot": snapshot,
            "final": final,
            "podium": final_podium(rows) if final else None,
            "rounds": rounds,
            "next_round": queries.next_round(rounds),
            "coming_rounds": queries.coming_rounds(rounds),
            "last_round": last_round,
            "last_results": last_results(season_obj, last_round),
            "viewer_slot": mark_safe(VIEWER_SLOT),  # a constant comment
            "texts": texts,
            "race_chart": line_chart(
                race["labels"], series, title=_("League points of the leading players by round")
            ),
            "race_legend": legend(series),
            "deal_leaders": snapshot.deal_leaders if snapshot else None,
            "export_formats": EXPORT_FORMATS,
            "markers": {marker for row in rows for marker in row.get("markers", [])},
        },
    )
    if snapshot is not None:
        response["Last-Modified"] = http_date(snapshot.published_at.timestamp())
    return response


def last_results(season: Season, last_round: LatestTexts | None) -> list[GameData]:
    """The published games of the last round with results, by table, each table's lines
    best first (one query; none before any result)."""
    if last_round is None:
        return []
    found = published_round(season, last_round["number"])
    if found is None:
        return []
    games = [game for _number, game in sorted(found.results_by_table().items())]
    return [{**game, "results": sorted(game["results"], key=placement)} for game in games]


def placement(line: ResultLine) -> tuple[int, int]:
    return line["placement"], line["seat"]


@public_page
def player_detail(request: HttpRequest, player: str) -> HttpResponse:
    page = queries.player_page(player)
    charts = {
        item.season.pk: line_chart(
            item.position_labels,
            colored([(page.player.name, item.positions)]),
            title=_("League position after each round"),
            invert=True,
        )
        for item in page.seasons
        if any(position is not None for position in item.positions)
    }
    rating_chart = line_chart(
        [date_format(played_on, "SHORT_DATE_FORMAT") for played_on, _rating in page.rating],
        colored([(_("Skill rating"), [rating for _day, rating in page.rating])]),
        title=_("Skill rating after each rated game"),
    )
    deal_charts = {
        item.season.pk: contracts_by_size_chart(item.deal_stats)
        for item in page.seasons
        if item.deal_stats is not None
    }
    return render(
        request,
        "web/player.html",
        {
            "page": page,
            "position_charts": charts,
            "rating_chart": rating_chart,
            "deal_charts": deal_charts,
            **player_rating_parts(page.player),
        },
    )


def text_titles(tournament: bool = False) -> dict[str, str]:
    """Titles of a round's (or a tournament stage's) messaging texts, by their key in the
    snapshot."""
    if tournament:
        return {"draw": _("The draw"), "results": _("Results and tournament standing")}
    return {"draw": _("The draw"), "results": _("Results and league table")}


@require_safe
def switch_language(request: HttpRequest, code: str) -> HttpResponse:
    """Remember the visitor's language in the language cookie and go back to the page.

    A plain link (no form, no CSRF token), so the public pages carry no per-visitor token
    and anonymous visitors can share cached renders; it only sets a preference.
    """
    if code not in dict(settings.LANGUAGES):
        raise Http404(_("Unknown language %(code)s.") % {"code": code})
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
