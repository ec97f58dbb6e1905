"""One announcement: every writer of what a season's pages show announces it, once per season,
and publishing follows the announcement after commit; nothing listens to a model's saves."""

from __future__ import annotations

import datetime as dt
import json
from unittest import mock

import pytest
from django.apps import apps
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save
from django.urls import reverse

from config.app_packages import APP_PACKAGES
from games.season_import import import_season
from league.actions.registration import close_registration, register_player
from league.actions.rounds import create_round
from league.actions.seasons import create_season
from league.models import Round, Season
from league.rules import LeagueRules
from league.signals import Change, announce_results, season_changed
from publishing import tasks
from tests.league.factories import random_rounds_season
from tests.roundsupport import make_players, make_round, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    """The seasons a publish is asked for (with force), and only after commit."""
    asked: list[tuple[int, bool]] = []

    def request_publish(season_id: int, *, force: bool = False) -> None:
        transaction.on_commit(lambda: asked.append((season_id, force)))

    with mock.patch("publishing.receivers.request_publish", request_publish):
        yield asked


@pytest.fixture
def announced():
    """The announcements sent, as (season_id, change)."""
    heard: list[tuple[int | None, Change]] = []

    def on_change(sender, season_id=None, change=Change.SHOWN, **kwargs) -> None:
        heard.append((season_id, change))

    season_changed.connect(on_change, weak=False, dispatch_uid="test-announced")
    yield heard
    season_changed.disconnect(dispatch_uid="test-announced")


def test_no_model_of_the_app_has_save_or_delete_hooks():
    """Per-model hooks (post_save and friends) are gone: the domain announces instead (a
    deleted game's later rating history is found by the rating job: rating.actions'
    broken chain)."""
    ours = [m for m in apps.get_models() if m._meta.app_config.name in APP_PACKAGES]
    assert ours
    for model in ours:
        for signal in (pre_save, post_save, pre_delete, post_delete, m2m_changed):
            assert not signal.has_listeners(model), (signal, model)


def test_a_bare_save_announces_nothing(announced, published, django_capture_on_commit_callbacks):
    season = make_season()
    with django_capture_on_commit_callbacks(execute=True):
        season.name = "Renamed by hand"
        season.save()
        Round.objects.create(season=season, number=1, date=dt.date(2099, 1, 4))
    assert announced == [] and published == []


def test_a_created_season_publishes(announced, published, django_capture_on_commit_callbacks):
    league = make_season().league
    with django_capture_on_commit_callbacks(execute=True):
        season = create_season(
            league,
            name="Winter",
            slug="winter",
            preset="whist-online-league",
            rules=LeagueRules.from_preset("whist-online-league").to_dict(),
            start=dt.date(2099, 1, 1),
            end=dt.date(2099, 3, 31),
            round_dates=[dt.date(2099, 1, 4), dt.date(2099, 1, 11), dt.date(2099, 1, 18)],
        )
    # three rounds in one write: announced once
    assert announced == [(season.pk, Change.SHOWN)]
    assert published == [(season.pk, False)]


def test_a_created_round_publishes(published, django_capture_on_commit_callbacks):
    season = make_season()
    with django_capture_on_commit_callbacks(execute=True):
        create_round(season, 1, dt.date(2099, 1, 4))
        assert published == []  # after commit only
    assert published == [(season.pk, False)]


def test_a_registration_and_a_closed_registration_publish(
    published, django_capture_on_commit_callbacks
):
    season = make_season()
    round_ = make_round(season)
    with django_capture_on_commit_callbacks(execute=True):
        register_player(round_, make_players(1)[0])
    with django_capture_on_commit_callbacks(execute=True):
        close_registration(round_)
    assert published == [(season.pk, False), (season.pk, False)]


def test_an_imported_season_file_publishes_once(
    announced, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        season = import_season(random_rounds_season(8, rounds=3)).season
    # once; after commit, the rating run announces the pages across seasons (None)
    assert [a for a in announced if a[0] is not None] == [(season.pk, Change.RESULTS)]
    assert published == [(season.pk, False)]


def test_a_season_status_moved_by_the_sweep_is_announced(announced):
    season = make_season(
        slug="open-2025",
        rules_preset="whist-online-1200",
        start=dt.date(2025, 1, 1),
        end=dt.date(2025, 6, 30),
        status=Season.Status.RUNNING,
    )
    tasks.run_sweep()
    assert Season.objects.get(pk=season.pk).status == Season.Status.FINISHED
    assert announced[0] == (season.pk, Change.SHOWN)  # then its publish: Change.PUBLISHED


def _season_post(season: Season, **changed: str) -> dict[str, str]:
    """The admin's change form of `season` as it shows it, with `changed` fields (and the
    rules' hidden initial value the admin sends to tell an edit of them: the field has a
    default)."""
    return {
        "initial-rules": json.dumps(season.rules),
        "league": str(season.league_id),
        "slug": season.slug,
        "name": season.name,
        "rules_preset": season.rules_preset,
        "rules": json.dumps(season.rules),
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "status": season.status,
        "rounds-TOTAL_FORMS": "0",
        "rounds-INITIAL_FORMS": "0",
        **changed,
    }


def test_an_admin_edit_of_a_seasons_dates_republishes(
    admin_client, announced, published, django_capture_on_commit_callbacks
):
    season = make_season(rules=LeagueRules.from_preset("whist-online-league").to_dict())
    url = reverse("admin:league_season_change", args=[season.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(url, _season_post(season, end="2099-11-30"))
    assert response.status_code == 302
    assert Season.objects.get(pk=season.pk).end == dt.date(2099, 11, 30)
    # once, not per saved row; the dates are shown, no result changes with them
    assert [a for a in announced if a[1] != Change.PUBLISHED] == [(season.pk, Change.SHOWN)]
    assert published == [(season.pk, False)]


def test_an_admin_edit_of_a_seasons_rules_announces_changed_results(
    admin_client, announced, published, django_capture_on_commit_callbacks
):
    season = make_season(rules=LeagueRules.from_preset("whist-online-league").to_dict())
    url = reverse("admin:league_season_change", args=[season.pk])
    rules = json.dumps({**season.rules, "min_games": 12})
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(url, _season_post(season, rules=rules))
    assert response.status_code == 302
    assert Season.objects.get(pk=season.pk).rules["min_games"] == 12
    assert [a for a in announced if a[1] != Change.PUBLISHED] == [(season.pk, Change.RESULTS)]
    assert published == [(season.pk, False)]


def test_an_admin_edit_of_a_rounds_number_announces_changed_results(
    admin_client, announced, published, django_capture_on_commit_callbacks
):
    season = make_season()
    round_ = make_round(season, number=1)
    url = reverse("admin:league_round_change", args=[round_.pk])
    data = {
        "season": str(season.pk),
        "number": "2",
        "date": round_.date.isoformat(),
        "status": round_.status,
        "draw_method": round_.draw_method,
        "draw_seed": round_.draw_seed or "",
        "registrations-TOTAL_FORMS": "0",
        "registrations-INITIAL_FORMS": "0",
        "tables-TOTAL_FORMS": "0",
        "tables-INITIAL_FORMS": "0",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(url, data)
    assert response.status_code == 302
    assert [a for a in announced if a[1] != Change.PUBLISHED] == [(season.pk, Change.RESULTS)]
    assert published == [(season.pk, False)]


def test_the_rating_jobs_own_announcement_asks_for_no_rating_run(
    monkeypatch, published, django_capture_on_commit_callbacks
):
    from rating import receivers

    asked: list[tuple[object, ...]] = []
    monkeypatch.setattr(receivers, "request_ratings", lambda *a: asked.append(a))
    season = make_season()
    with django_capture_on_commit_callbacks(execute=True):
        announce_results(season.pk, change=Change.RATING)
    assert asked == []
    assert published == [(season.pk, False)]  # its pages still republish
    with django_capture_on_commit_callbacks(execute=True):
        announce_results(season.pk)  # an import or an organizer's edit
    assert asked == [()]


def test_an_admin_delete_of_many_games_announces_once_per_season(
    admin_client, announced, published, django_capture_on_commit_callbacks
):
    from games.models import Game

    season = import_season(random_rounds_season(8, rounds=3)).season
    games = list(Game.objects.filter(season=season).values_list("pk", flat=True))
    assert len(games) > 1
    announced.clear()  # the import's own
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            reverse("admin:games_game_changelist"),
            {"action": "delete_selected", "_selected_action": games, "post": "yes"},
        )
    assert response.status_code == 302
    assert not Game.objects.filter(season=season).exists()
    assert [a for a in announced if a[0] is not None] == [(season.pk, Change.RESULTS)]
    assert published == [(season.pk, False)]


def test_a_swap_in_a_published_draw_republishes_the_season(django_capture_on_commit_callbacks):
    from draws.actions import do_draw_round, publish_draw, swap_players
    from league.actions.registration import register_players
    from league.models import Seat
    from publishing.models import SeasonSnapshot

    season = make_season()
    round_ = make_round(season)
    register_players(round_, make_players(8))
    do_draw_round(round_, seed=424242)
    publish_draw(round_)
    assert tasks.publish_season.apply((season.pk,)).get() == 1
    one, two = (
        Seat.objects.get(round=round_, table__number=number, seat=0).player for number in (1, 2)
    )
    with django_capture_on_commit_callbacks(execute=True):
        swap_players(round_, one, two, reason="a late arrival")
    latest = SeasonSnapshot.objects.filter(season=season).order_by("-version").first()
    assert latest is not None and latest.version == 2
