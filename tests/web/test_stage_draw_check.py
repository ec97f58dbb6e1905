"""A tournament stage's draw-check page reads the check kept with its draw record and never
runs the draw's search (issue 26 item 4): the check is made when the stage is drawn, and
made again when what it rests on changes (a corrected result of an earlier stage, a swap)."""

from __future__ import annotations

import re

import pytest

from draws.actions import do_draw_round, publish_draw, swap_players
from draws.stage_checks import refresh_stage_checks
from draws.stored import load_draw
from games.actions import organizer_set_result
from league import tournament_draw
from league.models import DrawRecord, Player, Round, Seat, Table
from tests.roundsupport import make_season
from tests.tournamentsupport import SCORES, run, tournament

pytestmark = pytest.mark.django_db

MATCHES = "Redone on the server from the standing and the earlier tables: this draw matches."
STANDING_CHANGED = "the standing now is NOT the one it was drawn by"
SEATS_CHANGED = "the tables now do NOT match it with the listed changes"
QUERY_STRINGS = ["", "?x=1", "?seed=5&round=3", "?a1b2c3d4e5f60718", "?lang=he&page=2&check=1"]


@pytest.fixture
def stage_2() -> list[Round]:
    """An 8-player evening with stage 1 played and stage 2 drawn and published."""
    _season, rounds = tournament(8, slug="evening-check")
    run(rounds, stages=1, final=False)
    do_draw_round(rounds[1])
    publish_draw(rounds[1])
    return rounds


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, running the standing draw's search fails the test."""

    def refuse(self: object) -> None:
        raise AssertionError("the standing draw's search ran")

    monkeypatch.setattr(tournament_draw._Search, "run", refuse)


def check_page(client, round_: Round, query: str = "") -> str:  # type: ignore[no-untyped-def]
    url = f"/seasons/{round_.season.slug}/rounds/{round_.number}/draw-check/{query}"
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def badge(body: str) -> str:
    """The page's verdict on the stage's draw."""
    found = re.search(r'<p class="badge [^"]*">(.*?)</p>', body, re.S)
    assert found is not None
    return found.group(1)


def kept(round_: Round) -> dict[str, object]:
    return DrawRecord.objects.get(round=round_, superseded=False).server_check


def test_the_check_is_made_when_the_stage_is_drawn(stage_2):
    assert kept(stage_2[1]) == {"seed": True, "standing": True, "seats": True}


def test_the_stage_draw_check_page_runs_no_search_for_any_query_string(client, stage_2, no_search):
    verdicts = {query: badge(check_page(client, stage_2[1], query)) for query in QUERY_STRINGS}
    assert set(verdicts.values()) == {MATCHES}  # the parameters change nothing


def test_a_corrected_result_of_an_earlier_stage_refreshes_the_kept_check(
    client, stage_2, no_search, django_capture_on_commit_callbacks
):
    table = Table.objects.get(round=stage_2[0], number=1)
    with django_capture_on_commit_callbacks(execute=True):  # the winner came last after all
        organizer_set_result(table, scores=list(reversed(SCORES)))
    assert kept(stage_2[1]) == {"seed": True, "standing": False, "seats": True}
    assert STANDING_CHANGED in badge(check_page(client, stage_2[1], "?after=correction"))

    with django_capture_on_commit_callbacks(execute=True):  # corrected back
        organizer_set_result(table, scores=SCORES)
    assert kept(stage_2[1]) == {"seed": True, "standing": True, "seats": True}
    assert badge(check_page(client, stage_2[1])) == MATCHES


def test_a_swap_checks_the_seats_again(client, stage_2, no_search):
    stage = stage_2[1]
    tables = load_draw(stage).tables
    swap_players(stage, tables[0][0], tables[1][0], reason="they asked to sit apart")
    assert kept(stage)["seats"] is True
    assert badge(check_page(client, stage)) == MATCHES

    # a seat changed behind the draw's back (by hand): the next swap's check says so
    stranger = Player.objects.create(name="Stranger", slug="stranger")
    Seat.objects.filter(round=stage, player=tables[1][3]).update(player=stranger)
    swap_players(stage, tables[0][1], tables[1][1], reason="a second request")
    assert kept(stage) == {"seed": True, "standing": True, "seats": False}
    assert SEATS_CHANGED in badge(check_page(client, stage))


def test_a_season_with_no_stage_drawn_by_the_standing_costs_one_query(
    django_assert_num_queries,
):
    season = make_season(slug="a-league")
    with django_assert_num_queries(1):
        assert refresh_stage_checks(season.pk) == 0
