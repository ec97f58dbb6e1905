"""Refuse to start on settings that cannot run (e.g. no SECRET_KEY with DEBUG off).

`manage.py` and the WSGI/ASGI entry points call `require_settings` before Django starts:
the reason goes to stderr as one line and the process exits 1, with no traceback.
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def require_settings(program: str) -> None:
    """Load the settings; on ImproperlyConfigured print one line and exit 1."""
    try:
        settings.SECRET_KEY  # noqa: B018 (loading the settings module is the point)
    except ImproperlyConfigured as exc:
        sys.stderr.write(f"{program}: {exc}\n")
        raise SystemExit(1) from None
