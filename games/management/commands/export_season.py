"""`manage.py export_season SEASON [--output FILE]`: write a season file, FORMATS.md 4."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import ActionError
from games.season_export import season_file_data
from league.models import Season


class Command(BaseCommand):
    help = (
        "Write a season as a season file (FORMATS.md 4), to standard output or --output FILE; "
        "import_season reads it back."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", help="the season's slug, e.g. season-10")
        parser.add_argument("--output", help="the file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        season = Season.objects.select_related("league").filter(slug=options["season"]).first()
        if season is None:
            raise CommandError(f"there is no season {options['season']!r}")
        try:
            text = json.dumps(season_file_data(season), ensure_ascii=False, indent=1)
        except ActionError as error:
            raise CommandError(str(error)) from None
        path = options["output"]
        if not path:
            self.stdout.write(text)
            return
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        except OSError as error:
            raise CommandError(f"cannot write {path}: {error.strerror or error}") from None
        self.stdout.write(f"wrote {season.slug} to {path}")
