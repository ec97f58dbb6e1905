"""App config for the games app."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
