"""Where the league plays (the game's or video call's link and the join time): the organizer
sets it on /manage/, the admin shows it, and the seasons still running republish."""

from __future__ import annotations

import datetime as dt
import re
from unittest import mock

import pytest
from django.urls import reverse

from core.errors import ActionError
from core.models import AuditEntry
from league.actions.leagues import set_where_we_play
from league.models import League, Season
from tests.roundsupport import make_organizer, make_season, make_user

pytestmark = pytest.mark.django_db

LINK = "https://meet.example.org/whist"


@pytest.fixture
def season():
    return make_season()


def test_the_organizer_sets_where_the_league_plays_from_manage(client, season):
    client.force_login(make_organizer(season))
    index = client.get(reverse("manage:index")).content.decode()
    url = reverse("manage:where_we_play", args=[season.league.slug])
    assert url in index
    assert client.get(url).status_code == 200
    response = client.post(url, {"play_link": LINK, "join_time": "20:25"}, follow=True)
    assert "say where you play" in response.content.decode()
    league = League.objects.get(pk=season.league.pk)
    assert (league.play_link, league.join_time) == (LINK, dt.time(20, 25))
    assert AuditEntry.objects.filter(action="where_we_play", details__link=LINK).exists()
    client.post(url, {"play_link": "", "join_time": ""})
    league.refresh_from_db()
    assert (league.play_link, league.join_time) == ("", None)


def test_a_bad_link_or_time_is_named_beside_its_field(client, season):
    client.force_login(make_organizer(season))
    url = reverse("manage:where_we_play", args=[season.league.slug])
    response = client.post(url, {"play_link": "not a link", "join_time": "25:99"})
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["play_link"] == ["Enter a valid URL."]
    assert form.errors["join_time"] == ["Enter a valid time."]
    assert League.objects.get(pk=season.league.pk).play_link == ""


def test_a_link_typed_without_its_scheme_is_taken_as_https(client, season):
    client.force_login(make_organizer(season))
    url = reverse("manage:where_we_play", args=[season.league.slug])
    # the browser must let it through: no type=url, whose own check refuses it
    page = client.get(url).content.decode()
    (field,) = re.findall(r'<input[^>]*name="play_link"[^>]*>', page)
    assert 'type="text"' in field and 'inputmode="url"' in field
    client.post(url, {"play_link": "meet.example.org/whist", "join_time": ""})
    assert League.objects.get(pk=season.league.pk).play_link == LINK


def test_only_the_leagues_organizer_sets_where_it_plays(client, season):
    client.force_login(make_user())
    url = reverse("manage:where_we_play", args=[season.league.slug])
    assert client.post(url, {"play_link": LINK}).status_code == 403
    assert client.get(reverse("manage:where_we_play", args=["no-such"])).status_code == 404
    with pytest.raises(ActionError):
        set_where_we_play(season.league, link=LINK, join_time=None, actor=make_user())


def test_setting_it_republishes_the_seasons_still_running(
    season, django_capture_on_commit_callbacks
):
    finished = make_season("season-old", status=Season.Status.FINISHED)
    with (
        mock.patch("publishing.receivers.request_publish") as publish,
        django_capture_on_commit_callbacks(execute=True),
    ):
        set_where_we_play(
            season.league, link=LINK, join_time=dt.time(20, 25), actor=make_organizer(season)
        )
    published = {call.args[0] for call in publish.call_args_list}
    assert season.pk in published and finished.pk not in published


def test_the_admin_edits_where_the_league_plays(admin_client, season):
    page = admin_client.get(reverse("admin:league_league_change", args=[season.league.pk]))
    assert 'name="play_link"' in page.content.decode()
    assert 'name="join_time"' in page.content.decode()
