"""App config for the rating app."""

from django.apps import AppConfig


class RatingConfig(AppConfig):
    name = "rating"
