"""`manage.py check_tally [--repair]`: the results' tally (standings.tally) against a count of
the results.

Prints one JSON object: `kept` (whether this database keeps a tally: PostgreSQL), `keys`
(how many of its keys differ from the count), `seasons` (the ids of the seasons they
belong to) and `repaired`. Exits 0 when the tally is in step or was repaired, 1 when it
differs and --repair was not given.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from standings.tally import drift, repair


class Command(BaseCommand):
    help = "Compare the results' tally with a count of the results; --repair counts it again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--repair",
            action="store_true",
            help="if it differs, count it again and republish the seasons concerned",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        found = repair() if options["repair"] else drift()
        keys = 0 if found is None else found.keys
        report = {
            "kept": found is not None,
            "keys": keys,
            "seasons": [] if found is None else list(found.seasons),
            "repaired": bool(options["repair"] and keys),
        }
        self.stdout.write(json.dumps(report))
        if keys and not options["repair"]:
            raise SystemExit(1)
