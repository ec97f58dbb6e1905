"""A tournament's public pages (RULES.md 3.4): the standing, stages and the final table, in
English and Hebrew, from the published snapshot."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from draws.actions import do_draw_round
from league.models import Seat, Table
from publishing.actions import do_publish_season
from standings.loader import season_standings
from tests.roundsupport import make_organizer, make_user
from tests.tournamentsupport import run, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    season, rounds = tournament(12)
    run(rounds)
    do_publish_season(season.pk)
    season.refresh_from_db()
    return season


def test_the_season_page_shows_the_final_standing_with_the_final_table_winner_first(
    client, evening
):
    body = client.get(f"/seasons/{evening.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    final = season_standings(evening, final=True)
    winner = final.players[final.rows[0].player].name
    assert "Final standings" in body
    assert "Final podium" in body and winner in body
    assert "Stage 4" in body or "Final table" in body


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_podium_shows_the_final_tables_points_the_order_stands_on(client, evening, language):
    """The final table (its 4th by the standing wins it) orders places 1-3 otherwise than
    the stages' points did: each place shows the final table's points (6, 3, 1), never the
    stages' points of another order."""
    final = season_standings(evening, final=True)
    podium_rows = final.rows[:3]
    stage_points = [row.points for row in podium_rows]
    assert stage_points != sorted(stage_points, reverse=True)  # the orders differ
    body = client.get(f"/seasons/{evening.slug}/", HTTP_ACCEPT_LANGUAGE=language)
    podium = re.search(r'<ol class="podium-list">(.*?)</ol>', body.content.decode(), re.S)
    assert podium
    shown = re.findall(r'<a href="/players/[^"]+/">([^<]+)</a> · ([\d.,-]+)</li>', podium[1])
    names = [final.players[row.player].name for row in podium_rows]
    assert shown == [(name, points) for name, points in zip(names, ["6", "3", "1"], strict=True)]
    note = {"en": "Points of the final table", "he": "נקודות שולחן הגמר"}[language]
    assert note in body.content.decode()


def test_the_stage_and_final_table_pages_say_stage_and_final_table(client, evening):
    stage = client.get(f"/seasons/{evening.slug}/rounds/2/", HTTP_ACCEPT_LANGUAGE="en")
    assert "<h1>Stage 2</h1>" in stage.content.decode()
    assert "Draw by the tournament standing" in stage.content.decode()
    final = client.get(f"/seasons/{evening.slug}/rounds/5/", HTTP_ACCEPT_LANGUAGE="en")
    body = final.content.decode()
    assert "<h1>Final table</h1>" in body
    assert "Final standing:" in body


def test_a_stage_tables_page_says_stage_as_every_other_page_does(client, evening):
    table = Table.objects.get(round__season=evening, round__number=2, number=1)
    client.force_login(make_organizer(evening))
    for language, words in (("en", "Stage 2, table 1"), ("he", "שלב 2, שולחן 1")):
        body = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f"<title>{words}" in body and f": {words}</h1>" in body, language
        assert "round 2" not in body.lower().split("<main", 1)[1][:400]


def test_the_tournament_pages_speak_hebrew(client, evening):
    stage = client.get(f"/seasons/{evening.slug}/rounds/2/", HTTP_ACCEPT_LANGUAGE="he")
    assert "<h1>שלב 2</h1>" in stage.content.decode()
    final = client.get(f"/seasons/{evening.slug}/rounds/5/", HTTP_ACCEPT_LANGUAGE="he")
    assert "<h1>שולחן גמר</h1>" in final.content.decode()


def test_the_rules_page_states_the_standing_draw_procedure(client, evening):
    body = client.get(f"/seasons/{evening.slug}/rules/", HTTP_ACCEPT_LANGUAGE="en").content
    text = body.decode()
    assert "Stages and draws" in text
    assert "the best-placed unseated player opens the next table" in text
    assert "Final table: after the last stage the top 4" in text
    assert "the seat goes to the first of them by name" in text


def test_the_in_progress_tournament_page_says_tournament_standing(client):
    season, rounds = tournament(8, slug="midway")
    run(rounds, stages=2, final=False)
    do_publish_season(season.pk)
    body = client.get(f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tournament standing" in body
    assert "Next stage" in body and "Stage 3" in body


TOURNAMENT_PAGES = {
    # each with the page's version (web.versions)
    "season": (lambda slug: f"/seasons/{slug}/", 5),  # + the last stage's results
    # as a league's round page (9) plus its draw record, which a drawn round has
    "stage": (lambda slug: f"/seasons/{slug}/rounds/2/", 10),
    "final-table": (lambda slug: f"/seasons/{slug}/rounds/5/", 10),
    "rules": (lambda slug: f"/seasons/{slug}/rules/", 2),
}


@pytest.mark.parametrize("players", [8, 24])
@pytest.mark.parametrize("page", list(TOURNAMENT_PAGES))
def test_tournament_page_makes_a_constant_number_of_queries(
    client, django_assert_num_queries, players, page
):
    season, rounds = tournament(players, slug=f"evening-{players}")
    run(rounds)
    do_publish_season(season.pk)
    url, queries = TOURNAMENT_PAGES[page]
    with django_assert_num_queries(queries):
        response = client.get(url(season.slug), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200


def test_the_draw_check_page_of_a_stage_redoes_it_on_the_server(client, evening):
    body = client.get(
        f"/seasons/{evening.slug}/rounds/2/draw-check/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Draw by the tournament standing" in body
    assert "this draw matches." in body
    assert "draw-check.js" not in body
    final = client.get(f"/seasons/{evening.slug}/rounds/5/draw-check/", HTTP_ACCEPT_LANGUAGE="en")
    assert "the top 4 of the tournament standing below" in final.content.decode()


def test_a_final_table_players_page_lists_the_final_tables_game(client, evening):
    final = season_standings(evening, final=True)
    winner = final.players[final.rows[0].player]
    response = client.get(f"/players/{winner.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response.content.decode().count('href="/seasons/evening/rounds/') >= 5


@pytest.mark.parametrize(
    ("language", "stage", "final"),
    [
        ("en", "<h1>Check the draw of stage 2</h1>", "<h1>Check the draw of the final table</h1>"),
        (
            "he",
            "<h1>בדיקת הגרלת השולחנות של שלב 2</h1>",
            "<h1>בדיקת הגרלת השולחנות של שולחן הגמר</h1>",
        ),
    ],
)
def test_the_draw_check_page_names_the_stage_and_the_final_table(
    client, evening, language, stage, final
):
    url = f"/seasons/{evening.slug}/rounds/%d/draw-check/"
    assert stage in client.get(url % 2, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert final in client.get(url % 5, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "The draw of stage 1 is not published yet"),
        ("he", "הגרלת השולחנות של שלב 1 עדיין לא פורסמה"),
    ],
)
def test_an_unpublished_stages_table_says_the_stage(client, language, words):
    season, rounds = tournament(8)
    do_draw_round(rounds[0], seed=7)  # drawn, not published
    table = Table.objects.filter(round=rounds[0]).first()
    seated = Seat.objects.filter(table=table).select_related("player").first().player
    seated.user = make_user("seated")
    seated.save()
    client.force_login(seated.user)
    page = client.get(reverse("games:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 404 and words in page.content.decode()
    client.force_login(make_organizer(season))
    page = client.get(reverse("games:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200 and words in page.content.decode()
