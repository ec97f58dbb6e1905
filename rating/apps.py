"""App config for the rating app: connects the rating update to confirmed games."""

from django.apps import AppConfig


class RatingConfig(AppConfig):
    name = "rating"
    verbose_name = "Rating"

    def ready(self) -> None:
        from rating import receivers

        receivers.connect()
