"""Gzip for HTML pages that carry no secret (public pages seen by anonymous visitors).

Compressing a page that reflects a secret (a CSRF token, a visitor's own data) next to text
an attacker can influence lets him guess the secret from the compressed sizes (BREACH). So
only these are compressed: HTML answers to a visitor with no session cookie, in whose
rendering no CSRF token was asked for and whose body holds no form token. Behind the proxy
(deploy/nginx/) the proxy compresses what it caches; without one (the quick start) this
does.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

FORM_TOKEN = b"csrfmiddlewaretoken"


def carries_no_secret(request: HttpRequest, response: HttpResponseBase) -> bool:
    """True for an HTML answer that is the same for every anonymous visitor."""
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):  # a token was rendered (get_token)
        return False
    return isinstance(response, HttpResponse) and FORM_TOKEN not in response.content


class PublicPageGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware, for the answers `carries_no_secret` allows only."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if not carries_no_secret(request, response):
            return response
        return super().process_response(request, response)
