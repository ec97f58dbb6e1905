"""A season runs by itself: real beat and worker close, draw and publish a round on time."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from league.actions.common import league_zone
from league.models import Round
from league.rules import WEEKDAYS
from publishing.beat import sync_schedules
from publishing.models import SeasonSnapshot
from tests.integration.conftest import wait_for
from tests.publishing import factories as f

pytestmark = [pytest.mark.integration, pytest.mark.postgres]


def test_beat_closes_draws_and_publishes_the_round_at_the_league_time(start_worker, start_beat):
    zone = league_zone("Asia/Jerusalem")
    # The next whole minute, at least 20 seconds away, in the league's time zone.
    moment = (timezone.now().astimezone(zone) + dt.timedelta(seconds=80)).replace(
        second=0, microsecond=0
    )
    hhmm = moment.strftime("%H:%M")
    season = f.season(start=moment.date(), end=moment.date() + dt.timedelta(days=120))
    season.rules = {
        "schedule": {
            "weekdays": [WEEKDAYS[moment.weekday()]],
            "registration_deadline": hhmm,
            "draw_publish": hhmm,
            "play_start": hhmm,
            "results_publish": hhmm,
        }
    }
    season.save()
    round_ = f.round_(season, 1, moment.date())
    f.register(round_, ["Dana", "Eli", "Noa", "Omer", "Tal"])
    sync_schedules()
    # Only the season's crontabs may act: the sweeps would do the same work every minute.
    PeriodicTask.objects.filter(name__in=["whist:publish sweep", "whist:rating sweep"]).update(
        enabled=False
    )
    start_worker()
    start_beat()
    round_.refresh_from_db()
    assert round_.status == Round.Status.OPEN
    wait_for(
        lambda: Round.objects.filter(pk=round_.pk, draw_published_at__isnull=False).exists(),
        timeout=150,
        what="beat to close, draw and publish the round",
    )
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAWN
    assert round_.drawn_at >= moment
    snapshot = wait_for(
        lambda: (
            SeasonSnapshot.objects.filter(season=season)
            .exclude(summary__rounds__0__draw=None)
            .first()
        ),
        what="the published draw in the snapshot",
    )
    draw = snapshot.data["rounds"][0]["draw"]  # type: ignore[attr-defined]
    assert draw["seed"] == round_.draw_seed and len(draw["reserves"]) == 1
