"""Refuse to start on settings that cannot run (e.g. no SECRET_KEY with DEBUG off).

`manage.py` and the WSGI/ASGI entry points call `require_settings` before Django starts:
the reason goes to stderr as one line and the process exits 1, with no traceback. The
servers (WSGI/ASGI, the Celery worker) started in production without `SITE_URL` say so in
one line on stderr and run: the chat texts and e-mails would carry links without the site's
address (`core.site`).
"""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def require_settings(program: str, *, serving: bool = False) -> None:
    """Load the settings; on ImproperlyConfigured print one line and exit 1. A server
    (`serving`) warns in one line when it runs in production without `SITE_URL`."""
    try:
        settings.SECRET_KEY  # noqa: B018 (loading the settings module is the point)
    except ImproperlyConfigured as exc:
        sys.stderr.write(f"{program}: {exc}\n")
        raise SystemExit(1) from None
    if serving:
        warn_without_site_url(program)


def warn_without_site_url(program: str) -> None:
    """One line on stderr when DEBUG is off and SITE_URL is not set."""
    if not settings.DEBUG and not settings.SITE_URL:
        sys.stderr.write(
            f"{program}: warning: SITE_URL is not set, so the links in chat texts and e-mails "
            "have no site address: set it to the site's public address "
            "(e.g. https://whist.example.org)\n"
        )
