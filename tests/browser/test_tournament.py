"""Issue 18 (tournaments) in a real browser: 24 players, 4 stages and a final table run from
the organizer's round desk (1280x800) and the organizer API, with no repeated opponent in
stage 2, the final standing asserted, and the public page checked on a Hebrew phone."""

from __future__ import annotations

import io
import json
from itertools import combinations

import pytest
from django.core.management import call_command

from api.models import ApiToken
from api.tokens import create_token
from games.actions import organizer_set_result
from league.models import Player, Round, Seat, Table
from publishing.actions import do_publish_season
from tests.browser.conftest import (
    PHONE,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.roundsupport import FAR_SUNDAY, make_round, make_season
from tests.tournamentsupport import FINAL_SCORES, SCORES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
NAMES = [f"Player {chr(ord('A') + i)}" for i in range(24)]


def _tables(round_: Round) -> list[list[str]]:
    tables: dict[int, list[str]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .order_by("table__number", "seat")
        .values("table__number", "player__name")
    ):
        tables.setdefault(seat["table__number"], []).append(seat["player__name"])
    return list(tables.values())


def _pairs(tables: list[list[str]]) -> set[frozenset[str]]:
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def _enter_results(round_: Round, scores: list[int]) -> None:
    """The tables' results, as the organizer confirms them on each table's page."""
    for table in Table.objects.filter(round=round_).order_by("number"):
        organizer_set_result(table, scores=scores[: table.seats.count()])


def _standing(*extra: str) -> list[dict]:
    out = io.StringIO()
    call_command("standings", "evening", "--json", *extra, stdout=out)
    return json.loads(out.getvalue())["standings"]


def test_a_tournament_of_24_runs_from_the_desk_and_the_api(live_server, chromium):
    season = make_season(slug="evening", rules_preset="evening-tournament")
    rounds = [make_round(season, number, FAR_SUNDAY) for number in range(1, 6)]
    for name in NAMES:
        Player.objects.create(name=name, slug=name.lower().replace(" ", "-"))
    organizer = make_account("organizer")
    season.league.organizers.add(organizer)
    token = create_token(
        user=organizer,
        league=season.league,
        platform="club",
        name="desk",
        scope=ApiToken.Scope.ORGANIZER,
    )
    context = new_phone(chromium, "en", DESKTOP)
    page = context.new_page()

    def desk(number: int) -> str:
        return f"/manage/seasons/evening/rounds/{number}/"

    def click(name: str) -> None:
        page.get_by_role("button", name=name, exact=True).click()
        page.wait_for_load_state()

    def api_draw(number: int) -> dict:
        response = context.request.post(
            f"{live_server.url}/api/v1/seasons/evening/rounds/{number}/draw/",
            data=json.dumps({"publish": True}),
            headers={"Authorization": f"Bearer {token.secret}", "Content-Type": "application/json"},
        )
        assert response.status == 201, response.text()
        return response.json()["draw"]

    def finish(number: int) -> None:
        page.goto(live_server.url + desk(number))
        click("Finish the stage (all results confirmed)")
        assert Round.objects.get(pk=rounds[number - 1].pk).status == Round.Status.FINISHED

    # Stage 1 from the desk: register everyone, draw at random with a seed, publish.
    log_in(page, live_server.url, "organizer", desk(1))
    assert page.locator("h1").inner_text() == "evening: Stage 1"
    page.fill("#names", "\n".join(NAMES))
    click("Register")
    page.fill("#seed", "2026")
    click("Draw the tables")
    click("Publish the draw")
    assert "Random draw (seed 2026)" in page.locator("#text-1").input_value()
    stage_1 = _tables(rounds[0])
    assert [len(t) for t in stage_1] == [4] * 6
    _enter_results(rounds[0], SCORES)
    finish(1)

    # Stage 2 from the API: by the standing, nobody meets a stage-1 opponent again.
    drawn = api_draw(2)
    assert drawn["method"] == "standing" and drawn["seed"] is None
    stage_2 = _tables(rounds[1])
    assert not _pairs(stage_1) & _pairs(stage_2)
    assert set(stage_2[0]) <= {table[0] for table in stage_1}  # stage 1 winners on top
    _enter_results(rounds[1], SCORES)
    finish(2)

    # Stage 3 from the desk, stage 4 from the API.
    page.goto(live_server.url + desk(3))
    click("Draw the stage by the standing")
    assert "Drawn by the tournament standing" in page.content()
    click("Publish the draw")
    _enter_results(rounds[2], SCORES)
    finish(3)
    api_draw(4)
    _enter_results(rounds[3], SCORES)
    finish(4)
    seen = _pairs(stage_1) | _pairs(stage_2) | _pairs(_tables(rounds[2]))
    assert not seen & _pairs(_tables(rounds[3]))  # 24 players avoid repeats for 4 stages

    # The final table from the desk: the top 4 of the standing; its 4th wins it.
    before = _standing()
    top4 = [row["player"] for row in before[:4]]
    page.goto(live_server.url + desk(5))
    assert page.locator("h1").inner_text() == "evening: Final table"
    click("Draw the final table")
    click("Publish the draw")
    assert _tables(rounds[4]) == [top4]
    _enter_results(rounds[4], FINAL_SCORES)
    finish(5)
    screenshot(page, "tournament-desk-final-en")

    final = _standing("--final")
    assert [row["player"] for row in final[:4]] == top4[::-1]
    assert [row["final_table"]["place"] for row in final[:4]] == [1, 2, 3, 4]
    assert [row["player"] for row in final[4:]] == [row["player"] for row in before[4:]]
    context.close()

    # The public season page on a Hebrew phone: the final standing, no sideways scroll.
    do_publish_season(season.pk)
    phone = new_phone(chromium, "he")
    public = phone.new_page()
    public.goto(f"{live_server.url}/seasons/evening/")
    assert public.locator("html").get_attribute("dir") == "rtl"
    assert top4[3] in public.locator("#podium").locator("..").inner_text()
    assert page_scroll_width(public) <= PHONE["width"]
    screenshot(public, "tournament-season-he-phone")
    public.goto(f"{live_server.url}/seasons/evening/rounds/5/")
    assert public.locator("h1").inner_text() == "שולחן גמר"
    assert page_scroll_width(public) <= PHONE["width"]
    screenshot(public, "tournament-final-table-he-phone")
    phone.close()
