"""The publish triggers and task: after commit, coalesced, retried, never failing a writer."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import OperationalError

from league.signals import Change, announce_results, announce_season_change, game_confirmed
from publishing import coalesce, tasks
from publishing.models import SeasonSnapshot
from rating.models import RatingChange
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db


class FakeRedis:
    """Just SET NX and DELETE, as the coalescing uses them."""

    def __init__(self) -> None:
        self.keys: set[str] = set()

    def set(self, key: str, value: object, nx: bool, ex: int) -> bool:
        if key in self.keys:
            return False
        self.keys.add(key)
        return True

    def delete(self, key: str) -> None:
        self.keys.discard(key)


@pytest.fixture
def season():
    season = f.season()
    round_ = f.round_(season, 1, dt.date(2026, 9, 6))
    f.table_game(season, round_, 1, {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10})
    return season


def test_announced_results_publish_after_commit(season, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        announce_results(season.pk)
    assert SeasonSnapshot.objects.filter(season=season).count() == 1


def test_an_announced_change_of_what_the_pages_show_publishes_after_commit(
    season, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        announce_season_change(season.pk)
        assert not SeasonSnapshot.objects.filter(season=season).exists()  # after commit only
    assert SeasonSnapshot.objects.filter(season=season).count() == 1


def test_a_published_snapshot_asks_for_no_publish(season, monkeypatch):
    asked: list[int] = []
    monkeypatch.setattr("publishing.receivers.request_publish", lambda s, **k: asked.append(s))
    assert tasks.publish_season.apply((season.pk,)).get() == 1  # announces Change.PUBLISHED
    announce_season_change(None)  # the pages across seasons only
    assert asked == []
    announce_season_change(season.pk, Change.PUBLISHED)
    announce_season_change(season.pk)
    assert asked == [season.pk]


def test_a_season_saved_without_an_announcement_publishes_nothing_until_the_sweep(
    season, django_capture_on_commit_callbacks
):
    """No per-model hooks: the domain announces; the sweep is the safety net."""
    with django_capture_on_commit_callbacks(execute=True):
        season.rules = {"placement_points": [7, 3, 1, 0]}
        season.save()
    assert not SeasonSnapshot.objects.filter(season=season).exists()
    assert tasks.sweep() == [season.pk]


def test_game_confirmed_updates_ratings_after_commit(season, django_capture_on_commit_callbacks):
    game = season.games.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_confirmed.send(sender=None, game_id=game.pk)
    assert RatingChange.objects.filter(game=game).count() == 4


def test_a_burst_of_requests_sends_one_publish(season, monkeypatch):
    fake = FakeRedis()
    sent = []
    monkeypatch.setattr(coalesce, "_redis", lambda: fake)
    monkeypatch.setattr(tasks.publish_season, "apply_async", lambda *a, **k: sent.append(a))
    results = [tasks.send_publish(season.pk) for _ in range(50)]
    assert results.count(True) == 1 and len(sent) == 1
    coalesce.release(tasks.pending_name(season.pk))  # the task starts: the next request sends again
    assert tasks.send_publish(season.pk) is True


def test_the_first_change_in_a_quiet_season_is_sent_at_once(season, monkeypatch):
    """Leading edge: no countdown, the worker publishes as soon as it takes the message."""
    fake = FakeRedis()
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(coalesce, "_redis", lambda: fake)
    monkeypatch.setattr(tasks.publish_season, "apply_async", lambda *a, **k: sent.append(k))
    assert tasks.send_publish(season.pk) is True
    assert sent == [{}]  # no countdown, no eta


def test_the_first_change_is_published_on_commit_in_eager_mode(
    season, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        announce_results(season.pk)
        assert not SeasonSnapshot.objects.filter(season=season).exists()  # after commit only
    assert SeasonSnapshot.objects.filter(season=season).count() == 1


def test_a_burst_during_a_publish_gives_exactly_one_more_publish(season, monkeypatch):
    """Trailing edge: the changes made while a publish runs, and while the next one waits
    for the season's lock, are all folded into that one next publish."""
    fake = FakeRedis()
    queued: list[tuple[int, ...]] = []
    monkeypatch.setattr(coalesce, "_redis", lambda: fake)
    monkeypatch.setattr(tasks.publish_season, "apply_async", lambda args, **k: queued.append(args))
    real = tasks.do_publish_season
    runs: list[int] = []

    def publish_with_a_burst(season_id: int, *, force: bool = False, on_locked=None):
        runs.append(season_id)
        if len(runs) == 2:  # changes while the next publish waits for the lock
            assert [tasks.send_publish(season_id) for _ in range(5)] == [False] * 5

        def locked() -> None:
            on_locked()
            if len(runs) == 1:  # changes while the first publish runs
                burst = [tasks.send_publish(season_id) for _ in range(20)]
                assert burst.count(True) == 1

        return real(season_id, force=force, on_locked=locked)

    monkeypatch.setattr(tasks, "do_publish_season", publish_with_a_burst)
    assert tasks.send_publish(season.pk) is True  # the leading edge
    tasks.publish_season.apply(queued.pop())
    assert len(queued) == 1  # the burst: one more publish
    tasks.publish_season.apply(queued.pop())
    assert runs == [season.pk, season.pk] and queued == []
    assert tasks.send_publish(season.pk) is True  # quiet again: the next change goes at once


def test_redis_down_never_fails_the_sender(season, monkeypatch):
    dead = coalesce._client("redis://127.0.0.1:1/11")
    monkeypatch.setattr(coalesce, "_redis", lambda: dead)
    assert tasks.send_publish(season.pk) is False
    assert not SeasonSnapshot.objects.exists()
    assert tasks.sweep() == [season.pk]  # the sweep catches up
    assert SeasonSnapshot.objects.filter(season=season).count() == 1


def test_publish_retries_when_the_database_is_briefly_unavailable(season, monkeypatch):
    real = tasks.do_publish_season
    calls = []

    def flaky(season_id: int, **kwargs: object):
        calls.append(season_id)
        if len(calls) == 1:
            raise OperationalError("the database is restarting")
        return real(season_id, **kwargs)

    monkeypatch.setattr(tasks, "do_publish_season", flaky)
    result = tasks.publish_season.apply((season.pk,), throw=False)
    assert len(calls) == 2
    assert SeasonSnapshot.objects.filter(season=season).count() == 1
    assert result.get() == 1


def test_duplicate_publish_messages_publish_once(season):
    assert tasks.publish_season.apply((season.pk,)).get() == 1
    assert tasks.publish_season.apply((season.pk,)).get() is None
    assert SeasonSnapshot.objects.filter(season=season).count() == 1


def test_publishing_an_unknown_season_is_a_no_op():
    assert tasks.publish_season.apply((987654,)).get() is None


def test_an_admin_edit_of_a_seasons_rules_republishes(
    season, admin_client, django_capture_on_commit_callbacks
):
    from league.models import Season

    with django_capture_on_commit_callbacks(execute=True):
        announce_results(season.pk)
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            f"/admin/league/season/{season.pk}/change/",
            {
                "league": season.league_id,
                "slug": season.slug,
                "name": season.name,
                "rules_preset": season.rules_preset,
                "rules": '{"placement_points": [7, 3, 1, 0]}',
                "start": season.start.isoformat(),
                "end": season.end.isoformat(),
                "status": season.status,
                "rounds-TOTAL_FORMS": "0",
                "rounds-INITIAL_FORMS": "0",
            },
        )
    assert response.status_code == 302
    assert Season.objects.get(pk=season.pk).rules["placement_points"] == [7, 3, 1, 0]
    latest = SeasonSnapshot.objects.filter(season=season).order_by("-version").first()
    assert latest.version == 2
    assert latest.data["standings"][0]["points"] == 7.0


def test_snapshot_and_rating_admin_pages_open(season, admin_client):
    tasks.publish_season.apply((season.pk,))
    for url in (
        "/admin/publishing/seasonsnapshot/",
        "/admin/publishing/ratingsnapshot/",
        "/admin/rating/ratingchange/",
        "/admin/rating/ratedleaguemember/",
    ):
        assert admin_client.get(url).status_code == 200


def test_a_season_with_broken_rules_does_not_hold_up_the_sweep(season):
    from league.models import Season

    broken = f.season(slug="broken")
    Season.objects.filter(pk=broken.pk).update(rules={"placement_points": "six"})
    assert tasks.sweep() == [season.pk]
    assert not SeasonSnapshot.objects.filter(season=broken).exists()


def test_a_renamed_player_republishes_the_seasons_naming_him(
    season, admin_client, django_capture_on_commit_callbacks
):
    from league.models import Player

    other = f.season(slug="season-11")
    tasks.publish_season.apply((season.pk,))
    tasks.publish_season.apply((other.pk,))
    dana = Player.objects.get(name="Dana")
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            f"/admin/league/player/{dana.pk}/change/",
            {"name": "Dana K.", "slug": dana.slug, "user": ""},
        )
    assert response.status_code == 302
    latest = SeasonSnapshot.objects.filter(season=season).order_by("-version").first()
    assert latest.version == 2
    assert latest.data["standings"][0]["player"] == "Dana K."
    # a season that does not name him is left as it is
    assert SeasonSnapshot.objects.filter(season=other).count() == 1


def test_a_player_saved_without_a_new_name_forces_no_publish(
    season, admin_client, django_capture_on_commit_callbacks, monkeypatch
):
    from league.models import Player

    forced: list[int] = []
    monkeypatch.setattr(tasks, "_send_forced", forced.append)
    dana = Player.objects.get(name="Dana")
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(
            f"/admin/league/player/{dana.pk}/change/",
            {"name": dana.name, "slug": dana.slug, "user": ""},
        )
    assert forced == []


def test_a_forced_publish_of_unchanged_content_stores_nothing(season):
    assert tasks.publish_season.apply((season.pk,)).get() == 1
    assert tasks.publish_season.apply((season.pk,), {"force": True}).get() is None
    assert SeasonSnapshot.objects.filter(season=season).count() == 1
