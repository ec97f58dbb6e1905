"""The organizer runs a tournament from the round desk (RULES.md 3.4): stages drawn at
random, then by the standing, then the final table."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from draws.actions import do_draw_round, publish_draw
from games.actions import organizer_set_result
from league.models import Round, Season, Table
from league.rules import LeagueRules
from publishing.actions import do_publish_season
from tests.desk.test_season_wizard import form_data
from tests.roundsupport import make_organizer
from tests.tournamentsupport import SCORES, run, tournament

pytestmark = pytest.mark.django_db
QUERIES = 13  # the session comes from the cache


def url(name: str, round_: Round) -> str:
    return reverse(f"manage:{name}", args=[round_.season.slug, round_.number])


def _play_from_the_desk(client, round_: Round) -> None:
    assert client.post(url("publish", round_)).status_code == 302
    for table in Table.objects.filter(round=round_):
        organizer_set_result(table, scores=SCORES[: table.seats.count()])
    body = client.get(url("round", round_)).content.decode()
    assert "Finish the stage (all results confirmed)" in body and "Finish the round" not in body
    assert client.post(url("finish", round_)).status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def test_the_desk_runs_stages_and_the_final_table(client):
    season, rounds = tournament(12)
    client.force_login(make_organizer(season))
    body = client.get(url("round", rounds[0])).content.decode()
    assert "evening: Stage 1" in body.replace("<bdi>", "").replace("</bdi>", "")
    assert "Draw the tables" in body
    client.post(url("draw", rounds[0]), {"seed": "11"})
    _play_from_the_desk(client, rounds[0])
    for round_ in rounds[1:4]:
        body = client.get(url("round", round_)).content.decode()
        assert "Draw the stage by the standing" in body
        assert (
            "The draw seats the players of the stage before, its reserves included, and the "
            "latecomers registered for this stage." in body
        )
        client.post(url("draw", round_))
        round_.refresh_from_db()
        assert round_.draw_method == "standing"
        body = client.get(url("round", round_)).content.decode()
        assert "Drawn by the tournament standing" in body
        _play_from_the_desk(client, round_)
        do_publish_season(season.pk)
        body = client.get(url("round", round_)).content.decode()
        assert "Results and tournament standing" in body and "league table" not in body
    body = client.get(url("round", rounds[4])).content.decode()
    assert "Final table" in body and "Draw the final table" in body
    client.post(url("draw", rounds[4]))
    rounds[4].refresh_from_db()
    assert rounds[4].draw_method == "final"
    assert Table.objects.filter(round=rounds[4]).count() == 1
    season.refresh_from_db()


def test_drawing_a_stage_too_early_is_refused_with_a_message(client):
    season, rounds = tournament(8)
    client.force_login(make_organizer(season))
    client.post(url("draw", rounds[0]), {"seed": "1"})
    response = client.post(url("draw", rounds[1]), follow=True)
    assert "finish stage 1 first" in response.content.decode()


@pytest.mark.parametrize("players", [8, 24])
def test_tournament_desk_query_count_does_not_grow_with_players(
    client, players, django_assert_num_queries
):
    season, rounds = tournament(players, slug=f"evening-{players}")
    run(rounds, stages=2, final=False)
    do_draw_round(rounds[2])
    publish_draw(rounds[2])
    do_publish_season(season.pk)
    client.force_login(make_organizer(season))
    # as a league round's desk: session, user, round, organizer check, registrations,
    # seats, reserves, versions, tables, snapshot, draw records and their changes, links
    with django_assert_num_queries(QUERIES):
        assert client.get(url("round", rounds[2])).status_code == 200


def test_the_season_wizard_offers_the_evening_tournament_on_one_day(client):
    season, _rounds = tournament(4, slug="other")
    client.force_login(make_organizer(season))
    page = client.get("/manage/new-season/", {"preset": "evening-tournament"})
    calendar = page.context["calendar"]
    assert len(calendar.rows) == 5
    assert len({row.date for row in calendar.rows}) == 1
    assert [str(row.draw_method) for row in calendar.rows] == [
        "random",
        "by the standing",
        "by the standing",
        "by the standing",
        "final table",
    ]
    data = form_data(page.context)
    data.update(name="Hanukkah evening", start="2027-12-09")
    first = client.post("/manage/new-season/", {**data, "action": "preview"})
    data = form_data(first.context)
    response = client.post("/manage/new-season/", {**data, "action": "save"})
    assert response.status_code == 302
    created = Season.objects.get(slug="hanukkah-evening")
    assert created.rules_preset == "evening-tournament"
    assert list(created.rounds.values_list("date", flat=True)) == [dt.date(2027, 12, 9)] * 5
    assert LeagueRules.from_dict(created.rules) == LeagueRules.from_preset("evening-tournament")


def test_the_desk_season_page_offers_the_next_stage(client):
    season, rounds = tournament(8, slug="offer")
    run(rounds, stages=1, final=False)
    client.force_login(make_organizer(season))
    body = client.get(reverse("manage:season", args=[season.slug])).content.decode()
    assert "Run Stage 2" in body
    hebrew = client.get(
        reverse("manage:season", args=[season.slug]), HTTP_ACCEPT_LANGUAGE="he"
    ).content.decode()
    assert "ניהול שלב 2" in hebrew


def test_a_later_stages_desk_adds_latecomers_and_has_no_registration_to_close(client):
    """Stage 2 read "0 registered players" with Close registration and a deadline, while it
    takes the players of stage 1: players never register for it."""
    season, rounds = tournament(8)
    client.force_login(make_organizer(season))
    first = client.get(url("round", rounds[0])).content.decode()
    assert "Close registration" in first and "Registration deadline" in first
    body = client.get(url("round", rounds[1])).content.decode()
    assert "0 latecomers for this stage" in body
    assert "Players do not register for this stage" in body
    assert "Add latecomers for this stage (one name per line" in body
    assert "Close registration" not in body and "Registration deadline" not in body
    assert "registered players" not in body


def test_the_final_tables_desk_has_no_registration_and_the_action_refuses_one(client):
    from core.errors import ActionCode, ActionError
    from league.actions.registration import register_latecomers, register_players
    from league.models import Player, Registration

    season, rounds = tournament(8)
    organizer = make_organizer(season)
    client.force_login(organizer)
    body = client.get(url("round", rounds[4])).content.decode()
    assert "Nobody registers for the final table" in body
    assert url("register", rounds[4]) not in body and url("latecomer", rounds[4]) not in body
    player = Player.objects.order_by("pk").first()
    for action in (register_players, register_latecomers):
        with pytest.raises(ActionError) as refused:
            action(rounds[4], [player], actor=organizer)
        assert refused.value.code == ActionCode.FINAL_TABLE_NO_REGISTRATION
    response = client.post(url("register", rounds[4]), {"names": player.name}, follow=True)
    assert "Nobody registers for the final table" in response.content.decode()
    assert not Registration.objects.filter(round=rounds[4]).exists()
