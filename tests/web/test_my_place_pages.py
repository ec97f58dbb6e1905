"""My place on the league table (issue 27 item 7): a signed-in player sees his place,
points and gap and the distances to the places above and below him and to today's 3rd
place, read from the published table; the part is his own, rendered for him beside the
page's cached fragment (web.http_cache), never given to another viewer; and the season page
shows the last round's results and the coming rounds with their dates."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from league.models import Player, Round
from league.templatetags.web_format import signed, signed_number
from web import views

pytestmark = pytest.mark.django_db

MY_PLACE = "My place in"


def signed_in_client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def warm(client: Client, url: str) -> str:
    """The page after a first visit kept its fragment."""
    client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def place_part(page: str) -> str:
    """The page's own part: from its heading to the end of its section."""
    start = page.index(MY_PLACE)
    return page[start : page.index("</section>", start)]


def linked(django_user_model, slug: str, username: str) -> Client:  # type: ignore[no-untyped-def]
    user = django_user_model.objects.create_user(username=username, password="pw-12345!")
    Player.objects.filter(slug=slug).update(user=user)
    return signed_in_client(user)


@pytest.fixture
def season_and_rows(make_season):  # type: ignore[no-untyped-def]
    season = make_season(players=8, rounds=3)
    return season, f"/seasons/{season.slug}/", season.snapshots.get().data["standings"]


def test_the_league_table_shows_my_place_and_the_distances(season_and_rows, django_user_model):
    _season, url, rows = season_and_rows
    mine, above, below, third = rows[4], rows[3], rows[5], rows[2]
    client = linked(django_user_model, mine["player_slug"], "me")

    part = place_part(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())

    assert re.search(r"Place <bdi[^>]*>5</bdi> of <bdi[^>]*>8</bdi>", part)
    for who, label in ((above, "Above me"), (below, "Below me"), (third, "3rd place today")):
        line = part[part.index(label) :]
        line = line[: line.index("</li>")]
        assert who["player"] in line
        # a difference, labelled as the gap is ("+1 points" read wrong)
        apart = signed_number(who["points"] - mine["points"])
        assert f'points <bdi dir="ltr" class="number">{apart}</bdi>' in line
        assert f'gap <bdi dir="ltr" class="number">{signed(who["gap"] - mine["gap"])}' in line


def test_my_place_is_never_given_to_another_viewer_nor_to_anonymous_visitors(
    season_and_rows, django_user_model, client
):
    _season, url, rows = season_and_rows
    dana = linked(django_user_model, rows[0]["player_slug"], "dana")
    eli = linked(django_user_model, rows[6]["player_slug"], "eli")
    stranger = signed_in_client(django_user_model.objects.create_user(username="no-player"))

    for _ in range(2):  # rendered, then with the shared part from the fragment cache
        dana_page, eli_page = warm(dana, url), warm(eli, url)
        stranger_page, anonymous_page = warm(stranger, url), warm(client, url)

    assert "Place <bdi" in place_part(dana_page) and "Above me" not in place_part(dana_page)
    assert "Above me" in place_part(eli_page) and rows[5]["player"] in place_part(eli_page)
    assert place_part(dana_page) != place_part(eli_page)
    assert MY_PLACE not in stranger_page and MY_PLACE not in anonymous_page


def test_my_place_is_rendered_for_me_beside_the_cached_fragment(
    season_and_rows, django_user_model, monkeypatch
):
    _season, url, rows = season_and_rows
    dana = linked(django_user_model, rows[0]["player_slug"], "dana")
    eli = linked(django_user_model, rows[6]["player_slug"], "eli")
    dana_page = warm(dana, url)
    read: list[object] = []
    real = views.season_parts
    monkeypatch.setattr(views, "season_parts", lambda *a: read.append(a) or real(*a))

    eli_page = eli.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert read == []  # the table came from the fragment Dana's visit left
    assert "Above me" in place_part(eli_page) and place_part(eli_page) != place_part(dana_page)
    assert "Log out" in eli_page  # his own header, rendered for him


def test_my_place_follows_the_player_linked_to_my_account(season_and_rows, django_user_model):
    _season, url, rows = season_and_rows
    dana = linked(django_user_model, rows[0]["player_slug"], "dana")
    warm(dana, url)
    Player.objects.filter(slug=rows[0]["player_slug"]).update(user=None)
    other = rows[7]["player_slug"]
    user = django_user_model.objects.get(username="dana")
    Player.objects.filter(slug=other).update(user=user)

    page = dana.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert re.search(r"Place <bdi[^>]*>8</bdi>", place_part(page))


def test_the_season_page_shows_the_last_rounds_results_and_the_coming_rounds(
    season_and_rows, client
):
    season, url, rows = season_and_rows
    coming = timezone.localdate() + dt.timedelta(days=10)
    Round.objects.create(season=season, number=4, date=coming)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    results = page[
        page.index("Results of Round 3") : page.index("</ul>", page.index("Results of Round 3"))
    ]
    assert "Table 1" in results and "Table 2" in results
    assert sum(row["player"] in results for row in rows) == 8
    upcoming = page[page.index("Coming rounds") :]
    assert f"Round 4 · {coming:%a}" in upcoming[: upcoming.index("</ul>")]
