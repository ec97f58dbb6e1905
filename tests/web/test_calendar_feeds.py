"""Issue 31 item 2: the calendar feeds (FORMATS.md 7, RFC 5545), parsed with the icalendar
library: a season's rounds, and a player's own rounds with his table once the draw is
published; every local time has its time zone, UIDs stay, a moved round is the same event
with a higher SEQUENCE."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from icalendar import Calendar

from draws.actions import publish_draw
from league.models import Player, Round, Season, Seat
from league.signals import announce_season_change
from tests.drawsupport import draw_round
from tests.roundsupport import FAR_SUNDAY, make_players, make_round, make_season, register

ZONE = "Asia/Jerusalem"


def feed(client, url: str) -> Calendar:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def events(calendar: Calendar) -> dict[str, object]:
    return {str(event["uid"]): event for event in calendar.walk("VEVENT")}


def start(event) -> dt.datetime:  # type: ignore[no-untyped-def]
    return event.decoded("dtstart")


def season_with_rounds() -> Season:
    season = make_season()
    for number in (1, 2):
        make_round(season, number, FAR_SUNDAY + dt.timedelta(days=7 * (number - 1)))
    return season


@pytest.mark.django_db
def test_a_season_feed_has_one_event_a_round_at_its_play_time_in_league_time(client):
    season = season_with_rounds()
    calendar = feed(client, f"/seasons/{season.slug}/calendar.ics")
    assert calendar["version"] == "2.0" and calendar["prodid"]
    found = sorted(calendar.walk("VEVENT"), key=lambda event: event.decoded("dtstart"))
    assert len(found) == 2
    start = found[0].decoded("dtstart")
    assert start.tzinfo is not None and start.date() == FAR_SUNDAY
    assert start.astimezone(ZoneInfo(ZONE)).time() == dt.time(20, 30)
    assert found[0].decoded("dtend") > start
    assert "Round 1" in str(found[0]["summary"])
    assert "Registration closes" in str(found[0]["description"])
    assert str(found[0]["url"]).endswith(f"/seasons/{season.slug}/rounds/1/")


@pytest.mark.django_db
def test_every_local_time_in_a_feed_has_its_time_zone(client):
    season = season_with_rounds()
    calendar = feed(client, f"/seasons/{season.slug}/calendar.ics")
    zones = {str(zone["tzid"]) for zone in calendar.walk("VTIMEZONE")}
    for event in calendar.walk("VEVENT"):
        for name in ("dtstart", "dtend"):
            assert event[name].params["TZID"] in zones
        assert event.decoded("dtstamp").utcoffset() == dt.timedelta(0)  # DTSTAMP is UTC
        for required in ("uid", "dtstamp", "sequence"):
            assert required in event


@pytest.mark.django_db
def test_a_moved_round_keeps_its_uid_with_a_higher_sequence(client):
    season = season_with_rounds()
    before = events(feed(client, f"/seasons/{season.slug}/calendar.ics"))
    Round.objects.filter(season=season, number=2).update(date=FAR_SUNDAY + dt.timedelta(days=10))
    announce_season_change(season.pk)
    after = events(feed(client, f"/seasons/{season.slug}/calendar.ics"))
    assert before.keys() == after.keys()
    moved = next(
        uid for uid in after if after[uid].decoded("dtstart") != before[uid].decoded("dtstart")
    )
    assert after[moved].decoded("dtstart").date() == FAR_SUNDAY + dt.timedelta(days=10)
    assert int(after[moved]["sequence"]) > int(before[moved]["sequence"])


@pytest.mark.django_db
def test_the_same_version_gives_the_same_feed_and_a_304(client):
    season = season_with_rounds()
    url = f"/seasons/{season.slug}/calendar.ics"
    first, second = client.get(url), client.get(url)
    assert first.content == second.content and first["ETag"] == second["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


@pytest.mark.django_db
def test_a_season_feed_shows_the_draw_only_once_published(client):
    season = season_with_rounds()
    players = make_players(8)
    round_ = draw_round(season, "random", players, 3)
    url = f"/seasons/{season.slug}/calendar.ics"
    described = str(events(feed(client, url))[f"round-{round_.pk}@testserver"]["description"])
    assert "Table 1" not in described and players[0].name not in described
    publish_draw(round_)
    described = str(events(feed(client, url))[f"round-{round_.pk}@testserver"]["description"])
    assert "Table 1:" in described and "Table 2:" in described
    assert all(player.name in described for player in players)


@pytest.mark.django_db
def test_a_player_feed_lists_his_rounds_and_his_table_once_published(client):
    season = season_with_rounds()
    players = make_players(8)
    round_ = draw_round(season, "random", players, 3)
    other = make_round(season, 4, FAR_SUNDAY + dt.timedelta(days=21))
    register(other, players[:1])
    me = Player.objects.get(pk=players[0].pk)
    url = f"/players/{me.slug}/calendar.ics"
    found = events(feed(client, url))
    assert set(found) == {f"round-{r.pk}.player-{me.pk}@testserver" for r in (round_, other)}
    assert "Your table" not in str(
        found[f"round-{round_.pk}.player-{me.pk}@testserver"]["description"]
    )
    publish_draw(round_)
    described = str(
        events(feed(client, url))[f"round-{round_.pk}.player-{me.pk}@testserver"]["description"]
    )
    mine = Seat.objects.get(round=round_, player=me).table
    others = [s.player.name for s in mine.seats.order_by("seat") if s.player_id != me.pk]
    assert f"Your table: table {mine.number}, with {', '.join(others)}." in described.splitlines()
    assert len(others) == 3


@pytest.mark.django_db
def test_an_unknown_season_or_player_feed_answers_404(client):
    assert client.get("/seasons/nowhere/calendar.ics").status_code == 404
    assert client.get("/players/nobody/calendar.ics").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [2, 12])
def test_a_season_feed_costs_the_same_queries_however_many_rounds(client, rounds):
    season = make_season()
    players = make_players(8)
    for number in range(1, rounds + 1):
        round_ = draw_round(season, "random", players, number)
        publish_draw(round_)
        Round.objects.filter(pk=round_.pk).update(date=FAR_SUNDAY + dt.timedelta(days=7 * number))
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/seasons/{season.slug}/calendar.ics").status_code == 200
    assert len(queries) == 5


@pytest.mark.django_db
def test_a_feed_speaks_the_visitors_language(client):
    season = season_with_rounds()
    url = f"/seasons/{season.slug}/calendar.ics"
    hebrew = feed(client.__class__(HTTP_ACCEPT_LANGUAGE="he"), url)
    described = [str(event["description"]) for event in hebrew.walk("VEVENT")]
    assert described and all(text.startswith("סיום הרשמה:") for text in described)


@pytest.mark.django_db
def test_the_season_page_and_my_rounds_link_their_feeds(client, django_user_model):
    season = season_with_rounds()
    page = client.get(f"/seasons/{season.slug}/").content.decode()
    assert f'href="webcal://testserver/seasons/{season.slug}/calendar.ics"' in page
    assert f'href="http://testserver/seasons/{season.slug}/calendar.ics"' in page
    user = django_user_model.objects.create_user(username="dana", password="pw-secret-123")
    me = make_players(1)[0]
    Player.objects.filter(pk=me.pk).update(user=user)
    client.force_login(user)
    mine = client.get("/me/", HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert f'href="webcal://testserver/players/{me.slug}/calendar.ics"' in mine
    assert "הוספה ליומן" in mine
