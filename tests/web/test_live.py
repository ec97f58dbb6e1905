"""Live pages (issue 32 item 1, web.live): a season's version address is public and
revalidated whoever asks, moves on with every change its pages show (a result entered or
confirmed, a draw published, a round finished), is answered 304 in one query for the held
version, and the live pages carry the script that polls it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from draws.actions import do_draw_round, publish_draw
from games.actions import confirm_result, submit_result
from games.finish import finish_round
from league.actions.registration import register_player
from league.live_script import live_script, seasons_in
from league.models import Player, Round, Season, Seat
from tests.drawsupport import SEED
from tests.roundsupport import FAR_SUNDAY, make_user
from web.versions import season_version

pytestmark = pytest.mark.django_db

NUMBER = 4
SCORES = [40, 30, 20, 10]


@pytest.fixture
def season(make_season) -> Season:  # type: ignore[no-untyped-def]
    """A published season of 8 players, its round 4 registered by all of them."""
    season = make_season()
    round_ = Round.objects.create(season=season, number=NUMBER, date=FAR_SUNDAY)
    for player in Player.objects.order_by("name"):
        register_player(round_, player)
    return season


def live(client: Client, season: Season, **headers: str):  # type: ignore[no-untyped-def]
    return client.get(reverse("web:live", args=[season.slug]), **headers)


def seen(client: Client, season: Season) -> tuple[int, str]:
    answer = live(client, season)
    assert answer.status_code == 200
    return answer.json()["version"], answer["ETag"]


def seated(round_: Round, table: int, seat: int):  # type: ignore[no-untyped-def]
    found = Seat.objects.select_related("table").get(round=round_, table__number=table, seat=seat)
    user = make_user(f"seat-{table}-{seat}")
    Player.objects.filter(pk=found.player_id).update(user=user)
    return user, found.table


def moves(client: Client, season: Season, change) -> None:  # type: ignore[no-untyped-def]
    """`change` moves the live version and its ETag on; the old ETag is no longer a 304."""
    version, etag = seen(client, season)
    change()
    after, new_etag = seen(client, season)
    assert after > version and new_etag != etag
    assert live(client, season, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_live_address_is_public_and_revalidated(client, season):
    answer = live(client, season)
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer["Cache-Control"] == "public, max-age=0, s-maxage=1, stale-while-revalidate=30"
    assert answer["ETag"].startswith('"') and answer["ETag"].endswith('"')
    assert "cookie" not in answer.get("Vary", "").lower()
    assert not answer.cookies
    assert isinstance(answer.json()["version"], int)


def test_the_live_address_is_public_for_a_signed_in_player_too(client, season):
    client.force_login(make_user("dana"))
    answer = live(client, season)
    assert answer["Cache-Control"].startswith("public")
    assert "cookie" not in answer.get("Vary", "").lower()


def test_the_held_live_version_is_answered_304_in_one_query(
    client, season, django_assert_num_queries
):
    _version, etag = seen(client, season)
    with django_assert_num_queries(1):  # the season's counter
        again = live(client, season, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and again["Cache-Control"].startswith("public")


def test_the_live_version_is_one_query_whatever_the_season(
    client, season, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert live(client, season).status_code == 200


def test_the_live_version_is_the_same_in_every_language(client, season):
    english = live(client, season, HTTP_ACCEPT_LANGUAGE="en")
    hebrew = live(client, season, HTTP_ACCEPT_LANGUAGE="he")
    assert english["ETag"] == hebrew["ETag"] and english.content == hebrew.content


def test_an_unknown_season_has_no_live_version(client):
    answer = client.get(reverse("web:live", args=["no-such-season"]))
    assert answer.status_code == 404
    assert "public" not in answer.get("Cache-Control", "")


def test_the_live_address_answers_get_and_head_only(client, season):
    assert client.post(reverse("web:live", args=[season.slug])).status_code == 405
    assert client.head(reverse("web:live", args=[season.slug])).status_code == 200


def test_a_draw_published_a_result_entered_and_confirmed_and_a_round_finished_move_it(
    client, season
):
    round_ = Round.objects.get(season=season, number=NUMBER)
    moves(client, season, lambda: do_draw_round(round_, seed=SEED))
    moves(client, season, lambda: publish_draw(round_))
    entering, table = seated(round_, 1, 0)
    confirming, _table = seated(round_, 1, 1)
    moves(client, season, lambda: submit_result(table, actor=entering, scores=SCORES))
    moves(client, season, lambda: confirm_result(table, 1, actor=confirming))
    entering, table = seated(round_, 2, 0)
    confirming, _table = seated(round_, 2, 1)
    submit_result(table, actor=entering, scores=SCORES)
    confirm_result(table, 1, actor=confirming)
    moves(client, season, lambda: finish_round(round_))


def script_of(html: str) -> dict[str, str]:
    found = re.search(r"<script src=\"[^\"]*live\.js\"([^>]*)>", html)
    assert found, "the page carries no live script"
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', found.group(1)))


@pytest.mark.parametrize("page", ["season", "round"])
def test_a_public_live_page_carries_its_address_and_the_version_it_shows(client, season, page):
    url = (
        reverse("web:season", args=[season.slug])
        if page == "season"
        else reverse("web:round", args=[season.slug, NUMBER])
    )
    script = script_of(client.get(url).content.decode())
    version, _etag = seen(client, season)
    assert script["live"] == reverse("web:live", args=[season.slug])
    assert script["versions"] == str(version)
    assert script["mode"] == "swap"
    assert "%(time)s" in script["updated"]


def test_my_page_polls_the_seasons_of_my_tables(client, season):
    round_ = Round.objects.get(season=season, number=NUMBER)
    do_draw_round(round_, seed=SEED)
    publish_draw(round_)
    user, table = seated(round_, 1, 0)
    client.force_login(user)
    script = script_of(client.get(reverse("web:my_rounds")).content.decode())
    assert script["live"] == reverse("web:live", args=[season.slug])
    # /me/ is not versioned: it starts from the counter it was rendered at, so a change
    # between the render and the first poll is not taken for where the page stands
    now = season_version(season.slug)
    assert now is not None and script["versions"] == str(now.counter)
    assert script["mode"] == "swap"
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert script_of(page)["mode"] == "notice"  # the result forms are never replaced
    assert script_of(page)["versions"] == str(now.counter)
    submit_result(table, actor=user, scores=[40, 30, 20, 10])
    moved = season_version(season.slug)
    assert moved is not None and moved.counter > now.counter
    again = script_of(client.get(reverse("web:my_rounds")).content.decode())
    assert again["versions"] == str(moved.counter)


def test_seasons_are_named_once_each_in_order(season, make_season):
    other = make_season(slug="season-11")
    assert seasons_in([season, [other, season], {"round": None}, None]) == [season, other]


def test_a_page_without_a_season_has_no_live_script():
    assert live_script(None, [], "swap") == ""


def test_a_live_script_mode_is_one_of_two(season):
    with pytest.raises(ValueError, match="mode"):
        live_script(None, [season], "sideways")
