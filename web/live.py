"""Live pages (issue 32 item 1): a season's version address and the script tag that polls it.

`/seasons/S/live/` answers `{"version": N}`, the season's page counter (web.versions: moved
in the writer's transaction by a result entered or confirmed, a draw published, a round
finished, a snapshot published), to anyone, signed in or not: it reads no session and
carries nothing of the visitor's, so it is always `public, max-age=0,
s-maxage=PUBLIC_PAGE_S_MAXAGE, stale-while-revalidate=PUBLIC_PAGE_STALE` with an ETag of
the counter and the build. Every open page of the season polls that one shared address
(static/web/live.js, with If-None-Match), the proxy (deploy/nginx/) answers it from its
cache, so the app sees about one revalidation a second per season (a 304 in one query),
whatever the number of open pages.

`live_script` is the tag a page puts in its head (web.templatetags.live_pages): the script,
the addresses of the seasons the page shows, the counters the page was rendered at (a public
page's own, `web.http_cache.VERSION`; none on a page that is not versioned, which takes the
first poll's) and how it updates (`swap`: its <main> in place; `notice`: an "Updated,
reload" line, for a page with forms of its own such as a table's result entry).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from league.models import Season
from web.http_cache import PUBLIC_ANSWER, VERSION
from web.versions import PageVersion, season_version

SWAP = "swap"  # the page's <main> is replaced in place
NOTICE = "notice"  # an "Updated, reload" line only
MODES = (SWAP, NOTICE)
POLL_MS = 2500  # live.js asks this often while the tab is visible


@require_safe
def season_live(request: HttpRequest, season: str) -> HttpResponse:
    """The season's page counter as JSON, public and revalidated (one query; a 304 when the
    visitor holds it)."""
    version = season_version(season)
    if version is None:
        raise Http404(_("There is no such season."))
    etag = f'"{PageVersion.digest("live", version.scope, version.build)}"'
    # Given no response, it answers a 304 or None.
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = JsonResponse({"version": version.counter})
    response.headers["ETag"] = etag
    patch_cache_control(
        response,
        public=True,
        max_age=0,
        s_maxage=settings.PUBLIC_PAGE_S_MAXAGE,
        stale_while_revalidate=settings.PUBLIC_PAGE_STALE,
    )
    setattr(response, PUBLIC_ANSWER, True)  # web.http_cache.PublicPageMiddleware finishes it
    return response


def seasons_in(values: Iterable[Any]) -> list[Season]:
    """The seasons named by `values`, once each, in order: a Season, anything with a
    `season` (a place) or a `seat` (one of my tables, games.next_actions.MyTable), a
    registration row's `round`, or a list of those."""
    found: dict[int, Season] = {}
    for value in values:
        for season in _seasons_of(value):
            found.setdefault(season.pk, season)
    return list(found.values())


def _seasons_of(value: Any) -> list[Season]:
    if isinstance(value, Season):
        return [value]
    if isinstance(value, dict):
        return _seasons_of(value.get("round"))
    if isinstance(value, list | tuple):
        return [season for item in value for season in _seasons_of(item)]
    if isinstance(getattr(value, "season", None), Season):
        return [value.season]
    seat = getattr(value, "seat", None)
    if seat is not None:
        return [seat.table.round.season]
    return []


def rendered_counter(request: HttpRequest | None, season: Season) -> str:
    """The counter of `season` this page was rendered at, when the page is versioned by it
    (web.http_cache.cached_page), else "" (the first poll sets it)."""
    version: PageVersion | None = getattr(request, VERSION, None)
    if version is None or not version.scope.startswith(f"season:{season.pk}:"):
        return ""
    return str(version.counter)


def live_script(request: HttpRequest | None, seasons: list[Season], mode: str) -> SafeString:
    """The script tag of a live page (empty when it shows no season)."""
    if not seasons:
        return SafeString("")
    if mode not in MODES:
        raise ValueError(f"live_script: mode {mode!r} is not one of {MODES}")
    addresses = " ".join(reverse("web:live", args=[season.slug]) for season in seasons)
    counters = " ".join(rendered_counter(request, season) or "-" for season in seasons)
    return format_html(
        '<script src="{}" defer data-live="{}" data-versions="{}" data-mode="{}" '
        'data-every="{}" data-updated="{}" data-changed="{}" data-reload="{}"></script>',
        static("web/live.js"),
        addresses,
        counters,
        mode,
        POLL_MS,
        _("Updated %(time)s"),
        _("This page has changed since you opened it."),
        _("Reload"),
    )
