"""`manage.py register SEASON --round N NAME [NAME ...]` (FORMATS.md 6): register players."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from core.actor import SYSTEM
from core.errors import ActionError
from league.actions.common import get_round
from league.actions.players import get_or_create_players
from league.actions.registration import register_players


class Command(BaseCommand):
    help = "Register players (created by name when new) for a round; all or nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", help="the season's slug")
        parser.add_argument("--round", type=int, required=True, dest="round_number")
        parser.add_argument("names", nargs="+", help="player names")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with transaction.atomic():
                round_ = get_round(options["season"], options["round_number"])
                players = list(get_or_create_players(options["names"]).values())
                result = register_players(round_, players, actor=SYSTEM)
        except ActionError as error:
            raise CommandError(error.message, returncode=1) from None
        self.stdout.write(
            json.dumps(
                {
                    "season": options["season"],
                    "round": options["round_number"],
                    "registered": [p.name for p, created in result if created],
                    "already_registered": [p.name for p, created in result if not created],
                },
                ensure_ascii=False,
            )
        )
