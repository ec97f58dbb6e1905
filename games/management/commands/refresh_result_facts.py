"""`manage.py refresh_result_facts [SEASON]`: rebuild what result rows record about their games.

Writers keep the facts (games.facts) right; this repairs them after a hand edit of the database
that bypassed the app (SQL, a shell), for one season or every game.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.facts import refresh_facts
from games.models import Game
from league.models import Season


class Command(BaseCommand):
    help = "Recompute every result's place, shared places, gap and game fields from the scores."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", nargs="?", help="only this season's games (its slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.order_by()
        if options["season"]:
            season = Season.objects.filter(slug=options["season"]).first()
            if season is None:
                raise CommandError(f"there is no season {options['season']!r}")
            games = games.filter(season=season)
        game_ids = list(games.values_list("id", flat=True))
        changed = refresh_facts(game_ids)
        self.stdout.write(f"checked {len(game_ids)} games: {changed} result rows corrected")
