"""Live pages (issue 32 item 1): a season's version address, which the script tag of
league.live_script polls.

`/seasons/S/live/` answers `{"version": N}`, the season's page counter (web.versions: moved
in the writer's transaction by a result entered or confirmed, a draw published, a round
finished, a snapshot published), to anyone, signed in or not: it reads no session and
carries nothing of the visitor's, so it is always `public, max-age=0,
s-maxage=PUBLIC_PAGE_S_MAXAGE, stale-while-revalidate=PUBLIC_PAGE_STALE` with an ETag of
the counter and the build. Every open page of the season polls that one shared address
(static/web/live.js, with If-None-Match), the proxy (deploy/nginx/) answers it from its
cache, so the app sees about one revalidation a second per season (a 304 in one query),
whatever the number of open pages.

The script tag a page puts in its head, and the counters it was rendered at, are
league.live_script's (`{% live_script %}`), below every package with pages.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from web.http_cache import PUBLIC_ANSWER
from web.versions import PageVersion, season_version


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
