"""App config for the api app."""

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
