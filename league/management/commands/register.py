"""`manage.py register SEASON --round N NAME [NAME ...]` (FORMATS.md 6): register players."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from core.actor import SYSTEM
from core.errors import ActionCode, ActionError
from league.actions.common import get_round
from league.actions.players import confirmed_players, get_or_create_players, match_players
from league.actions.registration import register_players
from league.models import Player


class Command(BaseCommand):
    help = "Register players (created by name when new) for a round; all or nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", help="the season's slug")
        parser.add_argument("--round", type=int, required=True, dest="round_number")
        parser.add_argument("names", nargs="+", help="player names")
        parser.add_argument(
            "--strict",
            action="store_true",
            help="create nobody: refuse names that are not a known player's (written alike)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with transaction.atomic():
                round_ = get_round(options["season"], options["round_number"])
                if options["strict"]:
                    players = _known_players(options["names"])
                else:
                    players = list(dict.fromkeys(get_or_create_players(options["names"]).values()))
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


def _known_players(names: list[str]) -> list[Player]:
    """The players written like `names` (case, accents, final letters aside); refuses,
    naming each unknown name and its near spellings, when any is not a known player."""
    matches = match_players(names)
    unknown = [m for m in matches if m.needs_choice]
    if unknown:
        raise ActionError(
            ActionCode.UNKNOWN,
            "; ".join(
                f"{m.name!r}: did you mean {' or '.join(name for _pk, name in m.candidates)}?"
                if m.candidates
                else f"{m.name!r} is not a player"
                for m in unknown
            ),
        )
    return confirmed_players([m.name for m in matches], {})
