"""A short-lived cache of rendered public pages.

Public pages are rendered from the published snapshot and a few live rows, and their main
content is the same for every visitor of an address in a language. It is kept for
`PAGE_TTL` seconds: anonymous visitors get the stored bytes without touching the database;
logged-in visitors get the stored title and main content inside the layout of their kind of
visitor (signed in, organizer; kept too, as a `Frame`) with their own CSRF token, or inside
a freshly rendered layout when flash messages wait for them. Any save or delete of the data
the pages show bumps a generation number that every kept page is checked against, so a
change made in this process shows at once; changes made elsewhere (another worker, bulk
writes that send no signals) show within `PAGE_TTL` seconds, and with a shared cache
(CACHE_URL pointing at Redis) every process sees the bump. The cache is best effort: when
it cannot be reached, pages are rendered.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

PAGE_TTL = 30
GENERATION_KEY = "web:pages:generation"
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Last-Modified", "ETag", "Cache-Control")


def anonymous(request: HttpRequest) -> bool:
    """A visitor with no session and no flash messages: he gets the shared bytes."""
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and "messages" not in request.COOKIES


def marker_path() -> Path:
    """The file whose modification time tells every process on this machine that the
    pages' data changed (settings.WEB_PAGES_MARKER, else one in the temp directory per
    project and database)."""
    configured = getattr(settings, "WEB_PAGES_MARKER", None)
    database = settings.DATABASES["default"]
    return _marker_path(configured, settings.BASE_DIR, database.get("HOST"), database.get("NAME"))


@functools.lru_cache(maxsize=16)
def _marker_path(configured: str | None, base: object, host: object, name: object) -> Path:
    """The marker of these settings (asked on every page request: worked out once)."""
    if configured:
        return Path(configured)
    place = f"{base}|{host}|{name}"
    return (
        Path(tempfile.gettempdir())
        / f"whist-pages-{hashlib.sha256(place.encode()).hexdigest()[:16]}"
    )


def generation() -> str:
    """The current generation of the pages' data: the cache's counter (shared by every
    process when the cache is) and the marker file's time (shared by the processes of this
    machine, e.g. the web workers and the Celery worker that publishes, with a per-process
    cache). Neither failing ever breaks a page."""
    try:
        counter = cache.get(GENERATION_KEY)
    except Exception:  # a cache outage must never break a page
        logger.warning("page cache unreachable: reading the generation failed", exc_info=True)
        counter = 0
    return generation_of(counter)


def generation_of(counter: object) -> str:
    """The generation given the cache's counter (None when it could not be read)."""
    try:
        stamp = os.stat(marker_path()).st_mtime_ns
    except OSError:
        stamp = 0
    return f"{int(counter or 0)}.{stamp}"  # type: ignore[call-overload]  # stored by incr/set


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
    path = marker_path()
    try:
        path.touch()
        # Strictly later than before even within the file system's timestamp granularity.
        stamp = max(time.time_ns(), path.stat().st_mtime_ns + 1)
        os.utime(path, ns=(stamp, stamp))
    except OSError:
        logger.warning("page marker %s not writable: other processes may be stale", path)


def page_key(request: HttpRequest) -> str:
    """The cache key of this address in the active language (what is kept under it says at
    which generation it was rendered)."""
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"web:page:{get_language()}:{address}"


@dataclass(frozen=True)
class CachedPage:
    """What is kept of a rendered page: the anonymous bytes and/or the shared HTML parts."""

    headers: dict[str, str]
    content: bytes | None = None  # the whole page as an anonymous visitor gets it
    title: str | None = None  # HTML pages: the inner HTML of <title> and of <main>
    main: str | None = None
    generation: str = ""  # the generation of the data it was rendered from
    made: float = 0.0  # when its data was read (time.time()): what the door's copy ages from

    @property
    def is_html(self) -> bool:
        return self.main is not None


TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
MAIN = re.compile(r'<main id="main">(.*)</main>', re.DOTALL)


@dataclass(frozen=True)
class Frame:
    """The layout around a kept page's main content for one kind of signed-in visitor:
    everything up to and including `<main id="main">`, and everything after `</main>`, with
    `marker` where the visitor's own CSRF token goes (a random string, never guessable from
    a page's content, so a player's name cannot be mistaken for it)."""

    before: str
    after: str
    marker: str
    generation: str = ""

    def around(self, main: str, csrf_token: str) -> str:
        return self.before.replace(self.marker, csrf_token) + main + self.after


FRAME_KINDS = ("visitor", "member", "organizer")


def frame_key(key: str, kind: str) -> str:
    """Where the frame of the page kept under `key` is kept for this kind of visitor."""
    return f"{key}:frame:{kind}"


@dataclass(frozen=True)
class Lookup:
    """What the cache holds for a request's address at the current generation, read in one
    round trip: the generation, the kept page and the frames of signed-in visitors."""

    key: str
    generation: str
    page: CachedPage | None
    frames: dict[str, Frame]


def lookup(request: HttpRequest, *, frames: bool) -> Lookup:
    """The generation and this address's kept page (and, when `frames`, its frames), in one
    cache round trip; what was kept at another generation is stale and left out. With the
    cache unreachable, nothing is found."""
    key = page_key(request)
    keys = [GENERATION_KEY, key]
    if frames:
        keys += [frame_key(key, kind) for kind in FRAME_KINDS]
    try:
        found = cache.get_many(keys)
    except Exception:  # a cache outage must never break a page
        logger.warning("page cache unreachable: rendering the page", exc_info=True)
        found = {}
    current = generation_of(found.get(GENERATION_KEY))
    page = found.get(key)
    return Lookup(
        key=key,
        generation=current,
        page=page if isinstance(page, CachedPage) and page.generation == current else None,
        frames={
            kind: frame
            for kind in FRAME_KINDS
            if isinstance(frame := found.get(frame_key(key, kind)), Frame)
            and frame.generation == current
        },
    )


def keep_frame(found: Lookup, kind: str, frame: Frame) -> None:
    """Keep a frame of the address looked up (best effort)."""
    try:
        cache.set(frame_key(found.key, kind), frame, timeout=PAGE_TTL)
    except Exception:
        logger.warning("page cache unreachable: the layout was not kept", exc_info=True)


def used_a_nonce(request: HttpRequest) -> bool:
    """True when rendering this response asked for the request's CSP nonce: such a page is
    never kept, since another request would carry a nonce its policy does not allow."""
    return isinstance(getattr(request, "_csp_nonce", None), str)


def response_from(page: CachedPage) -> HttpResponse:
    """The anonymous page as it was rendered."""
    assert page.content is not None
    response = HttpResponse(page.content)
    for name, value in page.headers.items():
        response[name] = value
    return response


def keep(
    found: Lookup,
    request: HttpRequest,
    response: HttpResponse,
    *,
    anonymous: bool,
    known: CachedPage | None,
) -> None:
    """Keep a successful, cookie-free response (best effort): non-HTML responses whole,
    HTML pages as shared parts, plus the whole bytes when rendered for an anonymous visitor.
    A response that carries the request's CSP nonce is never kept."""
    if response.status_code != 200 or response.cookies or response.streaming:
        return
    if used_a_nonce(request):
        return
    headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
    if not response.get("Content-Type", "").startswith("text/html"):
        page = CachedPage(
            headers, content=response.content, generation=found.generation, made=time.time()
        )
    else:
        html = response.content.decode(response.charset)
        title, main = TITLE.search(html), MAIN.search(html)
        if title is None or main is None:
            return
        content = response.content if anonymous else (known.content if known else None)
        if not anonymous:
            headers = {k: v for k, v in headers.items() if k != "ETag"}
        page = CachedPage(
            headers,
            content=content,
            title=title.group(1),
            main=main.group(1),
            generation=found.generation,
            made=known.made if known else time.time(),
        )
    try:
        cache.set(found.key, page, timeout=PAGE_TTL)
    except Exception:
        logger.warning("page cache unreachable: the page was not kept", exc_info=True)
