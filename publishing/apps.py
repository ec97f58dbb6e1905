"""App config for the publishing app."""

from django.apps import AppConfig


class PublishingConfig(AppConfig):
    name = "publishing"
