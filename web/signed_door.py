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
cache: his user, the session's hash of his password, whether he is staff, and the users'
generation read before the request began. The door reads the pass and the session together
and gives the page only when the session is still there with the same user and hash and no
flash messages waiting (his kind follows the session's `organizes` flag as it is now). The
pass is dropped when the session is saved or deleted (config.sessions), and made worthless
by any save or delete of any user (the users' generation, a random token, changes, except
for the sign-in's own `last_login`), so a password change, a deactivation or a new staff
flag sends every session the normal way once, where Django's checks run again. A pass lives
at most `PASS_TTL` seconds: a write that sends no signal (a bulk update of users) is seen
within that time. Anything unusual (flash messages in a cookie, no CSRF cookie, another
session engine, the cache unreachable) sends the request down the normal path.

A personal page (web.views.personal_page: one part of it is the viewer's own, his place in
the league table) is never kept for a kind of visitor: the door keeps its answer for the one
session it was made for (`OWN`, under a key of the address, the language and a hash of the
session key) and gives it only to that session, with the same pass checks.

What the door does not do that the normal path does: renew the CSRF cookie's expiry (a
year; every other page renews it) on these GETs.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import uuid
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.cached_db import KEY_PREFIX as SESSION_CACHE_PREFIX
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.utils.crypto import constant_time_compare

from config.sessions import DOOR_PASS_PREFIX
from web import page_cache, page_door

logger = logging.getLogger(__name__)

FRAMED = "whist.page_door.framed"  # request.META: (kind, token, made) of a framed page
USERS_GENERATION_KEY = "web:door-users"
PASS_TTL = 60
KINDS = ("member", "organizer")
OWN = "own"  # a personal page's answer, kept for its session only
ORGANIZES = "organizes"  # the session key the header reads (accounts.signin.ORGANIZES)
MESSAGES = "_messages"  # where django.contrib.messages keeps what the cookie cannot hold
CACHED_SESSIONS = "config.sessions"
TOKEN_CHARS = frozenset(CSRF_ALLOWED_CHARS)
SIGN_IN_ONLY = frozenset({"last_login"})


@dataclass(frozen=True)
class Pass:
    """A session Django accepted: at which users' generation, for which user and hash of
    his password, and whether he is staff."""

    users: str
    user_id: str
    session_hash: str
    staff: bool


def mark_framed(request: HttpRequest, kind: str, token: str, made: float) -> None:
    """Say that this answer is the shared page, from data read at `made`, in `kind`'s layout
    with this visitor's CSRF token (web.views.render_framed)."""
    request.META[FRAMED] = (kind, token, made)


def users_changed(update_fields: Any = None, **_: Any) -> None:
    """Give the users a new generation (connected to the user model's save and delete), so
    every pass made before is worthless; the sign-in's own save of `last_login` does not.
    Never raises: with the cache down, the door cannot read the passes either."""
    if update_fields is not None and frozenset(update_fields) <= SIGN_IN_ONLY:
        return
    try:
        cache.set(USERS_GENERATION_KEY, uuid.uuid4().hex, timeout=None)
    except Exception:
        logger.warning("cache unreachable: the users' generation did not move", exc_info=True)


def users_generation(found: object) -> str:
    """The users' generation read from the cache ("" before any change, or when lost: a
    pass made at another generation never matches it)."""
    return found if isinstance(found, str) else ""


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


def own_key(request: HttpRequest, session_key: str) -> str:
    """Where a personal page's answer is kept for this session alone."""
    session = hashlib.sha256(session_key.encode()).hexdigest()
    return page_door.entry_key(request, f"{OWN}-{session}")


@dataclass(frozen=True)
class Visit:
    """What the door read for a signed-in visit: the generations, and the answer when it
    can give it."""

    generation: str
    users: str = ""
    response: HttpResponse | None = None


def serve(request: HttpRequest, secret: str) -> Visit:
    """The kept page for this signed-in visitor, when his session holds a valid pass."""
    session_key = request.COOKIES[settings.SESSION_COOKIE_NAME]
    keys = {kind: kind_key(request, kind) for kind in KINDS}
    keys[OWN] = own_key(request, session_key)
    pass_key = DOOR_PASS_PREFIX + session_key
    session_cache_key = SESSION_CACHE_PREFIX + session_key
    wanted = [page_cache.GENERATION_KEY, USERS_GENERATION_KEY, pass_key, session_cache_key]
    try:
        found = cache.get_many([*wanted, *keys.values()])
    except Exception:
        logger.warning("page cache unreachable: the door passes the request on", exc_info=True)
        return Visit(page_cache.generation_of(None))
    generation = page_cache.generation_of(found.get(page_cache.GENERATION_KEY))
    users = users_generation(found.get(USERS_GENERATION_KEY))
    visit = Visit(generation, users)
    held = found.get(pass_key)
    session = found.get(session_cache_key)
    if not isinstance(held, Pass) or held.users != users or not isinstance(session, dict):
        return visit
    if not holds(session, held):
        return visit
    kind = "organizer" if held.staff or session.get(ORGANIZES) else "member"
    entry = page_door.current(found.get(keys[OWN]), generation) or page_door.current(
        found.get(keys[kind]), generation
    )
    if entry is None:
        return visit
    body = page_door.body_of(entry)
    if body is None or not entry.marker:
        return visit
    request.META["CSRF_COOKIE"] = secret  # as CsrfViewMiddleware reads it from the cookie
    mine = body.replace(entry.marker.encode(), get_token(request).encode())
    return Visit(generation, users, page_door.answer(entry, mine))


def holds(session: dict[str, Any], held: Pass) -> bool:
    """The session is still the one its pass was made for: the same user and hash of his
    password, and no flash messages waiting."""
    session_hash = session.get(HASH_SESSION_KEY)
    return (
        MESSAGES not in session
        and session.get(SESSION_KEY) == held.user_id
        and isinstance(session_hash, str)
        and constant_time_compare(session_hash, held.session_hash)
    )


def keep(request: HttpRequest, response: HttpResponseBase, visit: Visit) -> None:
    """Keep a framed answer for its kind of visitor, and the session's pass (best effort)."""
    framed = request.META.get(FRAMED)
    if framed is None or not isinstance(response, HttpResponse):
        return
    kind, token, made = framed
    if kind not in (*KINDS, OWN) or response.status_code != 200 or response.streaming:
        return
    if set(response.cookies) - {settings.CSRF_COOKIE_NAME}:  # the session was changed
        return
    if page_cache.used_a_nonce(request) or not page_door.varies_only_by_key(response):
        return
    session_key = request.COOKIES[settings.SESSION_COOKIE_NAME]
    key = own_key(request, session_key) if kind == OWN else kind_key(request, kind)
    if not page_door.in_language_of(response, key):
        return
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return
    user_id, session_hash = request.session.get(SESSION_KEY), request.session.get(HASH_SESSION_KEY)
    if not isinstance(user_id, str) or not isinstance(session_hash, str):
        return
    body = response.content
    if token.encode() not in body:
        return
    marker = secrets.token_hex(CSRF_SECRET_LENGTH)  # as long as a token, never in a page
    mine = body.replace(token.encode(), marker.encode())
    page_door.keep(key, visit.generation, response, mine, made=made, marker=marker)
    held = Pass(visit.users, user_id, session_hash, bool(user.is_staff))
    try:
        cache.set(DOOR_PASS_PREFIX + session_key, held, timeout=PASS_TTL)
    except Exception:
        logger.warning("page cache unreachable: the session's pass was not kept", exc_info=True)
