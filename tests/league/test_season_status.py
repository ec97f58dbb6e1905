"""A season's status moves by itself (advance_season_status): upcoming until its first
result, running, finished (the archive, with its podium) when its last round is finished."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from games.actions import organizer_set_result
from games.finish import finish_round
from games.season_status import advance_season_status
from league.models import Round, Season
from publishing.tasks import run_sweep
from tests.roundsupport import make_players, make_round, make_season, seat_table

pytestmark = pytest.mark.django_db

SCORES = [50, 40, 30, 20]


def played_round(season: Season, number: int) -> Round:
    round_ = make_round(season, number, dt.date(2026, 12, 6) + dt.timedelta(days=number))
    table = seat_table(round_, make_players(4))
    organizer_set_result(table, scores=SCORES)
    return round_


def test_upcoming_season_runs_once_its_first_result_is_confirmed():
    season = make_season(status=Season.Status.UPCOMING)
    round_ = make_round(season, 1)
    table = seat_table(round_, make_players(4))
    season.refresh_from_db()
    assert season.status == Season.Status.UPCOMING
    organizer_set_result(table, scores=SCORES)
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING


def test_season_is_finished_when_its_last_round_is_finished_and_shows_in_the_archive(client):
    season = make_season(
        status=Season.Status.UPCOMING, rules={"rounds_in_season": 2, "podium_windows": []}
    )
    finish_round(played_round(season, 1))
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    finish_round(played_round(season, 2))
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    archive = client.get(reverse("web:archive")).content.decode()
    assert season.name in archive


def test_status_never_moves_back_and_reports_no_change():
    season = make_season(status=Season.Status.RUNNING)
    assert advance_season_status(season) is False  # no round played: still running
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING


def test_sweep_finishes_a_rated_season_whose_end_has_passed():
    season = make_season(
        slug="open-2025",
        rules_preset="whist-online-1200",
        start=dt.date(2025, 1, 1),
        end=dt.date(2025, 6, 30),
        status=Season.Status.RUNNING,
    )
    run_sweep()
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
