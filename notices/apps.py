"""App config for the notices app: its sweep runs for a season soon after its announcement."""

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = "Notices"

    def ready(self) -> None:
        from notices import receivers

        receivers.connect()
