"""`python manage.py publish [SEASON ...] [--sync-schedules]`: publish snapshots now (with no
season named, every season and the rating list)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import ActionError
from league.models import Season
from publishing.actions import do_publish_season
from publishing.beat import sync_schedules
from rating.list_publishing import do_publish_ratings


class Command(BaseCommand):
    help = (
        "Publish the snapshot of the given seasons (all seasons and the rating list when none "
        "is named); "
        "an unchanged season is left as it is. --sync-schedules also refreshes beat's rows."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("seasons", nargs="*", help="season slugs")
        parser.add_argument(
            "--force",
            action="store_true",
            help="rebuild even when the inputs look unchanged (stored only if it differs)",
        )
        parser.add_argument("--sync-schedules", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        slugs = options["seasons"]
        seasons = Season.objects.order_by("slug")
        if slugs:
            seasons = seasons.filter(slug__in=slugs)
            missing = sorted(set(slugs) - set(seasons.values_list("slug", flat=True)))
            if missing:
                raise CommandError(f"Unknown season(s): {', '.join(missing)}.")
        for season in seasons:
            try:
                snapshot = do_publish_season(season.pk, force=options["force"])
            except ActionError as error:  # e.g. rules made invalid by hand
                raise CommandError(f"{season.slug}: {error}") from error
            state = f"version {snapshot.version}" if snapshot else "unchanged"
            self.stdout.write(f"{season.slug}: {state}")
        if not slugs:
            ratings = do_publish_ratings()
            state = f"version {ratings.version}" if ratings else "unchanged"
            self.stdout.write(f"rating list: {state}")
        if options["sync_schedules"]:
            self.stdout.write(f"Beat schedule: {sync_schedules()} row(s) changed.")
