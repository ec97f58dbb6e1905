"""A short-lived cache of rendered public pages for anonymous visitors.

Public pages are rendered from the published snapshot and a few live rows. Visitors who
are not logged in all see the same page for a given address and language, so the rendered
bytes are kept for `PAGE_TTL` seconds and reused without touching the database. Any save
or delete of the data the pages show bumps a generation number that is part of every key,
so a change made in this process shows at once; changes made elsewhere (another worker,
bulk writes that send no signals) show within `PAGE_TTL` seconds, and with a shared cache
(CACHE_URL pointing at Redis) every process sees the bump.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

PAGE_TTL = 30
GENERATION_KEY = "web:pages:generation"
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Last-Modified", "ETag")


def cacheable(request: HttpRequest) -> bool:
    """Only anonymous GET/HEAD requests with no session or flash messages share pages."""
    return (
        request.method in ("GET", "HEAD")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def generation() -> int:
    """The current generation of the pages' data (0 until the first change or when the
    cache cannot be reached)."""
    try:
        return int(cache.get(GENERATION_KEY) or 0)
    except Exception:  # a cache outage must never break a page
        logger.warning("page cache unreachable: reading the generation failed", exc_info=True)
        return 0


def bump_generation(**_: Any) -> None:
    """Make every cached page stale (connected to the models' save and delete signals).

    Bumped at once and again when the transaction commits, so a page rendered from the old
    rows while the write was in flight is not kept under the new generation. Never raises:
    with the cache down, pages are at most `PAGE_TTL` seconds stale and the write goes on.
    """
    _bump_now()
    transaction.on_commit(_bump_now)


def _bump_now() -> None:
    try:
        try:
            cache.incr(GENERATION_KEY)
        except ValueError:  # no generation stored yet
            cache.set(GENERATION_KEY, 1, timeout=None)
    except Exception:
        logger.warning("page cache unreachable: cached pages may be stale", exc_info=True)


def page_key(request: HttpRequest) -> str:
    """The cache key of this address in the active language at the current generation."""
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"web:page:{generation()}:{get_language()}:{address}"


def cached_response(key: str) -> HttpResponse | None:
    """The stored page for `key`, or None (also when the cache cannot be reached)."""
    try:
        stored = cache.get(key)
    except Exception:
        logger.warning("page cache unreachable: rendering the page", exc_info=True)
        return None
    if stored is None:
        return None
    status, headers, content = stored
    response = HttpResponse(content, status=status)
    for name, value in headers.items():
        response[name] = value
    return response


def store_response(key: str, response: HttpResponse) -> None:
    """Keep a successful, cookie-free response for `PAGE_TTL` seconds (best effort)."""
    if response.status_code != 200 or response.cookies or response.streaming:
        return
    headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
    try:
        cache.set(key, (response.status_code, headers, response.content), timeout=PAGE_TTL)
    except Exception:
        logger.warning("page cache unreachable: the page was not kept", exc_info=True)
