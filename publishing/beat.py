"""The Celery beat schedule kept as django-celery-beat rows: sweeps, and each season's round
steps as crontabs in its league's time zone (so 20:00 stays 20:00 across daylight saving)."""

from __future__ import annotations

import datetime as dt
import json

from django.conf import settings
from django.db import transaction
from django_celery_beat.models import (
    CrontabSchedule,
    IntervalSchedule,
    PeriodicTask,
)

from core.errors import ActionError
from league.actions.common import league_zone, season_rules
from league.models import Season
from league.rules import WEEKDAYS

PREFIX = "whist:"
SWEEPS = {
    f"{PREFIX}publish sweep": ("publishing.sweep", 60),
    f"{PREFIX}rating sweep": ("rating.apply_ratings", 300),
    # E-mails left queued (a worker that died, a broker that was down): queued again.
    f"{PREFIX}mail sweep": ("mail.sweep", 300),
    # The messages to players due now (notices, a layer above: named, not imported).
    f"{PREFIX}notices sweep": ("notices.sweep", 60),
}
# Weekly upkeep at a quiet hour, in the server's time zone: (task, crontab fields).
UPKEEP = {
    f"{PREFIX}standings tally": (
        "standings.check_tally",
        {"minute": "30", "hour": "4", "day_of_week": "1"},  # Monday 04:30
    ),
    f"{PREFIX}standings index": (
        "standings.compact_index",
        {"minute": "0", "hour": "5", "day_of_week": "1"},  # Monday 05:00
    ),
}
# Cron's day numbers: Sunday is 0.
CRON_DAY = {day: (index + 1) % 7 for index, day in enumerate(WEEKDAYS)}


def season_crontabs(season: Season) -> dict[str, dict[str, str]]:
    """The crontab specs of a running scheduled-rounds season's steps, by task name."""
    try:
        rules = season_rules(season)
    except ActionError:  # broken rules: no schedule until an organizer fixes them
        return {}
    if rules.kind != "rounds" or season.status == Season.Status.FINISHED:
        return {}
    schedule = rules.schedule
    days = ",".join(str(CRON_DAY[day]) for day in schedule.weekdays)
    results_days = days
    if schedule.results_publish < schedule.play_start:
        results_days = ",".join(str((CRON_DAY[day] + 1) % 7) for day in schedule.weekdays)
    moments = {
        "close and draw": (schedule.registration_deadline, days),
        "publish draw": (schedule.draw_publish, days),
        "publish results": (schedule.results_publish, results_days),
    }
    zone = season.league.timezone
    return {
        f"{PREFIX}{season.slug}: {step}": {
            "minute": str(time.minute),
            "hour": str(time.hour),
            "day_of_week": on_days,
            "timezone": str(league_zone(zone)),
        }
        for step, (time, on_days) in moments.items()
    }


def sync_schedules() -> int:
    """Create, update or remove the beat rows to match the seasons; returns rows changed."""
    changed = 0
    wanted: set[str] = set()
    with transaction.atomic():
        for name, (task, seconds) in SWEEPS.items():
            every, _ = IntervalSchedule.objects.get_or_create(
                every=seconds, period=IntervalSchedule.SECONDS
            )
            changed += _ensure(name, task, {"interval": every}, "{}")
            wanted.add(name)
        for name, (task, spec) in UPKEEP.items():
            crontab, _ = CrontabSchedule.objects.get_or_create(
                month_of_year="*", day_of_month="*", timezone=settings.TIME_ZONE, **spec
            )
            changed += _ensure(name, task, {"crontab": crontab}, "{}")
            wanted.add(name)
        for season in Season.objects.select_related("league").exclude(
            status=Season.Status.FINISHED
        ):
            for name, spec in season_crontabs(season).items():
                crontab, _ = CrontabSchedule.objects.get_or_create(
                    month_of_year="*", day_of_month="*", **spec
                )
                kwargs = json.dumps({"season_id": season.pk})
                changed += _ensure(
                    name, "publishing.run_round_schedule", {"crontab": crontab}, kwargs
                )
                wanted.add(name)
        stale = PeriodicTask.objects.filter(name__startswith=PREFIX).exclude(name__in=wanted)
        deleted: int = stale.delete()[0]
        changed += deleted
    return changed


def _ensure(name: str, task: str, schedule: dict[str, object], kwargs: str) -> int:
    existing = PeriodicTask.objects.filter(name=name).first()
    fields = {"task": task, "kwargs": kwargs, "enabled": True, **schedule}
    if existing is None:
        PeriodicTask.objects.create(name=name, **fields)
        return 1
    if all(getattr(existing, key) == value for key, value in fields.items()):
        return 0
    for key, value in fields.items():
        setattr(existing, key, value)
    existing.save()
    return 1


def next_run(task: PeriodicTask, after: dt.datetime) -> dt.datetime:
    """When beat runs `task` next after `after` (as beat computes it, in the task's zone)."""
    schedule = task.schedule
    schedule.nowfun = lambda: after.astimezone(getattr(schedule, "tz", dt.UTC))
    _, seconds = schedule.is_due(after)
    return after + dt.timedelta(seconds=seconds)
