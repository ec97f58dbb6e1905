"""Gzip for HTML pages that carry no secret (public pages seen by anonymous visitors).

Compressing a page that reflects a secret (a CSRF token, a visitor's own data) next to text
an attacker can influence lets him guess the secret from the compressed sizes (BREACH). So
only these are compressed: HTML answers to a visitor with no session cookie, in whose
rendering no CSRF token was asked for and whose body holds no form token.

Such a page is the same bytes for every visitor until its data changes, and the page cache
(web.page_cache) serves it hundreds of times a second at 23:00, so its compressed bytes
are kept too, by the page's ETag (a hash of its content): a page compressed once is not
compressed again while it stands. Keyed by content, a kept compression can never be stale,
so each process keeps its own (the recent pages, up to `KEPT_COMPRESSED_BYTES`).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.utils.cache import patch_vary_headers

from core.kept_bytes import KeptBytes

FORM_TOKEN = b"csrfmiddlewaretoken"
KEPT_COMPRESSED_BYTES = 2 * 1024 * 1024  # compressed pages a process keeps, by ETag


compressions = KeptBytes(KEPT_COMPRESSED_BYTES)


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
        etag = response.get("ETag", "")
        if not etag.startswith('"') or not re_accepts_gzip.search(
            request.META.get("HTTP_ACCEPT_ENCODING", "")
        ):
            return super().process_response(request, response)
        kept = compressions.get(etag)
        if kept is None:
            response = super().process_response(request, response)
            if response.get("Content-Encoding") == "gzip":
                assert isinstance(response, HttpResponse)  # carries_no_secret checked it
                compressions.keep(etag, response.content)
            return response
        assert isinstance(response, HttpResponse)  # carries_no_secret checked it
        # What GZipMiddleware.process_response does, with the bytes it gave before.
        patch_vary_headers(response, ("Accept-Encoding",))
        response.content = kept
        response.headers["Content-Length"] = str(len(kept))
        response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
