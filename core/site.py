"""The site's public address (`SITE_URL`) and the absolute links built on it.

Chat texts and e-mails are written by tasks, with no request at hand, and are pasted where
a bare path means nothing: every link in them is `absolute_url(path)`. `make run` sets
`SITE_URL` to its own address; a production server started without it says so in one line
(`config.startup`). A link is ASCII (an IRI's non-ASCII characters percent-encoded), so a
chat app links all of it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.encoding import iri_to_uri


def site_address(request: HttpRequest | None = None) -> str:
    """The address links start with: `SITE_URL`, else the host of `request` (the page the
    organizer is using), else "" (no address known: the bare path)."""
    if settings.SITE_URL:
        return str(settings.SITE_URL)
    return request.build_absolute_uri("/").rstrip("/") if request is not None else ""


def absolute_url(path: str, request: HttpRequest | None = None) -> str:
    """`path` (e.g. a `reverse` result) on the site's address, as ASCII."""
    return iri_to_uri(site_address(request) + path)
