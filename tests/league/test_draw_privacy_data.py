"""Issue 13: rounds played before draws became private stay public (the data migration and
every import), and a draw nobody recorded reads "not recorded", never a guess (item 5)."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps
from django.utils import timezone

from draws.stored import load_draw
from games.season_import import import_season
from league.models import Round
from publishing.actions import do_publish_season
from tests.publishing import factories as f
from tests.web.conftest import season_file

pytestmark = pytest.mark.django_db

migration = importlib.import_module("league.migrations.0002_draw_privacy")


def test_the_migration_publishes_played_rounds_and_names_unrecorded_methods():
    season = f.season()
    drawn_at = timezone.now() - dt.timedelta(days=30)
    played = f.round_(season, 1, dt.date(2026, 9, 6), draw_method="random", draw_seed=7)
    Round.objects.filter(pk=played.pk).update(status="finished", drawn_at=drawn_at)
    f.table_game(season, played, 1, {"Dana": 10, "Eli": 5, "Noa": 0, "Omer": -5})
    imported = f.round_(season, 2, dt.date(2026, 9, 9))
    Round.objects.filter(pk=imported.pk).update(status="in_play")
    f.game(season, {"Dana": 10, "Eli": 5, "Noa": 0, "Omer": -5}, round_=imported)
    private = f.round_(season, 3, dt.date(2026, 9, 13), status="drawn", draw_method="ranking")
    f.seat_table(private, 1, ["Dana", "Eli", "Noa", "Omer"])
    empty = f.round_(season, 4, dt.date(2026, 9, 16))

    migration.keep_played_draws_public(apps, None)

    for round_ in (played, imported, private):
        round_.refresh_from_db()
    assert played.draw_published_at == drawn_at and played.draw_method == "random"
    assert imported.draw_published_at == dt.datetime(2026, 9, 9, tzinfo=dt.UTC)
    assert imported.draw_method == Round.DrawMethod.NOT_RECORDED
    assert private.draw_published_at is None and private.draw_method == "ranking"
    empty.refresh_from_db()
    assert empty.draw_published_at is None and empty.draw_method == ""


def test_an_import_publishes_its_played_rounds_with_no_method_on_record():
    data = season_file("imported", 8, 2)
    data["rounds"].append({"number": 3, "date": "2024-07-07", "games": []})
    season = import_season(data).season
    played, upcoming = Round.objects.get(season=season, number=1), season.rounds.get(number=3)
    assert played.draw_is_public and played.draw_method == Round.DrawMethod.NOT_RECORDED
    assert load_draw(played).method == "not_recorded"
    assert not upcoming.draw_is_public and upcoming.draw_method == ""


@pytest.fixture
def imported_season():  # type: ignore[no-untyped-def]
    season = import_season(season_file("imported", 8, 2)).season
    do_publish_season(season.pk)
    return season


def test_the_round_page_says_the_method_of_an_imported_round_was_not_recorded(
    client, imported_season
):
    address = f"/seasons/{imported_season.slug}/rounds/2/"  # a Wednesday: the rule says ranking
    english = client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Draw method not recorded." in english
    assert "league ranking" not in english and "Random draw" not in english
    hebrew = client.get(address, HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert "שיטת ההגרלה לא נרשמה." in hebrew


def test_the_api_and_the_chat_text_say_not_recorded(client, imported_season):
    data = client.get(f"/api/v1/seasons/{imported_season.slug}/rounds/2/").json()
    assert data["draw"]["method"] == "not_recorded"
    snapshot = imported_season.snapshots.get().data
    assert snapshot["rounds"][1]["draw"]["method"] == "not_recorded"
    text = snapshot["messages"]["en"]["rounds"]["2"]["draw"]
    assert "Draw (method not recorded)." in text and "ranking" not in text
