"""The organizer's season page leads to the round to run next and says the season's
status; on the round desk each step's one input is focused when the page opens and the
next step is the filled (primary) button (found in the end-to-end organizer test,
tests/browser/test_organizer_flow.py)."""

import datetime as dt
import re

import pytest
from django.urls import reverse

from draws.actions import do_draw_round
from league.models import Round, Season
from tests.roundsupport import (
    FAR_SUNDAY,
    make_organizer,
    make_players,
    make_round,
    make_season,
    register,
)

pytestmark = pytest.mark.django_db


def season_page(client, season: Season) -> str:
    client.force_login(make_organizer(season))
    response = client.get(reverse("manage:season", args=[season.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_season_page_links_to_the_first_round_not_finished(client):
    season = make_season(status=Season.Status.RUNNING)
    make_round(season, 1, status=Round.Status.FINISHED)
    make_round(season, 2, FAR_SUNDAY + dt.timedelta(days=3))
    make_round(season, 3, FAR_SUNDAY + dt.timedelta(days=7))
    page = season_page(client, season)
    desk = reverse("manage:round", args=[season.slug, 2])
    assert f'href="{desk}">Run round 2</a>' in page
    assert "Run round 1" not in page and "Run round 3" not in page
    assert "Season status: running" in page


def test_a_season_with_every_round_finished_offers_no_round_to_run(client):
    season = make_season()
    make_round(season, 1, status=Round.Status.FINISHED)
    page = season_page(client, season)
    assert "Run round" not in page
    assert "Season status: upcoming" in page


@pytest.mark.parametrize(
    ("status", "focused"),
    [(Round.Status.OPEN, 'id="names"'), (Round.Status.CLOSED, 'id="latecomers"')],
)
def test_the_round_desk_focuses_the_names_of_its_current_step(client, status, focused):
    season = make_season()
    round_ = make_round(season, status=status)
    client.force_login(make_organizer(season))
    page = client.get(reverse("manage:round", args=[season.slug, round_.number])).content.decode()
    assert page.count("autofocus") == 1
    assert f'{focused} name="names"' in page.split("autofocus")[0][-200:]


def test_the_wizard_focuses_the_season_name(client):
    season = make_season()
    client.force_login(make_organizer(season))
    page = client.get(reverse("manage:new_season")).content.decode()
    assert page.count("autofocus") == 1
    assert 'name="name"' in page.split("autofocus")[0][-120:]


def test_adding_a_round_is_folded_away_once_the_season_has_rounds(client):
    season = make_season()
    assert '<details class="add-round" open>' in season_page(client, season)  # no rounds yet
    make_round(season, 1)
    page = season_page(client, season)
    assert '<details class="add-round">' in page and "Add the round" in page


def test_a_refused_round_keeps_the_form_open_with_its_message(client):
    season = make_season()
    make_round(season, 1)
    client.force_login(make_organizer(season))
    response = client.post(reverse("manage:season", args=[season.slug]), {"number": 2})
    assert response.status_code == 400
    page = response.content.decode()
    assert '<details class="add-round" open>' in page and "This field is required" in page


def button_classes(page: str, label: str) -> str:
    match = re.search(rf'<button type="submit"( class="[^"]*")?>{re.escape(label)}</button>', page)
    assert match, label
    return match.group(1) or ""


def test_the_desks_next_step_is_its_primary_button_and_reopening_is_not(client):
    season = make_season()
    round_ = make_round(season, status=Round.Status.CLOSED)
    register(round_, make_players(4))
    client.force_login(make_organizer(season))
    desk = reverse("manage:round", args=[season.slug, round_.number])
    page = client.get(desk).content.decode()
    assert button_classes(page, "Draw the tables") == ""  # filled: the next step
    assert button_classes(page, "Reopen registration") == ' class="button"'  # outlined
    do_draw_round(round_, seed=1)
    page = client.get(desk).content.decode()
    assert button_classes(page, "Publish the draw") == ""
