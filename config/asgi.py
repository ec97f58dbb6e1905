"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

from config.startup import require_settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
require_settings("config.asgi", serving=True)
application = get_asgi_application()
