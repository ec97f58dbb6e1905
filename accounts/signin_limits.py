"""One limit on failed sign-ins for every place that checks a password (django-axes).

Axes hooks Django's authentication itself (its backend refuses a locked-out visitor before
any password is checked, its signal handler counts failures), so the login page and the
admin's login share these counts. This handler keeps them in the cache shared by all
workers, with a limit per counter:

- 10 failures per visitor address and user name (MAX_FAILURES_PER_ACCOUNT);
- 50 failures per visitor address, whatever the user name (MAX_FAILURES_PER_ADDRESS);

within a 15-minute window. A successful sign-in clears the address-and-name counter only
(clearing the address one would let an attacker with one account reset it at will).
The counts are best effort: with the shared cache down, signing in keeps working (and is
unlimited for that while) rather than failing for everyone: django-redis answers a miss and
logs it (settings.DJANGO_REDIS_IGNORE_EXCEPTIONS).
"""

from __future__ import annotations

import logging
from typing import Any

from axes.handlers.cache import AxesCacheHandler
from axes.helpers import get_client_cache_keys, get_client_str, get_client_username
from axes.signals import user_locked_out
from django.conf import settings
from django.http import HttpRequest

MAX_FAILURES_PER_ACCOUNT = 10  # per client address and user name
MAX_FAILURES_PER_ADDRESS = 50  # per client address, whatever the user name
WINDOW_SECONDS = 15 * 60

# One limit per counter, in the order of settings.AXES_LOCKOUT_PARAMETERS
# ([["ip_address", "username"], "ip_address"]).
LIMITS = (MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS)

logger = logging.getLogger(__name__)


def client_address(request: HttpRequest) -> str:
    """The visitor's address: from the proxy's header when one is configured."""
    header = settings.CLIENT_ADDRESS_HEADER
    if header:
        # X-Forwarded-For lists every hop; the last one was added by our own proxy.
        address = str(request.META.get(header, "")).split(",")[-1].strip()
        if address:
            return address
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def client_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The user name tried, trimmed and case-folded (so 'Dana' and 'dana ' count together)."""
    if credentials:
        raw = credentials.get("username")
    else:
        raw = getattr(request, "POST", {}).get("username")
    return str(raw or "").strip().casefold()


class SignInLimitHandler(AxesCacheHandler):  # type: ignore[misc]  # axes ships no types
    """Axes' cache handler with one limit per counter (LIMITS)."""

    def _counters(
        self, request: HttpRequest, credentials: dict[str, Any] | None
    ) -> list[tuple[str, int]]:
        return list(zip(get_client_cache_keys(request, credentials), LIMITS, strict=True))

    def _counts(
        self, request: HttpRequest, credentials: dict[str, Any] | None
    ) -> list[tuple[int, int]]:
        """(failures, limit) of each counter (0 failures when the cache is down)."""
        return [
            (int(self.cache.get(key, default=0)), limit)
            for key, limit in self._counters(request, credentials)
        ]

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        return max((count for count, _limit in self._counts(request, credentials)), default=0)

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        """Locked once any counter has reached its own limit."""
        return any(count >= limit for count, limit in self._counts(request, credentials))

    def user_login_failed(
        self,
        sender: Any,
        credentials: dict[str, Any],
        request: HttpRequest | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None or self.is_whitelisted(request, credentials):
            return
        for key, _limit in self._counters(request, credentials):
            if not self.cache.add(key, 1, timeout=WINDOW_SECONDS):
                try:
                    self.cache.incr(key)
                except ValueError:  # expired between add() and incr()
                    self.cache.set(key, 1, timeout=WINDOW_SECONDS)
        if self.is_locked(request, credentials):
            username = get_client_username(request, credentials)
            logger.warning(
                "sign-in limit: locking out %s",
                get_client_str(
                    username,
                    request.axes_ip_address,  # type: ignore[attr-defined]  # set by axes
                    request.axes_user_agent,  # type: ignore[attr-defined]  # set by axes
                    request.axes_path_info,  # type: ignore[attr-defined]  # set by axes
                    request,
                ),
            )
            request.axes_locked_out = True  # type: ignore[attr-defined]  # set by axes
            request.axes_credentials = credentials  # type: ignore[attr-defined]  # set by axes
            user_locked_out.send(
                "axes",
                request=request,
                username=username,
                ip_address=request.axes_ip_address,  # type: ignore[attr-defined]  # set by axes
            )

    def user_logged_in(self, sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
        tried = getattr(request, "POST", {}).get("username")
        credentials = {"username": tried or user.get_username()}
        self.cache.delete(get_client_cache_keys(request, credentials)[0])
