"""HTTP caching of the public pages, the web's way (issue 28 item 1).

A visitor without a session (no session cookie, no flash messages waiting) gets a public
page: `Cache-Control: public, max-age=0, s-maxage=PUBLIC_PAGE_S_MAXAGE,
stale-while-revalidate=PUBLIC_PAGE_STALE` and the page's ETag, its version
(web.versions: read in one query before anything is rendered), so a browser asks again
each time and a shared cache (deploy/nginx/) keeps it a few seconds and revalidates it;
an `If-None-Match` that holds the ETag is answered "304 Not Modified" before the view
runs. The page varies by language (`Vary: Accept-Language`, as LocaleMiddleware sets it;
the language cookie is the proxy's key to normalise), never by the whole Cookie header.

A signed-in visitor (any session) gets `Cache-Control: private, no-cache`: his page
carries his header, his CSRF token, his place; its heavy parts come from the template
fragment cache, keyed by the page's version, language, address and what he may see
(`request.page_fragments`, web.versions.PageVersion.fragments).

`PublicPageMiddleware` (outside SessionMiddleware) finishes a public answer once every
other middleware has spoken: it drops the `Vary: Cookie` the session middleware adds when
the page asked who the visitor is, and turns the answer private if anything of the
visitor's got into it after all (a cookie set, a CSRF token rendered).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.http import require_safe

from core.errors import ActionError
from league.live_script import PAGE_VERSION
from web.versions import PageVersion

View = Callable[..., HttpResponse]
Versions = Callable[..., PageVersion | None]  # (the view's URL arguments) -> the version

PUBLIC_ANSWER = "whist_public_page"  # the attribute that marks a public answer
FRAGMENTS = "page_fragments"  # the request's attribute: its fragments' key
PROBLEM_STATUS = 503
CACHED_STATUSES = (200, 304)


def public(request: HttpRequest) -> bool:
    """A visitor with no session and no flash messages waiting: his page is everyone's."""
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and "messages" not in request.COOKIES


def cached_page(versions: Versions) -> Callable[[View], View]:
    """GET and HEAD only; `versions(**kwargs)` (the view's URL arguments) gives the page's
    version before it is rendered, or None when its subject does not exist (the view then
    answers, a 404)."""

    def decorate(view: View) -> View:
        @require_safe
        @wraps(view)
        def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
            version = versions(*args, **kwargs)
            setattr(request, FRAGMENTS, version.fragments(request) if version else "")
            setattr(request, PAGE_VERSION, version)  # for league.live_script
            if not public(request):
                response = render_page(view, request, *args, **kwargs)
                patch_cache_control(response, private=True, no_cache=True)
                return response
            etag = version.etag if version is not None else None
            # Given no response, it answers a 304 or None.
            response = get_conditional_response(request, etag=etag)  # type: ignore[assignment]  # stubs allow more
            if response is None:
                response = render_page(view, request, *args, **kwargs)
            if etag is not None and response.status_code in CACHED_STATUSES:
                response.headers.setdefault("ETag", etag)
                patch_cache_control(
                    response,
                    public=True,
                    max_age=0,
                    s_maxage=settings.PUBLIC_PAGE_S_MAXAGE,
                    stale_while_revalidate=settings.PUBLIC_PAGE_STALE,
                )
                setattr(response, PUBLIC_ANSWER, True)
            return response

        return wrapper

    return decorate


def render_page(view: View, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Run the view; stored data it cannot use gets a clear message, not a server error."""
    try:
        return view(request, *args, **kwargs)
    except ActionError as error:
        # e.g. a season's rules made invalid by hand in the admin
        return render(
            request, "web/problem.html", {"message": error.message}, status=PROBLEM_STATUS
        )


class PublicPageMiddleware:
    """Finishes the public answers of `cached_page` (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if not getattr(response, PUBLIC_ANSWER, False):
            return response
        if response.cookies or request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
            make_private(response)  # something of this visitor's is in it
        else:
            vary = [part.strip() for part in response.get("Vary", "").split(",")]
            kept = [part for part in vary if part and part.lower() != "cookie"]
            if kept:
                response.headers["Vary"] = ", ".join(kept)
            elif response.has_header("Vary"):
                del response.headers["Vary"]
        return response


def make_private(response: HttpResponseBase) -> None:
    """The answer is this visitor's own: no shared cache keeps it, no ETag stands for it."""
    response.headers["Cache-Control"] = "private, no-cache"
    if response.has_header("ETag"):
        del response.headers["ETag"]
