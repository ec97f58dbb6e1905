"""`manage.py draw SEASON --round N [--seed S] [--redraw] [--json]` (FORMATS.md 6)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.actions.common import SYSTEM, get_round
from league.actions.draws import do_draw_round
from league.actions.errors import ActionError
from league.draw import DrawError


class Command(BaseCommand):
    help = "Draw a round's tables by the league's rule; prints an existing draw unchanged."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", help="the season's slug")
        parser.add_argument("--round", type=int, required=True, dest="round_number")
        parser.add_argument("--seed", type=int, default=None, help="seed of a random draw")
        parser.add_argument(
            "--redraw", action="store_true", help="replace the draw (only while no results)"
        )
        parser.add_argument("--json", action="store_true", help="print the draw as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            round_ = get_round(options["season"], options["round_number"])
            draw, _made = do_draw_round(
                round_, actor=SYSTEM, seed=options["seed"], redraw=options["redraw"]
            )
        except (ActionError, DrawError) as error:
            raise CommandError(str(error), returncode=1) from None
        data = draw.as_json()
        if options["json"]:
            self.stdout.write(json.dumps(data, ensure_ascii=False))
            return
        seed = f", seed {data['seed']}" if data["seed"] is not None else ""
        self.stdout.write(f"Round {data['round']}: drawn by {data['method']}{seed}")
        for number, table in enumerate(data["tables"], start=1):
            self.stdout.write(f"Table {number}: {', '.join(table)}")
        if data["reserves"]:
            self.stdout.write(f"Reserves: {', '.join(data['reserves'])}")
