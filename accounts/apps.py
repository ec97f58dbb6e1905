"""App config for the accounts app."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
