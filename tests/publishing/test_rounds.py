"""A round runs by itself: close and draw at the deadline, publish the draw, then results."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model

from games.models import Game
from league.models import Player, Round, Table
from publishing.actions import do_publish_season
from publishing.rounds import run_round_schedule
from publishing.snapshots import latest_snapshot
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

ZONE = ZoneInfo("Asia/Jerusalem")
SUNDAY = dt.date(2026, 11, 29)
NAMES = ["Dana", "Eli", "Noa", "Omer", "Tal"]


def at(hour: int, minute: int = 0, day: dt.date = SUNDAY) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=ZONE)


@pytest.fixture
def round_one():
    season = f.season(start=SUNDAY, end=dt.date(2027, 3, 28))
    round_ = f.round_(season, 1, SUNDAY)
    f.register(round_, NAMES)
    user = get_user_model().objects.create_user("dana", "dana@example.org", "pw")
    Player.objects.filter(name="Dana").update(user=user)
    return round_


def test_nothing_happens_before_the_deadline(round_one):
    assert run_round_schedule(round_one.season_id, at(19, 59)) == []
    round_one.refresh_from_db()
    assert round_one.status == Round.Status.OPEN


def test_deadline_closes_registration_and_draws_the_round(round_one):
    done = run_round_schedule(round_one.season_id, at(20, 0))
    assert done == [(1, "close"), (1, "draw")]
    round_one.refresh_from_db()
    assert round_one.status == Round.Status.DRAWN and round_one.draw_method == "random"
    assert round_one.draw_published_at is None
    assert run_round_schedule(round_one.season_id, at(20, 5)) == []  # idempotent


def test_draw_is_published_with_texts_a_few_minutes_later(round_one):
    run_round_schedule(round_one.season_id, at(20, 0))
    assert run_round_schedule(round_one.season_id, at(20, 15)) == [(1, "publish_draw")]
    round_one.refresh_from_db()
    assert round_one.draw_published_at is not None
    snapshot = latest_snapshot(round_one.season_id)
    draw = snapshot.data["rounds"][0]["draw"]
    assert draw["seed"] == round_one.draw_seed and len(draw["reserves"]) == 1
    assert run_round_schedule(round_one.season_id, at(20, 16)) == []


def test_results_and_table_are_published_at_the_publication_time(round_one):
    run_round_schedule(round_one.season_id, at(20, 0))
    run_round_schedule(round_one.season_id, at(20, 15))
    table = Table.objects.get(round=round_one, number=1)
    scores = dict(
        zip([s.player.name for s in table.seats.order_by("seat")], [90, 40, 10, -20], strict=True)
    )
    f.game(round_one.season, scores, round_=round_one, table=table)
    assert run_round_schedule(round_one.season_id, at(23, 0)) == []
    assert run_round_schedule(round_one.season_id, at(23, 30)) == [(1, "publish_results")]
    snapshot = latest_snapshot(round_one.season_id)
    assert snapshot.data["rounds"][0]["results_published_at"] is not None
    assert snapshot.data["standings"][0]["points"] == 6.0
    assert Game.objects.count() == 1


def test_unpublished_draw_stays_out_of_the_snapshot(round_one):

    run_round_schedule(round_one.season_id, at(20, 0))
    snapshot = do_publish_season(round_one.season_id)
    assert snapshot.data["rounds"][0]["draw"] is None
