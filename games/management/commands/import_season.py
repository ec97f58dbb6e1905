"""`manage.py import_season FILE`: import (or re-import) a season file, FORMATS.md 4."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError
from django.db.models import ProtectedError

from games.season_import import import_season
from league.season_file import SeasonFileError
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict


class Command(BaseCommand):
    help = "Import a season file (FORMATS.md 4); importing the same season again replaces it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the season file (JSON), or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        data = _read_json(options["file"])
        try:
            summary = import_season(data)
        except SeasonFileError as error:
            raise CommandError(f"season file rejected, nothing imported: {error}") from None
        except (ProtectedError, DatabaseError) as error:
            message = " ".join(str(error).split())
            raise CommandError(
                f"the season could not be written, nothing imported: {message}"
            ) from None
        self.stdout.write(str(summary))


def _read_json(path: str) -> object:
    """The decoded file, or a CommandError with a one-line reason."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise CommandError(f"cannot read {path}: {reason}") from None
    try:
        return loads_strict(text)
    except StrictJsonError as error:
        if error.code == StrictJsonCode.NOT_JSON:
            raise CommandError(f"{path} is not JSON: {error.message}") from None
        raise CommandError(f"season file rejected, nothing imported: {error.message}") from None
