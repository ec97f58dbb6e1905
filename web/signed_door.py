"""Kept public pages for signed-in visitors, answered at the door (web.page_door).

A signed-in visitor's public page is the shared page inside the layout of his kind of
visitor (member or organizer) with his own CSRF token (web.views.render_framed): nothing
else in it is his. So the door keeps that answer with the token replaced by a random
marker, and gives it to the next signed-in visitor of the same kind, address and language
with his own token put back, without the rest of the middleware stack and without the
database: one cache round trip.

It may only do so for a session that Django's session and authentication middleware have
accepted: when they do (the session found, its user loaded, his backend allowed, the
session's hash of his password matching), the way out leaves a pass for that session in the
cache: his kind, and the users' generation read before the request began. The pass is
dropped when the session is saved or deleted (config.sessions: sign-in, sign-out, flash
messages kept in it), and made worthless by any save or delete of any user (the users'
generation moves, except for the sign-in's own `last_login`), so a password change, a
deactivation or a new staff flag sends every session the normal way once, where Django's
checks run again. A pass lives at most `PASS_TTL` seconds and never past its session's
expiry; a write that sends no signal (a bulk update) is seen within that time, as is a
sign-out that races a page view of the same session (the old cookie is no longer sent by
the browser that signed out). Anything unusual (flash messages in a cookie, no CSRF cookie,
another session engine, the cache unreachable) sends the request down the normal path.

What the door does not do that the normal path does: renew the CSRF cookie's expiry (a
year; every other page renews it) on these GETs.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token

from config.sessions import DOOR_PASS_PREFIX
from web import page_cache, page_door

logger = logging.getLogger(__name__)

FRAMED = "whist.page_door.framed"  # request.META: (kind, token) of a framed public page
USERS_GENERATION_KEY = "web:door-users"
PASS_TTL = 60
KINDS = ("member", "organizer")
CACHED_SESSIONS = "config.sessions"
TOKEN_CHARS = frozenset(CSRF_ALLOWED_CHARS)
SIGN_IN_ONLY = frozenset({"last_login"})


@dataclass(frozen=True)
class Pass:
    """A session Django accepted: the layout its visitor gets, and the users' generation
    it was accepted at."""

    users: int
    kind: str


def mark_framed(request: HttpRequest, kind: str, token: str) -> None:
    """Say that this answer is the shared page in `kind`'s layout with this visitor's CSRF
    token (web.views.render_framed)."""
    request.META[FRAMED] = (kind, token)


def users_changed(update_fields: Any = None, **_: Any) -> None:
    """Move the users' generation on (connected to the user model's save and delete), so
    every pass made before is worthless; the sign-in's own save of `last_login` does not.
    Never raises: with the cache down, the door cannot read the passes either."""
    if update_fields is not None and frozenset(update_fields) <= SIGN_IN_ONLY:
        return
    try:
        try:
            cache.incr(USERS_GENERATION_KEY)
        except ValueError:  # not stored yet
            cache.set(USERS_GENERATION_KEY, 1, timeout=None)
    except Exception:
        logger.warning("cache unreachable: the users' generation did not move", exc_info=True)


def users_generation(found: object) -> int:
    return found if isinstance(found, int) else 0


def csrf_secret(request: HttpRequest) -> str | None:
    """The visitor's CSRF secret when the door may serve him: sessions in the shared cache,
    CSRF in a well-formed cookie, no flash messages in a cookie. Else None."""
    if settings.SESSION_ENGINE != CACHED_SESSIONS or settings.SESSION_CACHE_ALIAS != "default":
        return None
    if settings.CSRF_USE_SESSIONS or "messages" in request.COOKIES:
        return None
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) != CSRF_SECRET_LENGTH or not TOKEN_CHARS.issuperset(secret):
        return None
    return secret


def kind_key(request: HttpRequest, kind: str) -> str:
    return page_door.entry_key(request, f"signed-{kind}")


@dataclass(frozen=True)
class Visit:
    """What the door read for a signed-in visit: the generations, and the answer when it
    can give it."""

    generation: str
    users: int = 0
    response: HttpResponse | None = None


def serve(request: HttpRequest, secret: str) -> Visit:
    """The kept page for this signed-in visitor, when his session holds a valid pass."""
    session_key = request.COOKIES[settings.SESSION_COOKIE_NAME]
    keys = {kind: kind_key(request, kind) for kind in KINDS}
    pass_key = DOOR_PASS_PREFIX + session_key
    try:
        found = cache.get_many(
            [page_cache.GENERATION_KEY, USERS_GENERATION_KEY, pass_key, *keys.values()]
        )
    except Exception:
        logger.warning("page cache unreachable: the door passes the request on", exc_info=True)
        return Visit(page_cache.generation_of(None))
    generation = page_cache.generation_of(found.get(page_cache.GENERATION_KEY))
    users = users_generation(found.get(USERS_GENERATION_KEY))
    visit = Visit(generation, users)
    held = found.get(pass_key)
    if not isinstance(held, Pass) or held.users != users or held.kind not in KINDS:
        return visit
    entry = found.get(keys[held.kind])
    if not isinstance(entry, page_door.Entry) or entry.generation != generation:
        return visit
    body = page_door.body_of(entry)
    if body is None or not entry.marker:
        return visit
    request.META["CSRF_COOKIE"] = secret  # as CsrfViewMiddleware reads it from the cookie
    mine = body.replace(entry.marker.encode(), get_token(request).encode())
    return Visit(generation, users, page_door.answer(entry, mine))


def keep(request: HttpRequest, response: HttpResponseBase, visit: Visit) -> None:
    """Keep a framed answer for its kind of visitor, and the session's pass (best effort)."""
    framed = request.META.get(FRAMED)
    if framed is None or not isinstance(response, HttpResponse):
        return
    kind, token = framed
    if kind not in KINDS or response.status_code != 200 or response.streaming:
        return
    if set(response.cookies) - {settings.CSRF_COOKIE_NAME}:  # the session was changed
        return
    if page_cache.used_a_nonce(request) or not page_door.varies_only_by_key(response):
        return
    key = kind_key(request, kind)
    if not page_door.in_language_of(response, key):
        return
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or request.session.is_empty():
        return
    body = response.content
    if token.encode() not in body:
        return
    marker = secrets.token_hex(CSRF_SECRET_LENGTH)  # as long as a token, never in a page
    page_door.keep(
        key, visit.generation, response, body.replace(token.encode(), marker.encode()), marker
    )
    session_key = request.COOKIES[settings.SESSION_COOKIE_NAME]
    lifetime = min(PASS_TTL, request.session.get_expiry_age())
    try:
        cache.set(DOOR_PASS_PREFIX + session_key, Pass(visit.users, kind), timeout=lifetime)
    except Exception:
        logger.warning("page cache unreachable: the session's pass was not kept", exc_info=True)
