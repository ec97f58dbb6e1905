"""Settings for the test suite: the app's settings with a throwaway SECRET_KEY.

Production refuses to start without SECRET_KEY when DEBUG is off (config/settings.py); the
tests run with DEBUG off like production, so they bring their own key (subprocesses the
tests start inherit it).
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-any-real-server")

from config.settings import *  # noqa: F403

# The tests run in one process, so its memory cache is shared by every request they make:
# sessions come from the cache as in production with Redis (config/settings.py).
SESSION_ENGINE = "config.sessions"
