"""The demo club that `make run` loads: real seasons, real standings, safe to load twice."""

import datetime as dt
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.demo import demo_calendar, load_demo, round_dates
from games.models import Game
from league.models import Registration, Season
from mail.recipients import language_of, set_language
from standings.loader import season_standings

TODAY = dt.date(2026, 11, 29)


@pytest.mark.parametrize("days", range(7))
def test_demo_rounds_before_today_are_played_and_the_next_is_on_or_after_today(days):
    today = TODAY + dt.timedelta(days=days)
    first_sunday, played = demo_calendar(today)
    dates = round_dates(first_sunday, 34)
    assert first_sunday.weekday() == 6
    assert dates[played - 1] < today <= dates[played]


def test_round_dates_alternate_sunday_and_wednesday():
    dates = round_dates(dt.date(2026, 11, 1), 4)
    assert [d.strftime("%a") for d in dates] == ["Sun", "Wed", "Sun", "Wed"]
    assert dates[2] - dates[0] == dt.timedelta(weeks=1)


@pytest.mark.django_db
def test_demo_loads_both_league_formats_with_standings():
    load_demo(TODAY)
    rounds_season = Season.objects.get(slug="demo-season")
    rated = Season.objects.get(slug="demo-1200")
    assert rounds_season.rounds.count() == 34
    _, played = demo_calendar(TODAY)
    assert Game.objects.filter(season=rounds_season).count() > played * 3
    assert Game.objects.filter(season=rated).count() == 30
    assert Game.objects.filter(season=rounds_season, deals__isnull=False).count() == 1
    assert Registration.objects.filter(round__season=rounds_season).count() == 9
    standings = season_standings(rounds_season)
    assert len(standings.rows) == 18
    assert get_user_model().objects.get(username="organizer").organized_leagues.count() == 2


@pytest.mark.django_db
def test_demo_load_twice_keeps_the_existing_season():
    load_demo(TODAY)
    game_ids = set(Game.objects.values_list("id", flat=True))
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "kept demo-season" in out.getvalue()
    assert set(Game.objects.values_list("id", flat=True)) == game_ids


@pytest.mark.django_db
def test_the_demo_clubs_players_read_their_e_mails_in_hebrew():
    load_demo(TODAY)
    dana = get_user_model().objects.get(username="dana")
    assert language_of(dana) == "he"
    set_language(dana, "ru")
    load_demo(TODAY)  # loading again keeps the language he chose
    assert language_of(dana) == "ru"
