"""A tournament's private links: one a player for the whole evening, opening his table in the
latest stage whose draw is published (or at the final table), never an unpublished draw."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ActionError
from draws.actions import do_draw_round, publish_draw
from games.models import ResultVersion, SeatLink
from games.seat_link_lists import round_links
from games.seat_links import issue_links, revoke_link, token_for
from league.models import Seat
from tests.roundsupport import make_organizer
from tests.tournamentsupport import play, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """A 16-player evening tournament: stage 1 drawn and published, links made."""
    season, rounds = tournament(players=16)
    do_draw_round(rounds[0], seed=7)
    publish_draw(rounds[0])
    issue_links(rounds[0], actor=make_organizer(season, "boss"))
    return season, rounds


def url(link):
    return reverse("games:seat_link", args=[token_for(link)])


def seat_of(link, round_):
    return Seat.objects.select_related("table").get(round=round_, player=link.player)


def test_one_link_a_player_for_the_whole_evening(evening):
    season, rounds = evening
    links = list(SeatLink.objects.all())
    assert len(links) == 16 and all(link.table is None for link in links)
    assert {link.season for link in links} == {season}
    play(rounds[0])
    do_draw_round(rounds[1])
    publish_draw(rounds[1])
    assert issue_links(rounds[1], actor=None) == 0  # everyone has his evening's link
    assert SeatLink.objects.count() == 16
    first = {row.player: row.url for t in round_links(rounds[0], "").tables for row in t.rows}
    second = {row.player: row.url for t in round_links(rounds[1], "").tables for row in t.rows}
    assert first == second and len(second) == 16


def test_the_link_follows_the_player_to_each_published_stage(evening):
    _season, rounds = evening
    link = SeatLink.objects.select_related("player").first()
    client = Client()
    response = client.get(url(link))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[seat_of(link, rounds[0]).table_id])
    play(rounds[0])
    do_draw_round(rounds[1])  # drawn, not published: the link shows nothing of it
    response = Client().get(url(link))
    assert response.status_code == 403
    body = response.content.decode()
    assert "Stage 1 is finished; this link opens your table of the next stage" in body
    stage_2 = seat_of(link, rounds[1]).table
    assert reverse("games:table", args=[stage_2.pk]) not in body
    others = [s.player.name for s in stage_2.seats.exclude(player=link.player)]
    assert not any(name in body for name in others)
    publish_draw(rounds[1])
    response = client.get(url(link))
    assert response["Location"] == reverse("games:table", args=[stage_2.pk])
    assert client.get(response["Location"]).status_code == 200
    score = client.post(
        reverse("games:submit", args=[stage_2.pk]),
        {"mode": "scores", **{f"score-{i}": v for i, v in enumerate([10, 20, 30, -60])}},
    )
    assert score.status_code == 302
    version = ResultVersion.objects.get(table=stage_2)
    assert version.entered_player == link.player and version.events.get().via == link


def test_the_final_table_opens_for_its_players_only_then_the_evening_is_over(evening):
    _season, rounds = evening
    for round_ in rounds[:4]:
        if round_.number > 1:
            do_draw_round(round_)
        play(round_)
    do_draw_round(rounds[4])
    publish_draw(rounds[4])
    finalists = set(Seat.objects.filter(round=rounds[4]).values_list("player_id", flat=True))
    links = list(SeatLink.objects.select_related("player"))
    finalist = next(link for link in links if link.player_id in finalists)
    other = next(link for link in links if link.player_id not in finalists)
    final_table = seat_of(finalist, rounds[4]).table
    assert Client().get(url(finalist))["Location"] == reverse("games:table", args=[final_table.pk])
    refused = Client().get(url(other))
    assert refused.status_code == 403
    assert f"{other.player.name} does not play at the final table" in refused.content.decode()
    play(rounds[4])
    over = Client().get(url(finalist))
    assert over.status_code == 403
    assert "The tournament is over" in over.content.decode()


def test_a_browser_that_acted_at_a_stage_table_opens_no_other_seat_there(evening):
    _season, rounds = evening
    table = rounds[0].tables.order_by("number").first()
    seats = list(table.seats.order_by("seat"))
    links = {link.player_id: link for link in SeatLink.objects.all()}
    browser = Client()
    browser.get(url(links[seats[0].player_id]))
    browser.post(
        reverse("games:submit", args=[table.pk]),
        {"mode": "scores", **{f"score-{i}": v for i, v in enumerate([10, 20, 30, -60])}},
    )
    response = browser.get(url(links[seats[1].player_id]))
    assert response.status_code == 403
    assert "This browser has already entered or confirmed" in response.content.decode()


def test_the_desk_of_a_later_stage_revokes_the_evenings_link(client, evening):
    season, rounds = evening
    play(rounds[0])
    do_draw_round(rounds[1])
    publish_draw(rounds[1])
    client.force_login(make_organizer(season, "chief"))
    page = client.get(reverse("manage:round", args=[season.slug, 2])).content.decode()
    assert len(set(re.findall(r"/links/([0-9a-f]{64})/", page))) == 16
    assert "serves the whole evening" in page
    assert "Your link serves the whole tournament" in page  # the tables' chat texts say so
    link = SeatLink.objects.select_related("player").first()
    revoked = url(link)
    manage = reverse("manage:revoke_link", args=[season.slug, 2])
    assert client.post(manage, {"link": link.pk}).status_code == 302
    assert "revoked by the organizer" in Client().get(revoked).content.decode()
    assert issue_links(rounds[1], actor=None) == 1
    new = SeatLink.objects.get(player=link.player, revoked_at=None)
    assert new.table is None and Client().get(url(new)).status_code == 302


def test_a_link_of_another_stage_or_season_cannot_be_revoked_from_this_desk(evening):
    _season, rounds = evening
    other_season, other_rounds = tournament(players=8, slug="other-evening")
    do_draw_round(other_rounds[0], seed=3)
    issue_links(other_rounds[0], actor=None)
    foreign = SeatLink.objects.filter(season=other_season).first()
    with pytest.raises(ActionError, match="no such live private link"):
        revoke_link(rounds[0], foreign.pk, actor=None)
