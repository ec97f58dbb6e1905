"""App config for the draws: connects the receiver that keeps a stage's draw check current,
and holds the `draw` command."""

from django.apps import AppConfig


class DrawsConfig(AppConfig):
    name = "draws"
    verbose_name = "Draws"

    def ready(self) -> None:
        # A tournament stage's kept draw check follows the season's results.
        from draws import receivers

        receivers.connect()
