"""Whether a publish stores a new snapshot: only when its content differs from the latest's,
and a new result is seen from the latest summary's tables without decoding its sections."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest

from league.models import Player
from publishing.actions import do_publish_season
from publishing.models import SeasonSnapshot
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

SUNDAY = dt.date(2026, 9, 6)


@pytest.fixture
def published():
    season = f.season()
    first = f.round_(season, 1, SUNDAY, status="finished")
    f.table_game(season, first, 1, {"Dana": 120, "Eli": 80, "Noa": 80, "Omer": -10})
    assert do_publish_season(season.pk) is not None
    return season


def _sections_not_read():
    """SeasonSnapshot.data (the summary joined with every section) fails if it is read."""
    return mock.patch.object(
        SeasonSnapshot, "data", property(lambda self: pytest.fail("sections decoded"))
    )


def test_a_new_result_changes_the_tables_so_it_is_stored_without_decoding_the_sections(
    published,
):
    second = f.round_(published, 2, SUNDAY + dt.timedelta(days=3))
    f.table_game(published, second, 1, {"Noa": 90, "Omer": 10, "Dana": 0, "Eli": -5})
    with _sections_not_read():
        snapshot = do_publish_season(published.pk)
    assert snapshot is not None and snapshot.version == 2


def test_a_forced_publish_of_the_same_content_stores_nothing(published):
    assert do_publish_season(published.pk, force=True) is None
    assert SeasonSnapshot.objects.filter(season=published).count() == 1


def test_a_change_outside_the_tables_is_found_in_the_sections_and_stored(published):
    # a renamed player: the fingerprint does not see it, a forced publish does; the tables
    # name him too, so rename one who is only registered for a round (its section)
    second = f.round_(published, 2, SUNDAY + dt.timedelta(days=3))
    f.register(second, ["Tal"])
    assert do_publish_season(published.pk) is not None
    Player.objects.filter(name="Tal").update(name="Tali")
    snapshot = do_publish_season(published.pk, force=True)
    assert snapshot is not None and snapshot.version == 3
    assert snapshot.data["rounds"][1]["registered"][0]["player"] == "Tali"
