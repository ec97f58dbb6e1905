"""Sign-in with a limit on failed attempts, so passwords cannot be guessed by brute force."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

MAX_FAILURES_PER_ACCOUNT = 10  # per client address and user name
MAX_FAILURES_PER_ADDRESS = 50  # per client address, whatever the user name
WINDOW_SECONDS = 15 * 60


def _client_address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def _keys(request: HttpRequest) -> tuple[str, str]:
    address = _client_address(request)
    username = str(request.POST.get("username", "")).strip().casefold()
    account = hashlib.sha256(f"{address}\0{username}".encode()).hexdigest()
    return f"login-fail:acct:{account}", f"login-fail:addr:{address}"


def _count(key: str) -> int:
    return int(cache.get(key, 0))


def _bump(key: str) -> None:
    if not cache.add(key, 1, WINDOW_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # expired between add() and incr()
            cache.set(key, 1, WINDOW_SECONDS)


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
            cache.delete(account_key)
        else:
            _bump(account_key)
            _bump(address_key)
        return response
