"""What every template may use to cache its heavy parts (web.versions)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import HttpRequest

from web.http_cache import FRAGMENTS


def fragments(request: HttpRequest) -> dict[str, object]:
    """`fragment_timeout` (seconds) and `fragments`: the key of this page's fragments for
    this viewer, for `{% cache fragment_timeout "name" fragments %}`; outside a versioned
    page (web.http_cache.cached_page), a key of its own that no other page shares."""
    return {
        "fragment_timeout": settings.FRAGMENT_CACHE_TIMEOUT,
        "fragments": getattr(request, FRAGMENTS, "") or secrets.token_hex(16),
    }
