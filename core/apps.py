"""App config for the shared core: actors, the action error, the audit log, organizer checks."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
