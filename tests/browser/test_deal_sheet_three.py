"""A three-player table of an evening tournament (issue 30 items 3-4, RULES.md 1.5): a player
enters its sheet on a phone at 390x844, deal by deal, in Hebrew and in English, another
player confirms it; the taps it took are counted as for four (tests/browser/test_deal_sheet.py)
and are at most the four-player figure on the same kind of deals."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from bench.sheet_taps import deal_taps
from draws.actions import do_draw_round, publish_draw
from games.models import ResultVersion
from league.actions.common import season_rules
from league.models import Player, Table
from scoring import get_preset, score_game
from scoring.decks import get_deck
from scoring.generate import random_deals
from scoring.players import model_deals
from tests.browser.conftest import PHONE_390, log_in, make_account, new_phone, screenshot
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_deal_sheet import (
    TAPS_FILE,
    TAPS_PER_DEAL_LIMIT,
    Taps,
    overflow,
)
from tests.tournamentsupport import tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = 12
DEAL_MAKERS = {"random": random_deals, "played": model_deals}


def three_player_table(deck: str) -> Table:
    """Stage 1 of an 11-player evening tournament, drawn and published: two tables of four
    and one of three, whose players have accounts user0..user2 (seats 0..2)."""
    season, rounds = tournament(players=11)
    season.rules = {**(season.rules or {}), "deals_per_game": DEALS, "three_player_deck": deck}
    season.save()
    do_draw_round(rounds[0], seed=7)
    publish_draw(rounds[0])
    table = next(t for t in Table.objects.filter(round=rounds[0]) if t.seats.count() == 3)
    for seat in table.seats.order_by("seat"):
        Player.objects.filter(pk=seat.player_id).update(user=make_account(f"user{seat.seat}"))
    return table


def bidding_order(declarer: int) -> list[int]:
    return [(declarer + step) % 3 for step in range(3)]


def enter_deal(page, taps: Taps, deal: dict) -> None:  # type: ignore[no-untyped-def, type-arg]
    """One deal at three as a player enters it: the winning bid with its trump (one tap),
    the first two players' tricks (the third took the rest of T), the contracts of the
    players who missed theirs, the declarer only when the contracts do not tell."""
    sheet = page.locator("#deal-sheet")
    declarer, contracts, tricks = deal["declarer"], deal["contracts"], deal["tricks"]
    bid = deal["winning_bid"]
    taps.tap(sheet.locator(f'[data-bid="{bid}"][data-trump="{deal["trump"]}"]'))
    pad = sheet.locator(".number-pad")
    for seat in range(2):
        taps.tap(pad.locator(f'[data-number="{tricks[seat]}"]'))
    expect(sheet.locator('[data-cell="tricks-2"] [data-value]')).to_have_text(str(tricks[2]))
    for seat in (s for s in bidding_order(declarer) if contracts[s] != tricks[s]):
        taps.tap(sheet.locator(f'[data-contract-seat="{seat}"][data-contract="{contracts[seat]}"]'))
    if sum(1 for c in contracts if c >= bid) != 1:
        taps.tap(sheet.locator(f'[data-pick="declarer"][data-value="{declarer}"]'))


@pytest.mark.parametrize(
    ("language", "kind", "deck"),
    [("he", "played", "no-low-cards"), ("en", "random", "one-card-out")],
)
def test_a_three_player_tournament_tables_sheet_entered_deal_by_deal_and_confirmed(
    live_server, chromium, language, kind, deck
):
    table = three_player_table(deck)
    rules = season_rules(table.round.season)
    preset = get_preset(rules.scoring_preset)
    cards = get_deck(deck)
    deals = DEAL_MAKERS[kind](14, DEALS, preset, summary_only=True, deck=cards)
    for deal in deals:
        deal.pop("dealer")
    expected = score_game(deals, preset, deck=cards).totals

    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    log_in(page, live_server.url, "user0", f"/tables/{table.pk}/sheet/")
    sheet = page.locator("#deal-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator("[data-seat-row]")).to_have_count(3)
    expect(sheet.locator("[data-number]")).to_have_count(cards.tricks + 1)
    expect(sheet.locator(f'[data-bid="{cards.tricks}"][data-trump="NT"]')).to_have_count(1)
    assert overflow(page) <= 0
    assert axe_violations(page) == []
    screenshot(page, f"deal-sheet-three-empty-{language}")

    taps = Taps()
    number = sheet.locator("[data-deal-number]")
    for index, deal in enumerate(deals):
        enter_deal(page, taps, deal)
        if index < DEALS - 1:
            expect(number).to_have_text(str(index + 2))
    totals = sheet.locator("[data-total]")
    expect(totals).to_have_count(3)
    for seat, total in enumerate(expected or []):
        expect(totals.nth(seat)).to_have_text(str(total))
    assert overflow(page) <= 0
    screenshot(page, f"deal-sheet-three-done-{language}")

    taps.tap(page.locator("form#sheet button[type=submit]"))
    page.wait_for_url(f"**/tables/{table.pk}/")
    version = ResultVersion.objects.get(table=table)
    assert version.deals is not None
    assert [d["tricks"] for d in version.deals] == [d["tricks"] for d in deals]
    assert version.scores == list(expected or [])

    per_deal = taps.count / DEALS
    record = (
        f"{dt.date.today().isoformat()} {language}, three players ({deck}), {kind} deals: "
        f"{taps.count} taps for {DEALS} deals = {per_deal:.2f} per deal, {taps.swipes} swipes\n"
    )
    print(record)
    # at most what the same kind of deals takes at four, and every target on screen
    assert per_deal <= TAPS_PER_DEAL_LIMIT[kind], record
    assert taps.swipes == 0, taps.missed
    assert taps.count == sum(deal_taps(deal) for deal in deals) + 1, record
    TAPS_FILE.parent.mkdir(parents=True, exist_ok=True)
    with TAPS_FILE.open("a", encoding="utf-8") as out:
        out.write(record)
    context.close()

    # another player at the table confirms it: the entered sheet, three players a deal
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    log_in(page, live_server.url, "user1", f"/tables/{table.pk}/")
    entered = page.locator("#entered-sheet")
    expect(entered.locator("[data-deal]")).to_have_count(DEALS)
    expect(entered.locator('[data-deal="1"] tbody tr')).to_have_count(3)
    assert overflow(page) <= 0
    assert axe_violations(page) == []
    screenshot(page, f"confirm-three-{language}")
    page.locator("form[action$='/confirm/'] button[type=submit]").click()
    page.wait_for_url(f"**/tables/{table.pk}/")
    assert ResultVersion.objects.get(table=table).status == ResultVersion.Status.CONFIRMED
    context.close()
