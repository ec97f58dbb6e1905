"""`manage.py score_deals FILE [--preset NAME] [--deck NAME]`: score deal records (FORMATS.md 3)."""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.cli import main


class Command(BaseCommand):
    help = (
        "Validate and score deal records: FILE is a deal record, a list of them or a game record "
        "('-' reads standard input). Exit 0 all valid, 1 some deal invalid, 2 unreadable input."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument(
            "--preset", help="scoring preset (default: the file's, else whist-online)"
        )
        parser.add_argument(
            "--deck",
            help="three-player deck: no-low-cards, no-clubs or one-card-out (default: the "
            "file's, else no-low-cards for deals of three seats)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        argv = [options["file"]]
        if options["preset"] is not None:
            argv += ["--preset", options["preset"]]
        if options["deck"] is not None:
            argv += ["--deck", options["deck"]]
        code = main(argv, sys.stdin, self.stdout, self.stderr)
        if code:
            # The exit code is the contract (FORMATS.md 3); call_command callers see SystemExit.
            sys.exit(code)
