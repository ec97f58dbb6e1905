"""App config for the desk: the organizer's pages under /manage/ and the Django admin of the
league's models (`desk/admin.py`, found by the admin's autodiscovery)."""

from django.apps import AppConfig


class DeskConfig(AppConfig):
    name = "desk"
    verbose_name = "Desk"
