"""Sign-in with a limit on failed attempts, so passwords cannot be guessed by brute force."""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

MAX_FAILURES_PER_ACCOUNT = 10  # per client address and user name
MAX_FAILURES_PER_ADDRESS = 50  # per client address, whatever the user name
WINDOW_SECONDS = 15 * 60

logger = logging.getLogger(__name__)


def _client_address(request: HttpRequest) -> str:
    """The visitor's address: from the proxy's header when one is configured."""
    header = settings.CLIENT_ADDRESS_HEADER
    if header:
        # X-Forwarded-For lists every hop; the last one was added by our own proxy.
        address = str(request.META.get(header, "")).split(",")[-1].strip()
        if address:
            return address
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def _keys(request: HttpRequest) -> tuple[str, str]:
    address = _client_address(request)
    username = str(request.POST.get("username", "")).strip().casefold()
    account = hashlib.sha256(f"{address}\0{username}".encode()).hexdigest()
    return f"login-fail:acct:{account}", f"login-fail:addr:{address}"


# The counters are best effort: with the shared cache down, signing in keeps working
# (unlimited for that while) rather than failing for everyone.
def _count(key: str) -> int:
    try:
        return int(cache.get(key, 0))
    except Exception:
        logger.exception("sign-in limit: cache unavailable, not counting")
        return 0


def _bump(key: str) -> None:
    try:
        if not cache.add(key, 1, WINDOW_SECONDS):
            try:
                cache.incr(key)
            except ValueError:  # expired between add() and incr()
                cache.set(key, 1, WINDOW_SECONDS)
    except Exception:
        logger.exception("sign-in limit: cache unavailable, failure not counted")


def _forget(key: str) -> None:
    try:
        cache.delete(key)
    except Exception:
        logger.exception("sign-in limit: cache unavailable, count not cleared")


class RateLimitedLoginView(auth_views.LoginView):
    """Django's login view that refuses (429) after too many failed sign-ins."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        account_key, address_key = _keys(request)
        if (
            _count(account_key) >= MAX_FAILURES_PER_ACCOUNT
            or _count(address_key) >= MAX_FAILURES_PER_ADDRESS
        ):
            form = self.get_form()
            form.errors.clear()
            form.add_error(
                None,
                _("Too many failed sign-ins; please wait 15 minutes and try again."),
            )
            response = self.render_to_response(self.get_context_data(form=form))
            response.status_code = 429
            response["Retry-After"] = str(WINDOW_SECONDS)
            return response
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            _forget(account_key)
        else:
            _bump(account_key)
            _bump(address_key)
        return response
