"""Issue 13 item 1: a draw is private until published on every public page, /me/ and the
table pages, for a random and a ranking round; publishing is the one act that reveals it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from core.errors import ActionCode, ActionError
from draws.actions import do_draw_round, publish_draw
from draws.stored import load_draw
from games.actions import organizer_set_result, submit_result
from games.models import ResultVersion
from league.models import Player, Round, Season, Seat
from publishing.actions import do_publish_season
from tests.drawsupport import METHODS, SEED, draw_round

NUMBER = 4


def setup_round(season: Season, method: str) -> Round:
    """Round 4 of the imported season: its 8 players and a newcomer drawn (2 tables and a
    reserve), the snapshot republished as the publishing task would."""
    players = [*Player.objects.order_by("name"), Player.objects.create(name="Rina", slug="rina")]
    round_ = draw_round(season, method, players, NUMBER)
    do_publish_season(season.pk)
    return round_


def publish(round_: Round) -> None:
    assert publish_draw(round_)
    do_publish_season(round_.season_id)


def round_page(client, season: Season) -> str:  # type: ignore[no-untyped-def]
    return client.get(f"/seasons/{season.slug}/rounds/{NUMBER}/").content.decode()


def seated_user(round_: Round):  # type: ignore[no-untyped-def]
    """An account for the player at table 1, seat 0."""
    seat = Seat.objects.select_related("player", "table").get(round=round_, table__number=1, seat=0)
    user = get_user_model().objects.create_user(f"seat-{seat.player.slug}", password="pw-1234!")
    Player.objects.filter(pk=seat.player_id).update(user=user)
    return user, seat.table


def snapshot_round(season: Season) -> dict:  # type: ignore[type-arg]
    data = season.snapshots.order_by("-version").first().data
    return next(r for r in data["rounds"] if r["number"] == NUMBER)


def chat_draw_text(season: Season) -> str | None:
    data = season.snapshots.order_by("-version").first().data
    return data["messages"]["en"]["rounds"][str(NUMBER)]["draw"]


@pytest.mark.parametrize("method", METHODS)
def test_round_page_shows_the_draw_only_once_published(client, make_season, method):
    season = make_season()
    round_ = setup_round(season, method)
    before = round_page(client, season)
    assert 'id="draw"' not in before
    for hidden in ("Table 1", "Table 2", "Reserves", str(SEED), "Random draw", "league ranking"):
        assert hidden not in before, hidden
    assert "9 players registered" in before
    publish(round_)
    after = round_page(client, season)
    assert 'id="draw"' in after and "Table 1" in after and "Table 2" in after
    assert "Reserves" in after
    if method == "random":
        assert str(SEED) in after and "Random draw." in after
    else:
        assert "Drawn by league ranking" in after


@pytest.mark.parametrize("method", METHODS)
def test_a_round_in_play_or_finished_is_not_public_without_publication(client, make_season, method):
    """The old rule showed a round's draw once its status moved past "drawn"."""
    season = make_season()
    round_ = setup_round(season, method)
    for status in (Round.Status.IN_PLAY, Round.Status.FINISHED):
        Round.objects.filter(pk=round_.pk).update(status=status)
        do_publish_season(season.pk)
        assert "Table 1" not in round_page(client, season)
        assert snapshot_round(season)["draw"] is None


@pytest.mark.parametrize("method", METHODS)
def test_snapshot_and_chat_text_carry_the_draw_only_once_published(make_season, method):
    season = make_season()
    round_ = setup_round(season, method)
    assert snapshot_round(season)["draw"] is None
    assert chat_draw_text(season) is None
    publish(round_)
    draw = snapshot_round(season)["draw"]
    assert draw["method"] == method and draw["published_at"] is not None
    assert [len(t["players"]) for t in draw["tables"]] == [4, 4]
    stored = load_draw(round_)
    assert [p["player"] for p in draw["reserves"]] == [p.name for p in stored.reserves]
    assert len(draw["reserves"]) == 1
    assert draw["seed"] == (SEED if method == "random" else None)
    text = chat_draw_text(season)
    assert text is not None and "Table 1:" in text and "Reserves:" in text


def test_the_round_page_texts_offer_no_draw_text_before_publication(client, make_season):
    season = make_season()
    setup_round(season, "random")
    page = round_page(client, season)
    assert "Table 1:" not in page and "Reserves:" not in page


@pytest.mark.parametrize("method", METHODS)
def test_home_and_player_pages_never_show_an_unpublished_draw(client, make_season, method):
    season = make_season()
    round_ = setup_round(season, method)
    user, _table = seated_user(round_)
    player = Player.objects.get(user=user)
    home = client.get("/").content.decode()
    assert str(SEED) not in home and "Table 1" not in home
    page = client.get(f"/players/{player.slug}/").content.decode()
    assert f"/rounds/{NUMBER}/" not in page and str(SEED) not in page


@pytest.mark.parametrize("method", METHODS)
def test_me_lists_my_table_only_once_the_draw_is_published(client, make_season, method):
    season = make_season()
    round_ = setup_round(season, method)
    user, table = seated_user(round_)
    client.force_login(user)
    link = reverse("games:table", args=[table.pk])
    assert link not in client.get(reverse("web:my_rounds")).content.decode()
    publish(round_)
    assert link in client.get(reverse("web:my_rounds")).content.decode()


@pytest.mark.parametrize("method", METHODS)
def test_a_player_cannot_open_or_enter_a_result_at_an_unpublished_table(
    client, make_season, method
):
    season = make_season()
    round_ = setup_round(season, method)
    user, table = seated_user(round_)
    client.force_login(user)
    page = client.get(reverse("games:table", args=[table.pk]))
    assert page.status_code == 404
    assert f"The draw of round {NUMBER} is not published yet." in page.content.decode()
    posted = client.post(
        reverse("games:submit", args=[table.pk]), {f"score-{i}": "10" for i in range(4)}
    )
    assert posted.status_code == 404
    assert not ResultVersion.objects.exists()
    with pytest.raises(ActionError) as refused:
        submit_result(table, actor=user, scores=[40, 30, 20, 10])
    assert refused.value.code == ActionCode.DRAW_NOT_PUBLISHED
    assert not ResultVersion.objects.exists()
    publish(round_)
    page = client.get(reverse("games:table", args=[table.pk]))
    assert page.status_code == 200 and "Enter the result" in page.content.decode()
    submit_result(table, actor=user, scores=[40, 30, 20, 10])
    assert ResultVersion.objects.filter(table=table).count() == 1


def test_an_organizer_sees_the_unpublished_table_but_enters_nothing_until_published(
    client, make_season
):
    season = make_season()
    round_ = setup_round(season, "random")
    table = round_.tables.get(number=1)
    organizer = get_user_model().objects.create_user("org", password="pw-1234!")
    season.league.organizers.add(organizer)
    client.force_login(organizer)
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert "is not published yet; results wait until it is." in page
    assert "Enter the result" not in page
    with pytest.raises(ActionError) as refused:
        organizer_set_result(table, actor=organizer, scores=[40, 30, 20, 10])
    assert refused.value.code == ActionCode.DRAW_NOT_PUBLISHED
    assert not ResultVersion.objects.exists()
    manage = client.get(f"/manage/seasons/{season.slug}/rounds/{NUMBER}/").content.decode()
    assert str(SEED) in manage and "Publish the draw" in manage


def test_the_hebrew_refusal_names_the_round(client, make_season):
    season = make_season()
    round_ = setup_round(season, "random")
    user, table = seated_user(round_)
    client.force_login(user)
    page = client.get(reverse("games:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="he")
    assert f"הגרלת השולחנות של מחזור {NUMBER} עדיין לא פורסמה" in page.content.decode()


def test_publishing_shows_the_draw_at_once_to_a_phone_holding_the_page(client, make_season):
    """A page kept before publication (a browser's copy, a proxy's, the fragment cache)
    never outlives the publication, nor a redraw after it."""
    season = make_season()
    round_ = setup_round(season, "random")
    address = f"/seasons/{season.slug}/rounds/{NUMBER}/"
    kept = client.get(address)
    assert "Table 1" not in kept.content.decode()
    held = {"HTTP_IF_NONE_MATCH": kept["ETag"]}
    assert client.get(address, **held).status_code == 304
    publish_draw(round_)  # nothing else: no snapshot publish, no cache clearing
    first = client.get(address, **held)
    assert first.status_code == 200
    assert "Table 1" in first.content.decode() and str(SEED) in first.content.decode()
    # A redraw of a published draw is published at once with its reason: the page kept
    # with the first draw must not outlive it.
    do_draw_round(round_, seed=SEED + 1, redraw=True, reason="A player's name was misspelt")
    redrawn = client.get(address, HTTP_IF_NONE_MATCH=first["ETag"]).content.decode()
    assert str(SEED + 1) in redrawn and "misspelt" in redrawn


def test_browsers_revalidate_a_round_page_before_and_after_its_draw_is_published(
    client, make_season
):
    """A phone that kept the page before publication must not reuse it unasked."""
    season = make_season()
    round_ = setup_round(season, "random")
    address = f"/seasons/{season.slug}/rounds/{NUMBER}/"
    assert "max-age=0" in client.get(address)["Cache-Control"]
    user, _table = seated_user(round_)
    client.force_login(user)
    assert client.get(address)["Cache-Control"] == "private, no-cache"
    client.logout()
    publish_draw(round_)
    assert "max-age=0" in client.get(address)["Cache-Control"]
