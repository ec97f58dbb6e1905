"""`manage.py draw SEASON --round N [--seed S] [--redraw --reason TEXT] [--json] [--check]`
(FORMATS.md 6)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.actor import SYSTEM
from core.errors import ActionError
from draws.actions import do_draw_round
from draws.stored import audit_draw
from league.actions.common import get_round
from league.draw import DrawError
from league.models import Round


class Command(BaseCommand):
    help = "Draw a round's tables by the league's rule; prints an existing draw unchanged."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", help="the season's slug")
        parser.add_argument("--round", type=int, required=True, dest="round_number")
        parser.add_argument("--seed", type=int, default=None, help="seed of a random draw")
        parser.add_argument(
            "--redraw", action="store_true", help="replace the draw (only while no results)"
        )
        parser.add_argument(
            "--reason", default="", help="why the round is drawn again (required with --redraw)"
        )
        parser.add_argument("--json", action="store_true", help="print the draw as JSON")
        parser.add_argument(
            "--check",
            action="store_true",
            help="check the stored draw against its recipe, seed and changes (exit 0/1)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["redraw"] and not options["reason"].strip():
            raise CommandError(
                "--redraw needs --reason TEXT: why the round is drawn again "
                "(kept in the draw's history, shown publicly once published)",
                returncode=1,
            )
        try:
            round_ = get_round(options["season"], options["round_number"])
            if options["check"]:
                self.check_draw(round_)
                return
            draw, _made = do_draw_round(
                round_,
                actor=SYSTEM,
                seed=options["seed"],
                redraw=options["redraw"],
                reason=options["reason"],
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

    def check_draw(self, round_: Round) -> None:
        """Print whether the standing draw matches its recipe and seed, then its changes and
        whether the seats now match; a mismatch exits 1."""
        audit = audit_draw(round_)
        if audit is None:
            raise CommandError(
                f"Round {round_.number} has no recorded draw to check.", returncode=1
            )
        record = audit.record
        self.stdout.write(
            f"Round {round_.number}: draw {record.number} ({record.method or 'unknown method'}, "
            f"recipe {record.recipe}, seed {record.seed})"
        )
        verdict = {
            True: "matches its recipe and seed",
            False: "DOES NOT match its recipe and seed",
            None: "cannot be recomputed (the recipe or the ranking used was not recorded)",
        }[audit.matches_seed]
        self.stdout.write(f"The draw as made {verdict}.")
        for change in audit.changes:
            self.stdout.write(
                f"Change: {change.kind} {' / '.join(change.players)} ({change.reason})"
            )
        if audit.matches_seats:
            self.stdout.write(
                f"The seats now match the draw with its {len(audit.changes)} change(s)."
            )
        else:
            self.stdout.write("The seats now DO NOT match the draw with its recorded changes.")
        if not audit.ok:
            raise CommandError("The draw check failed.", returncode=1)
