"""`python manage.py recompute_ratings`: replay every rated game from the start."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from rating.tasks import update_ratings


class Command(BaseCommand):
    help = (
        "Recompute every player's skill rating from all rated games in played order "
        "(the same numbers as the updates made game by game), then the rated leagues."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        outcome = update_ratings(full=True)
        self.stdout.write(
            f"Recomputed the ratings of {outcome['games']} rated games; "
            f"{len(outcome['seasons'])} rated season(s) updated."  # type: ignore[arg-type]  # a list
        )
