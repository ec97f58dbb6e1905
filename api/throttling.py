"""Rate limits: per API token for platforms, per client address for anonymous readers.

Best effort: with the shared cache down the budget reads as unused and nothing is counted
(django-redis answers a miss, settings.DJANGO_REDIS_IGNORE_EXCEPTIONS), so requests go
through.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from api.models import ApiToken

# Overridable with settings.API_THROTTLE_RATES = {"token": "...", "anon": "..."}.
DEFAULT_RATES = {"token": "600/min", "anon": "300/min"}


class _SettingsRateThrottle(SimpleRateThrottle):
    """Reads its rate from the settings when built (each request), so deployments can tune it."""

    def get_rate(self) -> str:
        rates: dict[str, str] = {**DEFAULT_RATES, **getattr(settings, "API_THROTTLE_RATES", {})}
        return rates[str(self.scope)]


class TokenRateThrottle(_SettingsRateThrottle):
    """Each token has its own budget; requests without a token are left to AnonRateThrottle."""

    scope = "token"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if not isinstance(request.auth, ApiToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class AnonRateThrottle(_SettingsRateThrottle):
    """Anonymous readers share a budget per client address."""

    scope = "anon"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if isinstance(request.auth, ApiToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
