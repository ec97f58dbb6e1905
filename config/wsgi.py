"""WSGI entry point (gunicorn config.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from config.startup import require_settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
require_settings("config.wsgi", serving=True)
application = get_wsgi_application()
