"""The organizer's round desk: tables by result state (disputed first, with the reason),
swap choices grouped by table, the chat texts with copy buttons (results only when every
table is confirmed), a print view of the draw, local dates, and a pinned query count."""

import re

import pytest
from django.urls import reverse

from draws.actions import do_draw_round, publish_draw, swap_players
from games.actions import confirm_result, dispute_result, submit_result
from league.actions.registration import close_registration
from league.models import Registration, Seat, Table
from publishing.actions import do_publish_season
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register

pytestmark = pytest.mark.django_db


def url(name, round_):
    return reverse(f"manage:{name}", args=[round_.season.slug, round_.number])


def seated(table):
    return [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]


@pytest.fixture
def drawn(client):
    """A round of 9 players drawn into 2 tables and a reserve, published, organizer in."""
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(9, with_users=True))
    do_draw_round(round_, seed=3)
    publish_draw(round_)
    client.force_login(make_organizer(season))
    return round_


def page(client, round_, language="en"):
    return client.get(url("round", round_), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_disputed_tables_come_first_with_their_reason(client, drawn):
    first, second = Table.objects.filter(round=drawn).order_by("number")
    submit_result(first, actor=seated(first)[0], scores=[10, 20, 30, -60])
    submit_result(second, actor=seated(second)[0], scores=[1, 2, 3, -6])
    dispute_result(second, 1, actor=seated(second)[1], reason="Deal 3 was misscored")
    body = page(client, drawn)
    assert body.index('id="table-2"') < body.index('id="table-1"')
    assert 'class="desk-table state-disputed" id="table-2"' in body
    assert 'class="desk-table state-pending" id="table-1"' in body
    assert '<q dir="auto">Deal 3 was misscored</q>' in body  # its own direction on any page


def test_result_states_missing_pending_confirmed(client, drawn):
    first, _second = Table.objects.filter(round=drawn).order_by("number")
    body = page(client, drawn)
    assert body.count("state-missing") == 2
    submit_result(first, actor=seated(first)[0], scores=[10, 20, 30, -60])
    confirm_result(first, 1, actor=seated(first)[1])
    body = page(client, drawn)
    assert 'state-missing" id="table-2"' in body and 'state-confirmed" id="table-1"' in body
    assert body.index('id="table-2"') < body.index('id="table-1"')  # missing before done


def test_chat_texts_with_copy_buttons_and_results_only_when_every_table_is_confirmed(client, drawn):
    body = page(client, drawn)
    assert "The draw text appears here" in body  # no snapshot published yet
    do_publish_season(drawn.season.pk)
    body = page(client, drawn)
    assert 'data-copy="text-1"' in body and "Table 1: " in body
    assert "Results and league table" not in body
    first, second = Table.objects.filter(round=drawn).order_by("number")
    for table in (first, second):
        submit_result(table, actor=seated(table)[0], scores=[10, 20, 30, -60])
        confirm_result(table, 1, actor=seated(table)[1])
        do_publish_season(drawn.season.pk)
        body = page(client, drawn)
        shown = "Results and league table" in body
        assert shown is (table == second)
    assert 'data-copy="text-2"' in body
    assert "Finish the round" in body


def test_chat_texts_are_in_the_pages_language_with_local_date_and_time(client, drawn):
    do_publish_season(drawn.season.pk)
    date = drawn.date
    english = page(client, drawn, "en")
    assert f"{date.day} {date:%b} {date.year}, 20:30" in english
    hebrew = page(client, drawn, "he")
    assert f"{date.day}.{date.month}.{date.year}, 20:30" in hebrew
    assert date.isoformat() not in hebrew and date.isoformat() not in english


def test_swap_choices_are_grouped_by_table_then_reserves(client, drawn):
    body = page(client, drawn)
    select = body[body.index('<select id="first"') : body.index("</select>")]
    groups = re.findall(r'<optgroup label="([^"]+)">((?:<option[^>]*>[^<]*</option>)*)', select)
    assert [label for label, _options in groups] == ["Table 1", "Table 2", "Reserves"]
    for (_label, options), table in zip(groups, Table.objects.order_by("number"), strict=False):
        names = re.findall(r">([^<]+)</option>", options)
        assert names == [s.player.name for s in table.seats.order_by("seat")]
    assert len(re.findall(r"<option value=\"\d+\"", groups[2][1])) == 1


def test_the_print_view_shows_the_draw_in_large_type_on_its_own(client, drawn):
    response = client.get(url("round_print", drawn))
    body = response.content.decode()
    assert response.status_code == 200
    assert "draw-print.css" in body and "<script" not in body and "style=" not in body
    assert body.count("<li><h2>Table ") == 2 and "Reserves:" in body
    for table in Table.objects.filter(round=drawn):
        for seat in table.seats.select_related("player"):
            assert f"<li>{seat.player.name}</li>" in body
    assert url("round_print", drawn) in page(client, drawn)


def test_the_print_view_is_for_organizers_only(client, drawn):
    client.logout()
    assert client.get(url("round_print", drawn)).status_code == 302
    client.force_login(seated(Table.objects.first())[0])
    assert client.get(url("round_print", drawn)).status_code == 403


def test_a_closed_round_offers_latecomers_without_reopening(client):
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(4))
    close_registration(round_)
    client.force_login(make_organizer(season))
    body = page(client, round_)
    assert url("latecomer", round_) in body and url("reopen", round_) in body


@pytest.mark.parametrize("tables", [1, 5])
def test_desk_query_count_does_not_grow_with_tables(client, tables, django_assert_num_queries):
    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    register(round_, make_players(tables * 4 + 1, with_users=True))
    do_draw_round(round_, seed=1)
    publish_draw(round_)
    for table in Table.objects.filter(round=round_):
        submit_result(table, actor=seated(table)[0], scores=[1, 2, 3, -6])
    do_publish_season(season.pk)
    client.force_login(organizer)
    # user (the session is cached), round, organizer check, registrations, seats, reserves,
    # versions, tables, snapshot, draw records and their changes
    with django_assert_num_queries(13):
        assert client.get(url("round", round_)).status_code == 200


def test_a_swap_of_a_published_draw_republishes_its_chat_text(
    client, drawn, django_capture_on_commit_callbacks
):
    do_publish_season(drawn.season.pk)
    reserve = Registration.objects.get(round=drawn, player__seats__isnull=True).player
    seated_player = Seat.objects.filter(round=drawn).order_by("pk").first().player
    with django_capture_on_commit_callbacks(execute=True):
        swap_players(drawn, reserve, seated_player, reason="stuck in traffic")
    body = page(client, drawn)
    start = body.index('<textarea id="text-1"')
    chat_text = body[start : body.index("</textarea>", start)]
    assert "stuck in traffic" in chat_text


def test_a_latecomer_already_registered_is_told_and_nothing_said_changed(client):
    season = make_season()
    round_ = make_round(season)
    players = make_players(4)
    register(round_, players)
    close_registration(round_)
    client.force_login(make_organizer(season))
    again = client.post(url("latecomer", round_), {"names": players[0].name}, follow=True)
    body = again.content.decode()
    assert f"Already registered: \u2068{players[0].name}\u2069. Nothing changed." in body
    assert "Latecomers registered" not in body
    (late,) = make_players(1, prefix="Late")
    both = client.post(
        url("latecomer", round_), {"names": f"{late.name}\n{players[1].name}"}, follow=True
    )
    body = both.content.decode()
    assert "Latecomers registered; registration stays closed." in body
    assert f"Already registered, left as they were: \u2068{players[1].name}\u2069." in body
    assert Registration.objects.filter(round=round_).count() == 5
