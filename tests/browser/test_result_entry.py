"""A player enters his table's result on a phone and another player at the table confirms it."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Game
from league.models import Player, Registration, Round, Seat, Table
from tests.browser.conftest import (
    PHONE,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCORES = [180, 95, -20, -110]


def seat_players_with_accounts(season):  # type: ignore[no-untyped-def]
    """Round 4, drawn and published, one table of four players who each have an account."""
    round_ = Round.objects.create(
        season=season,
        number=4,
        date=timezone.localdate(),
        status=Round.Status.IN_PLAY,
        draw_method="ranking",
        drawn_at=timezone.now(),
        draw_published_at=timezone.now(),
    )
    table = Table.objects.create(round=round_, number=1)
    players = list(Player.objects.order_by("name")[:4])
    for seat, player in enumerate(players):
        user = make_account(f"user{seat}")
        Player.objects.filter(pk=player.pk).update(user=user)
        Registration.objects.create(round=round_, player=player)
        Seat.objects.create(table=table, round=round_, seat=seat, player=player)
    return table, players


def test_a_player_enters_a_result_and_another_confirms_it(live_server, chromium, make_season):
    season = make_season(players=8, rounds=3)
    table, players = seat_players_with_accounts(season)
    table_path = f"/tables/{table.pk}/"

    entering = new_phone(chromium)
    page = entering.new_page()
    log_in(page, live_server.url, "user0", table_path)
    # with the +/- button shown, the phone offers its number keypad for every score
    assert (
        page.locator("input.score-input").evaluate_all("els => els.map(e => e.inputMode)")
        == ["numeric"] * 4
    )
    for seat, score in enumerate(SCORES):
        page.fill(f"#score-{seat}", str(abs(score)))
        if score < 0:  # the sign from the button, as on a keypad without a minus key
            page.locator(f'button.sign-toggle[data-for="score-{seat}"]').click()
        assert page.input_value(f"#score-{seat}") == str(score)
    assert page_scroll_width(page) <= PHONE["width"]
    screenshot(page, "result-entry-en")
    page.get_by_role("button", name="Save the scores").click()
    page.wait_for_load_state()
    assert page.get_by_role("button", name="Confirm this result").count() == 0
    entering.close()

    confirming = new_phone(chromium)
    page = confirming.new_page()
    log_in(page, live_server.url, "user1", table_path)
    for score in SCORES:
        assert page.locator("table.result").get_by_text(str(score), exact=True).count() == 1
    page.get_by_role("button", name="Confirm this result").click()
    page.wait_for_load_state()
    assert page_scroll_width(page) <= PHONE["width"]
    screenshot(page, "result-confirmed-en")

    game = Game.objects.get(table=table)
    assert game.status == Game.Status.CONFIRMED
    assert [r.score for r in game.results.order_by("seat")] == SCORES

    page.goto(f"{live_server.url}/seasons/{season.slug}/rounds/4/")
    winner = page.locator("#table-1").locator("xpath=..").locator("tbody tr").first
    assert players[0].name in winner.inner_text()
    confirming.close()
