"""How large a request body the API reads (settings.API_MAX_BODY_BYTES, default 256 KiB)."""

from __future__ import annotations

from django.conf import settings

DEFAULT_MAX_BODY_BYTES = 256 * 1024


def max_body_bytes() -> int:
    """The largest body the API reads; a 28-deal record with full play is about 30 KB."""
    return int(getattr(settings, "API_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES))
