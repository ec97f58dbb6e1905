"""App config for the league domain."""

from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League"

    def ready(self) -> None:
        # A tournament stage's kept draw check follows the season's results.
        from league import receivers

        receivers.connect()
