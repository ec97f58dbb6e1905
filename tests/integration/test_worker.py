"""A real Celery worker on Redis and PostgreSQL publishes snapshots and loses nothing."""

from __future__ import annotations

import datetime as dt
import re
import time

import psycopg
import pytest
import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from config import request_ids
from draws.actions import do_draw_round, publish_draw
from games.actions import confirm_result, submit_result
from games.models import Game
from league.models import Player, Season, Table
from league.signals import announce_results
from publishing import tasks
from publishing.models import SeasonSnapshot
from rating.models import RatingChange
from tests.integration.conftest import DEAD_BROKER_URL, REDIS_URL, wait_for
from tests.publishing import factories as f

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

SUNDAY = dt.date(2026, 9, 6)
NAMES = ["Dana", "Eli", "Noa", "Omer"]


def confirm(season: Season, number: int, scores: dict[str, int]) -> Game:
    """What a results confirmation does: store in one transaction, announce after commit."""
    with transaction.atomic():
        round_ = f.round_(season, number, SUNDAY + dt.timedelta(days=7 * number))
        game = f.table_game(season, round_, 1, scores)
        announce_results(season.pk, game.pk)
    return game


def snapshots(season: Season) -> int:
    return SeasonSnapshot.objects.filter(season=season).count()


def forget_queued() -> None:
    """Drop the publishes the fixtures' own saves queued, so a test starts from nothing."""
    redis.Redis.from_url(REDIS_URL).flushdb()


def queue_empty() -> bool:
    client = redis.Redis.from_url(REDIS_URL)
    return client.llen("celery") == 0


def test_confirmed_result_is_published_by_the_worker(start_worker):
    """The real workflow: draw, a player enters the result, another confirms it."""
    season = f.season()
    round_ = f.round_(season, 1, SUNDAY)
    f.register(round_, NAMES)
    users = {}
    for name in NAMES:
        users[name] = get_user_model().objects.create_user(name.lower(), password="pw")
        Player.objects.filter(name=name).update(user=users[name])
    do_draw_round(round_)
    publish_draw(round_)  # results wait for the published draw
    start_worker()
    table = Table.objects.get(round=round_, number=1)
    seated = [seat.player.name for seat in table.seats.order_by("seat")]
    version = submit_result(table, actor=users[seated[0]], scores=[120, 80, 45, -10])
    confirm_result(table, version.number, actor=users[seated[1]])
    wait_for(lambda: snapshots(season), what="the snapshot")
    snapshot = SeasonSnapshot.objects.filter(season=season).order_by("-version").first()
    wait_for(
        lambda: SeasonSnapshot.objects.filter(
            season=season, summary__standings__0__player=seated[0]
        ).exists(),
        what="a snapshot with the confirmed result",
    )
    assert snapshot.season_id == season.pk
    game = Game.objects.get(table=table)
    wait_for(lambda: RatingChange.objects.filter(game=game).count() == 4, what="the ratings")


def test_the_worker_logs_a_task_under_the_id_of_the_request_that_queued_it(start_worker):
    season = f.season()
    forget_queued()
    worker = start_worker()
    with request_ids.bound("itest-request-0001"):
        tasks.publish_season.apply_async((season.pk,))
    wait_for(
        lambda: re.search(
            r"\[itest-request-0001\] Task publishing\.publish_season\[[-0-9a-f]+\] succeeded",
            worker.log.read_text(errors="replace"),
        ),
        what="the task's line with the request id",
    )
    assert "Logging error" not in worker.log.read_text(errors="replace")


def test_duplicate_messages_publish_one_snapshot(start_worker):
    season = f.season()
    confirm(season, 1, {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10})
    forget_queued()
    for _ in range(5):
        tasks.publish_season.apply_async((season.pk,))
    start_worker()
    wait_for(lambda: snapshots(season) and queue_empty(), what="the queue to drain")
    time.sleep(1)
    assert snapshots(season) == 1


def test_a_burst_of_confirmations_leads_to_a_few_publishes(start_worker):
    season = f.season()
    start_worker()
    for number in range(1, 51):
        confirm(season, number, {"Dana": number, "Eli": 80, "Noa": 45, "Omer": -10})
    wait_for(
        lambda: SeasonSnapshot.objects.filter(
            season=season, summary__standings__0__games=50
        ).exists(),
        timeout=120,
        what="a snapshot with all 50 games",
    )
    # Published at once, then at most one run waiting behind the running one: far fewer
    # publishes than confirmations.
    assert snapshots(season) <= 25


def test_confirmations_during_a_publish_are_folded_into_one_more(start_worker):
    """Leading edge, then trailing edge, with the real worker: the first confirmation is
    published at once; the 20 made while a publish holds the season are published by
    exactly one more run."""
    season = f.season()
    forget_queued()
    start_worker()
    confirm(season, 1, {"Dana": 1, "Eli": 80, "Noa": 45, "Omer": -10})
    wait_for(lambda: snapshots(season) == 1, what="the leading edge's snapshot")
    db = settings.DATABASES["default"]
    publishing = psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        dbname=db["NAME"],
        autocommit=False,
    )
    try:
        # A long publish: the season's row lock held while the burst comes in (the lock a
        # publish takes, which lets results referencing the season be written meanwhile).
        publishing.execute(
            "SELECT id FROM league_season WHERE id = %s FOR NO KEY UPDATE", [season.pk]
        )
        for number in range(2, 22):
            confirm(season, number, {"Dana": number, "Eli": 80, "Noa": 45, "Omer": -10})
    finally:
        publishing.rollback()
        publishing.close()
    wait_for(
        lambda: SeasonSnapshot.objects.filter(
            season=season, summary__standings__0__games=21
        ).exists(),
        what="a snapshot with all 21 games",
    )
    wait_for(queue_empty, what="the queue to drain")
    time.sleep(1)
    assert snapshots(season) == 2


def test_redis_down_at_confirmation_then_the_sweep_catches_up(broker, start_worker):
    season = f.season()
    forget_queued()
    broker(DEAD_BROKER_URL)
    game = confirm(season, 1, {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10})
    assert Game.objects.filter(pk=game.pk, status=Game.Status.CONFIRMED).exists()
    broker(REDIS_URL)
    start_worker()
    time.sleep(1)
    assert snapshots(season) == 0  # the request was lost with Redis down
    tasks.sweep.apply_async()  # what beat sends every minute once Redis is back
    wait_for(lambda: snapshots(season), what="the sweep's snapshot")
    from rating.tasks import apply_ratings

    apply_ratings.apply_async()  # beat's rating sweep
    wait_for(lambda: RatingChange.objects.filter(game=game).count() == 4, what="the ratings")


def test_worker_killed_mid_publish_then_the_next_one_completes_it(start_worker):
    season = f.season()
    confirm_without_publish = f.round_(season, 1, SUNDAY)
    f.table_game(season, confirm_without_publish, 1, {"Dana": 1, "Eli": 2, "Noa": 3, "Omer": 4})
    db = settings.DATABASES["default"]
    blocker = psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        dbname=db["NAME"],
        autocommit=False,
    )
    forget_queued()
    try:
        # Hold the season's row lock: the worker's publish starts and waits on it.
        blocker.execute("SELECT id FROM league_season WHERE id = %s FOR UPDATE", [season.pk])
        worker = start_worker()
        tasks.publish_season.apply_async((season.pk,))
        waiting = "SELECT count(*) FROM pg_locks WHERE NOT granted AND pid <> pg_backend_pid()"
        with psycopg.connect(
            host=db["HOST"] or "127.0.0.1",
            port=db["PORT"] or 5432,
            user=db["USER"],
            dbname=db["NAME"],
            autocommit=True,
        ) as probe:
            wait_for(lambda: probe.execute(waiting).fetchone()[0], what="the publish to block")
        worker.kill()
    finally:
        blocker.rollback()
        blocker.close()
    assert snapshots(season) == 0  # nothing half-written
    start_worker()
    tasks.sweep.apply_async()
    wait_for(lambda: snapshots(season), what="the next worker's snapshot")
    assert SeasonSnapshot.objects.get(season=season).data["standings"][0]["games"] == 1
