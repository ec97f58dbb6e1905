"""App config for the publishing app: connects the publish triggers to the domain signals."""

from django.apps import AppConfig


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = "Publishing"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from publishing import receivers

        receivers.connect()
        post_migrate.connect(receivers.sync_beat_after_migrate, sender=self)
