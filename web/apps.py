"""App config for the web app."""

from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
