"""`manage.py load_demo`: a demo club so a fresh install shows real pages (idempotent)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from games.demo import load_demo


class Command(BaseCommand):
    help = "Load (or refresh) a small demo league with generated results and demo accounts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--refresh", action="store_true", help="Import the demo seasons anew, replacing them."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for line in load_demo(timezone.localdate(), refresh=options["refresh"]):
            self.stdout.write(line)
