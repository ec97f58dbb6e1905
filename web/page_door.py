"""Kept public pages for anonymous visitors, answered at the door (web.door).

An anonymous visitor's public page is the same bytes for everyone who asks for that address
in that language and encoding, until its data changes (web.page_cache's generation). The
page cache already spares such a request the database and the templates, but the request
still passed the whole middleware stack (session, locale, CSRF, CSP, messages, the
clickjacking and sign-in guards) twice, in and out, for an answer those layers do not
change: at 23:00 that stack, not the page, was most of the page's cost (bench/bench_pages.py,
bench/profile_pages.py).

So the outermost middleware keeps the final answer, headers included, as every other
middleware left it, and gives it again to the next anonymous GET of the same address while
the generation stands: one cache round trip, nothing else. What it keeps is only what the
public page views (web.views.public_page) mark as shared, answered 200 with no cookie, no
CSRF token and no CSP nonce, in the language and encoding of its key. The bytes are kept
by their hash, in the shared cache and (up to `PROCESS_BYTES`) in each process, so a
process never serves bytes another generation made: the entry names the generation and the
hash. A cache outage, a miss or anything unusual sends the request down the normal path.
The same entries, keyed by a signed-in visitor's kind, serve web.signed_door.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import re_accepts_gzip
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language_from_request

from core.kept_bytes import KeptBytes
from web import page_cache

logger = logging.getLogger(__name__)

SHARED = "whist.page_door.shared"  # request.META flag set by the public page views
DOOR_VIEW = "page_door"  # the attribute of the views whose answers the door may keep
ENTRY_PREFIX = "web:door:"
BODY_PREFIX = "web:door-body:"
PROCESS_BYTES = 32 * 1024 * 1024  # bodies a process keeps, by hash
VARY_ALLOWED = {"accept-language", "cookie", "accept-encoding"}
NOT_REPLAYED = {"content-length", "set-cookie", "date"}
NOT_ON_304 = {"content-type", "content-encoding", "content-length"}


def mark_shared(request: HttpRequest, made: float) -> None:
    """Say that this request's answer is the same for every anonymous visitor of its
    address in its language and encoding (web.views.public_page), from data read at `made`
    (time.time())."""
    request.META[SHARED] = made


def lifetime(made: float) -> int:
    """How long the door may keep an answer whose data was read at `made`: what is left of
    the page cache's `PAGE_TTL`, so a write that sends no signal shows as soon as it would
    without the door."""
    return max(1, int(page_cache.PAGE_TTL - (time.time() - made)))


@dataclass(frozen=True)
class Entry:
    """A kept answer: at which generation, its headers and the hash of its body."""

    generation: str
    headers: tuple[tuple[str, str], ...]
    digest: str
    marker: str = ""  # where a signed-in visitor's CSRF token goes (web.signed_door)


bodies = KeptBytes(PROCESS_BYTES)


def mark_door(view: Callable[..., HttpResponseBase]) -> None:
    """Say that the door may keep this view's answers (those the view marks as shared)."""
    setattr(view, DOOR_VIEW, True)


@functools.lru_cache(maxsize=4096)
def is_door_path(path_info: str) -> bool:
    """The address is one of a public page view's (what the door never keeps, such as
    /healthz, static files or the API, costs no cache round trip)."""
    try:
        match = resolve(path_info)
    except Resolver404:
        return False
    return bool(getattr(match.func, DOOR_VIEW, False))


def may_serve(request: HttpRequest) -> bool:
    """A GET of a public page on a plain-http site or by a secure request (an insecure one
    is redirected by SecurityMiddleware)."""
    if request.method != "GET":
        return False
    if settings.SECURE_SSL_REDIRECT and not request.is_secure():
        return False
    return is_door_path(request.path_info)


def entry_key(request: HttpRequest, variant: str) -> str:
    """The address (scheme, host and full path: a secure answer carries HSTS), the language
    the visitor gets and the variant: the encoding an anonymous visitor takes, or a signed-in
    visitor's kind. Raises DisallowedHost for a host settings.ALLOWED_HOSTS refuses."""
    address = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    digest = hashlib.sha256(address.encode()).hexdigest()
    return f"{ENTRY_PREFIX}{get_language_from_request(request)}:{variant}:{digest}"


def encoding(request: HttpRequest) -> str:
    """The variant of an anonymous visitor: gzip or not."""
    return "gz" if re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")) else "id"


def read(key: str) -> tuple[str, Entry | None]:
    """The current generation and the entry kept under `key` at it, in one round trip."""
    try:
        found = cache.get_many([page_cache.GENERATION_KEY, key])
    except Exception:  # a cache outage must never break a page
        logger.warning("page cache unreachable: the door passes the request on", exc_info=True)
        return page_cache.generation_of(None), None
    generation = page_cache.generation_of(found.get(page_cache.GENERATION_KEY))
    return generation, current(found.get(key), generation)


def current(found: object, generation: str) -> Entry | None:
    """What was read under an entry's key, when it is an entry kept at `generation`."""
    return found if isinstance(found, Entry) and found.generation == generation else None


def body_of(entry: Entry) -> bytes | None:
    """The entry's body: from this process, else from the shared cache (then kept here)."""
    body = bodies.get(entry.digest)
    if body is not None:
        return body
    try:
        found = cache.get(BODY_PREFIX + entry.digest)
    except Exception:
        logger.warning("page cache unreachable: the kept body was not read", exc_info=True)
        return None
    if not isinstance(found, bytes) or hashlib.sha256(found).hexdigest() != entry.digest:
        return None
    bodies.keep(entry.digest, found)
    return found


def answer(entry: Entry, body: bytes) -> HttpResponse:
    """The kept headers around this body."""
    response = HttpResponse(body)
    for name, value in entry.headers:
        response[name] = value
    response["Content-Length"] = str(len(body))
    return response


def replay(request: HttpRequest, entry: Entry, body: bytes) -> HttpResponseBase:
    """The kept answer again; "304 Not Modified" to a visitor who holds it already."""
    response = answer(entry, body)
    if "HTTP_IF_NONE_MATCH" not in request.META or not response.has_header("ETag"):
        return response
    conditional = get_conditional_response(request, etag=response["ETag"], response=response)
    if conditional is None or conditional is response:
        return response
    # Django's 304 copies only the caching headers; the normal path's 304 also passed the
    # security middleware (HSTS, CSP, X-Frame-Options, ...): the same headers here.
    for name, value in entry.headers:
        if name.lower() not in NOT_ON_304 and name not in conditional:
            conditional[name] = value
    return conditional


def keepable(request: HttpRequest, response: HttpResponseBase, key: str) -> bool:
    """The answer is the same for every anonymous visitor of this key: a shared public page,
    200, whole, with no cookie, CSRF token or CSP nonce, in the key's language, varying
    only by what the key holds."""
    if SHARED not in request.META or response.status_code != 200:
        return False
    if not isinstance(response, HttpResponse) or response.cookies:
        return False
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or page_cache.used_a_nonce(request):
        return False
    return in_language_of(response, key) and varies_only_by_key(response)


def in_language_of(response: HttpResponseBase, key: str) -> bool:
    """The answer is in the language its key names."""
    language = response.get("Content-Language")
    return language is None or f"{ENTRY_PREFIX}{language}:" in key


def varies_only_by_key(response: HttpResponseBase) -> bool:
    """The answer varies by nothing the key does not hold (the cookies are checked apart)."""
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}
    return vary <= VARY_ALLOWED


def keep(
    key: str,
    generation: str,
    response: HttpResponse,
    body: bytes,
    *,
    made: float,
    marker: str = "",
) -> None:
    """Keep the answer's headers and `body` (its content, or with the visitor's token
    replaced by `marker`) under `key` at the generation read before it was made (a change
    made meanwhile has moved the generation on, so the entry is never served), for what is
    left of the page cache's lifetime of data read at `made`. Best effort."""
    digest = hashlib.sha256(body).hexdigest()
    headers = tuple(
        (name, value) for name, value in response.items() if name.lower() not in NOT_REPLAYED
    )
    bodies.keep(digest, body)
    try:
        cache.set_many(
            {BODY_PREFIX + digest: body, key: Entry(generation, headers, digest, marker)},
            timeout=lifetime(made),
        )
    except Exception:
        logger.warning("page cache unreachable: the answer was not kept", exc_info=True)
