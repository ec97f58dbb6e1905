"""App config for the mail app: the outbox and each user's language and unsubscribed kinds."""

from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
