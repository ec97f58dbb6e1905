"""Who plays a tournament stage after the first (RULES.md 3.4, issue 26 item 5): the players
seated in the stage before, its reserves included, however that stage was drawn (here, by
hand or imported), plus the latecomers the organizer adds; players never register
themselves for a later stage."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from core.errors import ActionCode, ActionError
from draws.actions import do_draw_round, swap_players
from draws.stored import load_draw
from league.actions.registration import register_player, unregister_player
from league.models import Player, Registration, Round, Season, Seat, Table
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register
from tests.tournamentsupport import play, run, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_english():
    with translation.override("en"):
        yield


def stage_players(round_: Round) -> set[str]:
    """Everyone the stage's draw took: seated and reserves."""
    draw = load_draw(round_)
    return {p.name for table in draw.tables for p in table} | {p.name for p in draw.reserves}


def test_a_stage_after_an_imported_stage_takes_the_players_seated_in_it(tmp_path):
    source, rounds = tournament(8, slug="evening-source")
    run(rounds, stages=1, final=False)
    out = io.StringIO()
    call_command("export_season", source.slug, stdout=out)
    exported = json.loads(out.getvalue())
    exported["season"] = "evening-imported"
    exported["rounds"] = exported["rounds"][:1]
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(exported))
    call_command("import_season", str(path), stdout=io.StringIO())
    season = Season.objects.get(slug="evening-imported")
    imported = Round.objects.get(season=season, number=1)
    assert not Registration.objects.filter(round=imported).exists()  # imports record none
    seated = set(Seat.objects.filter(round=imported).values_list("player__name", flat=True))
    assert len(seated) == 8
    stage_2 = make_round(season, 2, imported.date)

    draw, made = do_draw_round(stage_2)

    assert made and draw.method == "standing"
    assert stage_players(stage_2) == seated


def test_a_stage_after_a_hand_run_stage_takes_the_players_seated_in_it():
    _season, rounds = tournament(0, slug="evening-by-hand")
    people = make_players(8)
    stage_1 = rounds[0]
    for number, four in enumerate((people[:4], people[4:]), start=1):  # seated in the admin
        table = Table.objects.create(round=stage_1, number=number)
        for seat, player in enumerate(four):
            Seat.objects.create(table=table, round=stage_1, seat=seat, player=player)
    stage_1.status = Round.Status.DRAWN
    stage_1.save()
    play(stage_1)
    assert not Registration.objects.filter(round=stage_1).exists()

    do_draw_round(rounds[1])

    assert stage_players(rounds[1]) == {p.name for p in people}


def test_a_stage_takes_the_reserves_of_the_stage_before_and_the_latecomers_added_for_it():
    season = make_season(
        slug="evening-reserves", rules_preset="evening-tournament", rules={"remainder": "reserve"}
    )
    stage_1, stage_2 = (make_round(season, number) for number in (1, 2))
    people = make_players(9)
    register(stage_1, people)
    draw, _made = do_draw_round(stage_1, seed=4)
    (reserve,) = draw.reserves
    left_early = draw.tables[1][3]
    swap_players(stage_1, reserve, left_early, reason="arrived late, played instead")
    play(stage_1)
    latecomer = Player.objects.create(name="Latecomer", slug="latecomer")
    organizer = make_organizer(season)
    assert register_player(stage_2, latecomer, actor=organizer)

    do_draw_round(stage_2)

    everyone = {p.name for p in people} | {"Latecomer"}
    assert stage_players(stage_2) == everyone
    assert len(load_draw(stage_2).reserves) == 2  # 10 players: two tables and two reserves


def test_players_cannot_register_themselves_for_a_later_stage():
    season, rounds = tournament(0, slug="evening-self")
    (player,) = make_players(1, with_users=True)
    assert register_player(rounds[0], player, actor=player.user)  # stage 1: his to register
    for round_ in rounds[1:-1]:  # the later stages
        with pytest.raises(ActionError) as refused:
            register_player(round_, player, actor=player.user)
        assert refused.value.code == ActionCode.FORBIDDEN
        assert "Players register only for the first stage of a tournament" in str(
            refused.value.message
        )
    with pytest.raises(ActionError) as final_table:
        register_player(rounds[-1], player, actor=player.user)
    assert final_table.value.code == ActionCode.FINAL_TABLE_NO_REGISTRATION
    for round_ in rounds[1:]:
        with pytest.raises(ActionError, match="register only for the first stage"):
            unregister_player(round_, player, actor=player.user)
    assert list(Registration.objects.filter(player=player).values_list("round", flat=True)) == [
        rounds[0].pk
    ]
    assert register_player(rounds[1], player, actor=make_organizer(season))  # a latecomer


def test_my_rounds_offers_registration_for_the_first_stage_only(client):
    _season, rounds = tournament(0, slug="evening-page")
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)

    body = client.get(reverse("web:my_rounds"), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert reverse("web:register", args=[rounds[0].pk]) in body
    for round_ in rounds[1:]:
        assert reverse("web:register", args=[round_.pk]) not in body


def test_the_refusal_is_in_hebrew_on_a_hebrew_request():
    _season, rounds = tournament(0, slug="evening-he")
    (player,) = make_players(1, with_users=True)
    with translation.override("he"), pytest.raises(ActionError) as refused:
        register_player(rounds[1], player, actor=player.user)
    assert "שחקנים נרשמים רק לשלב הראשון של טורניר: שלב 2" in str(refused.value.message)
