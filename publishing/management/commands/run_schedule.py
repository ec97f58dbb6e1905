"""`python manage.py run_schedule [--every SECONDS] [--once]`: the schedule without Celery.

The quick start (`make run`) has no broker, so no celery beat: this command runs the same
sweeps beat runs every minute (close and draw at the deadline, publish the draw and the
results at their times, publish stale seasons; the other minute sweeps of
`publishing.beat.SWEEPS` by their task names, e.g. the letters to players due) in a loop
beside `runserver`.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError

from publishing.beat import SWEEPS
from publishing.tasks import run_sweep

# Beat's other every-minute sweeps, by name (their apps may sit above publishing).
MINUTE_SWEEPS = tuple(
    task for task, seconds in SWEEPS.values() if seconds == 60 and task != "publishing.sweep"
)

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = (
        "Run the schedule sweep (round steps due now, stale publishes) every --every "
        "seconds, or --once; for the quick start, where no celery beat runs."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every", type=int, default=60, help="seconds between sweeps (default 60)"
        )
        parser.add_argument("--once", action="store_true", help="sweep once and exit")

    def handle(self, *args: Any, **options: Any) -> None:
        every = max(1, options["every"])
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            self.stderr.write(
                "a Celery broker is configured: celery beat runs the schedule; "
                "running the sweep here as well (each step runs once)"
            )
        current_app.loader.import_default_modules()  # every app's tasks, as a worker has
        while True:
            self._sweep_once()
            if options["once"]:
                return
            try:
                time.sleep(every)
            except KeyboardInterrupt:
                return

    def _sweep_once(self) -> None:
        try:
            published = run_sweep()
            for name in MINUTE_SWEEPS:
                current_app.tasks[name].apply(throw=True)
        except DatabaseError as error:  # the database is busy or down: try again next time
            logger.warning("run_schedule: sweep failed, retrying later: %s", error)
            return
        if published:
            self.stdout.write(f"published seasons {published}")
