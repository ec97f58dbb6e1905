"""Project-level views that belong to no app: the health check, the error pages, robots.txt
and the favicon."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import requires_csrf_token
from django.views.decorators.http import require_GET

RETRY_AFTER_SECONDS = 5
# What crawlers leave alone: the organizer's pages, private links, accounts and personal
# pages, the admin, the API and the language switch. The public pages stay open.
CLOSED_TO_CRAWLERS = (
    "/manage/",
    "/links/",
    "/accounts/",
    "/me/",
    "/admin/",
    "/api/",
    "/i18n/",
    "/mail/",
)
SITE_FILE_MAX_AGE = 24 * 3600


@require_GET
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """A fixed answer with no database work: liveness for monitors, baseline for benchmarks."""
    return HttpResponse("ok\n", content_type="text/plain")


@require_GET
def robots_txt(request: HttpRequest) -> HttpResponse:
    """robots.txt: every public page open, CLOSED_TO_CRAWLERS closed."""
    lines = ["User-agent: *", *(f"Disallow: {path}" for path in CLOSED_TO_CRAWLERS), "Allow: /"]
    response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = f"public, max-age={SITE_FILE_MAX_AGE}"
    return response


@cache
def _favicon() -> bytes:
    return (Path(settings.BASE_DIR) / "static" / "favicon.ico").read_bytes()


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, where browsers and feed readers look for it (the pages name the SVG)."""
    response = HttpResponse(_favicon(), content_type="image/vnd.microsoft.icon")
    response["Cache-Control"] = f"public, max-age={SITE_FILE_MAX_AGE}"
    return response


def _retry_address(request: HttpRequest) -> str:
    """Where "try again" leads: the page itself for a GET, else the page the form was on."""
    if request.method == "GET":
        return request.path
    referer: str = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return "/"


def _database_unavailable() -> bool:
    exception = sys.exc_info()[1]
    return isinstance(exception, (OperationalError, InterfaceError))


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 handler: a database that is briefly down answers 503 with Retry-After.

    Every write in the app is one transaction, so when the database fails nothing was saved
    and the client can simply retry. No template here may touch the database.
    """
    api = request.path.startswith("/api/")
    if _database_unavailable():
        status = 503
        code = "unavailable"
        if request.method in ("GET", "HEAD", "OPTIONS"):
            # A page view saves nothing, and may follow a form that was saved just before.
            message = _(
                "The league database is briefly unavailable. Please try again in a few seconds."
            )
        else:
            message = _(
                "The league database is briefly unavailable; nothing was saved. "
                "Please try again in a few seconds."
            )
    else:
        status = 500
        code = "server_error"
        message = _("Something went wrong on our side; nothing was saved. Please try again.")
    if api:
        response: HttpResponse = JsonResponse(
            {"errors": [{"code": code, "path": "", "message": message}]}, status=status
        )
    else:
        page = loader.get_template("error.html").render(
            {"status": status, "message": message, "retry_address": _retry_address(request)}
        )
        response = HttpResponse(page, status=status)
    if status == 503:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 404 handler: the sentence our code gave its Http404 ("There is no season called
    ..."), or "There is no page at this address." for an address no route matches, never
    the name or details of Django's exception (Resolver404)."""
    given = exception.args[0] if exception.args else None
    ours = isinstance(exception, Http404) and not isinstance(exception, Resolver404)
    message = given if ours and isinstance(given, str) and given else None
    return render(request, "404.html", {"message": message}, status=404)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A refused form (no or stale CSRF token): a translated page saying nothing was saved
    and how to send it again, instead of Django's bare English one."""
    response = render(
        request, "403_csrf.html", {"retry_address": _retry_address(request)}, status=403
    )
    response["Cache-Control"] = "no-store"
    return response
