"""What the service worker (static/web/sw.js) may keep for a phone that loses the network.

Only the signed-in player's own pages: `/me/` and the deal sheet of his table
(OFFLINE_PAGES). The server decides, since the worker cannot see a response's cookies:
`OfflinePagesMiddleware` marks such a page with `X-Offline-Store: <key>` when it is a
plain 200 for a signed-in visitor that sets no new cookie (and drops the ones it only
repeats, Django's CSRF cookie), and the worker stores only what carries the mark, in a
cache named after the key. The key (`offline_key`) is a keyed hash of the user's id, the
same on every page he opens (the base layout's `<script data-user>` of pwa.js, from the
`offline_user` context processor), so the worker drops another user's cache as soon as a
page of a different user (or of nobody signed in) is shown on the phone.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import HttpRequest, HttpResponseBase
from django.utils.crypto import salted_hmac

OFFLINE_STORE_HEADER = "X-Offline-Store"
# The pages a signed-in player gets back offline, by URL name.
OFFLINE_PAGES = frozenset({"web:my_rounds", "games:sheet"})
_KEY_SALT = "whist.offline.user"
_KEY_LENGTH = 32


def offline_key(user: AbstractBaseUser | AnonymousUser | None) -> str:
    """The name of a signed-in user's offline store (hex), "" for nobody signed in."""
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac(_KEY_SALT, str(user.pk)).hexdigest()[:_KEY_LENGTH]


def offline_user(request: HttpRequest) -> dict[str, str]:
    """`offline_user`: the signed-in visitor's key ("" for nobody), for the base layout's pwa.js."""
    return {"offline_user": offline_key(getattr(request, "user", None))}


def repeated_cookies(request: HttpRequest, response: HttpResponseBase) -> list[str]:
    """The cookies the answer sets to the value the request already carries: Django sends
    the CSRF cookie again on every page that renders a form's token, unchanged."""
    return [
        name
        for name, morsel in response.cookies.items()
        if morsel.value and request.COOKIES.get(name) == morsel.value
    ]


def may_store(request: HttpRequest, response: HttpResponseBase) -> bool:
    """True when the worker may keep this answer: one of OFFLINE_PAGES, read (GET) by a
    signed-in visitor, a plain 200 HTML page that sets no cookie but ones it repeats."""
    match = request.resolver_match
    return (
        request.method == "GET"
        and match is not None
        and match.view_name in OFFLINE_PAGES
        and response.status_code == 200
        and set(response.cookies) == set(repeated_cookies(request, response))
        and response.get("Content-Type", "").startswith("text/html")
        and bool(offline_key(getattr(request, "user", None)))
    )


class OfflinePagesMiddleware:
    """Marks the answers the worker may keep (`may_store`) with the user's key, and drops
    from them the cookies they only repeat, so a kept page carries no Set-Cookie at all.

    It sits outside the session, CSRF and messages middleware, so the cookies they set are
    already on the answer when it looks."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if may_store(request, response):
            for name in repeated_cookies(request, response):
                del response.cookies[name]
            response[OFFLINE_STORE_HEADER] = offline_key(request.user)
        return response
