"""The page cache is best effort: a cache outage never breaks a page or a write."""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest
from django.db.models.signals import post_save

from league.models import Round
from web import page_cache

pytestmark = pytest.mark.django_db


@contextmanager
def mute_signals():  # type: ignore[no-untyped-def]
    """Writes that do not tell this process's page cache (as if made by another process)."""
    receivers = post_save.receivers
    post_save.receivers = []
    post_save.sender_receivers_cache.clear()
    try:
        yield
    finally:
        post_save.receivers = receivers
        post_save.sender_receivers_cache.clear()


@pytest.fixture
def broken_cache(cache_down):  # type: ignore[no-untyped-def]
    cache_down()


def test_pages_render_while_the_cache_is_down(client, make_season, broken_cache):
    season = make_season()
    response = client.get(f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert season.slug in response.content.decode()


def test_writes_succeed_while_the_cache_is_down(make_season, broken_cache):
    season = make_season()
    Round.objects.create(season=season, number=9, date="2099-07-14")
    assert Round.objects.filter(season=season, number=9).exists()


def test_the_generation_moves_at_once_and_again_when_the_write_commits(
    make_season, django_capture_on_commit_callbacks
):
    make_season()
    before = page_cache.generation()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        page_cache.bump_generation()
    bumped = page_cache.generation()
    assert bumped != before
    for callback in callbacks:
        callback()
    assert page_cache.generation() not in (before, bumped)


def test_a_change_made_by_another_process_reaches_the_cached_pages(client, make_season):
    season = make_season(players=8, rounds=2)
    assert "Round 3" not in client.get(f"/seasons/{season.slug}/").content.decode()
    # Another process (say the Celery worker, with its own per-process cache) writes a
    # round: here, only the marker file it touches is seen.
    with mute_signals():
        Round.objects.create(season=season, number=3, date="2099-07-14")
    assert "Round 3" not in client.get(f"/seasons/{season.slug}/").content.decode()
    marker = page_cache.marker_path()
    later = marker.stat().st_mtime_ns + 1_000_000
    os.utime(marker, ns=(later, later))
    assert "Round 3" in client.get(f"/seasons/{season.slug}/").content.decode()


def test_a_dead_redis_cache_breaks_neither_pages_nor_writes(client, make_season, settings):
    season = make_season()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        }
    }
    Round.objects.create(season=season, number=9, date="2099-07-14")
    response = client.get(f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Round 9" in response.content.decode()


def test_a_bulk_write_that_announces_changed_results_makes_the_pages_stale(
    make_season, django_capture_on_commit_callbacks
):
    from league.signals import season_results_changed

    season = make_season()
    with mute_signals():  # as a bulk write: no model signal
        before = page_cache.generation()
        with django_capture_on_commit_callbacks(execute=True):
            season_results_changed.send(sender=Round, season_id=season.pk)
    assert page_cache.generation() != before
