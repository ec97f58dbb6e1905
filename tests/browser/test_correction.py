"""Correcting instead of retyping, and the confirmer deciding at the top (issue 27, items 3
and 5), at 390x844 in Hebrew and English: a disputed 28-deal sheet reopens as it was
entered, its submitter fixes one deal (the taps counted), and the player who disputed it
sees what changed and confirms it without scrolling."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.actions import dispute_result, submit_result
from games.models import ResultVersion, SheetDraft
from games.sheets import sheet_fields
from scoring import get_preset, score_game
from scoring.players import model_deals
from tests.browser.conftest import (
    PHONE_390,
    SCREENSHOTS,
    log_in,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_result_entry import seat_players_with_accounts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = 28
WRONG_DEAL = 9  # 1-based: the deal the submitter entered wrong and corrects
NOTES_DEAL = 3  # where the confirmer's own notes differ from the sheet


def wrong_seat(deal: dict) -> tuple[int, int]:  # type: ignore[type-arg]
    """A player of `deal` who missed his contract, not the declarer, and another contract
    for him that keeps the deal valid (he still missed; the total still is not 13)."""
    contracts, tricks = deal["contracts"], deal["tricks"]
    for seat in range(4):
        if seat == deal["declarer"]:
            continue
        for other in range(14):
            total = sum(contracts) - contracts[seat] + other
            free = other not in (contracts[seat], tricks[seat]) and total != 13
            if free and other < deal["winning_bid"]:
                return seat, other
    raise AssertionError("no seat to change")


def in_first_screen(locator) -> bool:  # type: ignore[no-untyped-def]
    """Wholly inside the first 390x844 screen, the page not scrolled."""
    box = locator.bounding_box()
    scrolled = locator.page.evaluate("window.scrollY")
    return bool(box) and scrolled == 0 and box["y"] >= 0 and box["y"] + box["height"] <= 844


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_disputed_sheet_is_corrected_by_changing_one_deal_and_confirmed_at_the_top(
    live_server, chromium, make_season, language
):
    season = make_season(players=8, rounds=3)
    table, _players = seat_players_with_accounts(season)
    deals = model_deals(27, DEALS, get_preset("whist-online"), summary_only=True)
    for deal in deals:
        deal.pop("dealer")
    right = deals[WRONG_DEAL - 1]
    seat, wrong_contract = wrong_seat(right)
    entered = [dict(d) for d in deals]
    entered[WRONG_DEAL - 1] = {
        **right,
        "contracts": [wrong_contract if s == seat else c for s, c in enumerate(right["contracts"])],
    }
    users = [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]
    submit_result(table, actor=users[0], deals=entered)
    dispute_result(table, 1, actor=users[1], reason=f"Deal {WRONG_DEAL}: a contract is wrong")
    expected = score_game(deals, get_preset("whist-online")).totals
    # the confirmer kept his own notes: the right sheet, but for one trick count
    notes = sheet_fields(deals)
    notes[f"deal-{NOTES_DEAL - 1}-tricks-0"] = str((deals[NOTES_DEAL - 1]["tricks"][0] + 1) % 14)
    SheetDraft.objects.create(
        table=table, player=table.seats.get(seat=1).player, data={"saved_at": 1, "fields": notes}
    )

    # The submitter: his table page offers the correction; the sheet opens as he entered it.
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    log_in(page, live_server.url, "user0", f"/tables/{table.pk}/")
    correct = page.locator("[data-correct]")
    assert in_first_screen(correct)
    correct.click()
    page.wait_for_url(f"**/tables/{table.pk}/sheet/")
    sheet = page.locator("#deal-sheet")
    expect(sheet).to_be_visible()
    chip = sheet.locator(f'[data-goto="{WRONG_DEAL - 1}"]')
    expect(chip).to_have_class(re.compile("state-complete"))
    taps = 0
    chip.click()
    taps += 1
    expect(sheet.locator("[data-deal-number]")).to_have_text(str(WRONG_DEAL))
    sheet.locator(
        f'[data-contract-seat="{seat}"][data-contract="{right["contracts"][seat]}"]'
    ).click()
    taps += 1
    totals = sheet.locator("[data-total]")
    for at, total in enumerate(expected or []):
        expect(totals.nth(at)).to_have_text(str(total))
    screenshot(page, f"correction-sheet-{language}")
    page.locator("form#sheet button[type=submit]").click()
    taps += 1
    page.wait_for_url(f"**/tables/{table.pk}/")
    version = ResultVersion.objects.get(table=table, number=2)
    assert (version.status, version.changed_deals) == (ResultVersion.Status.PENDING, [WRONG_DEAL])
    assert version.deals == deals and version.scores == list(expected or [])
    assert ResultVersion.objects.get(table=table, number=1).deals == entered  # kept
    assert taps == 3  # the deal, its one changed value, and "Save"
    context.close()

    # The player who disputed it decides on the first screen: totals, what changed, his
    # notes' verdict and Confirm; the dispute is a quiet line; the deal cards come below.
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    log_in(page, live_server.url, "user1", f"/tables/{table.pk}/")
    confirm = page.locator("form[action$='/confirm/'] button[type=submit]")
    changes = page.locator("[data-changes-summary]")
    notes_summary = page.locator("[data-notes-summary]")
    expect(changes).to_contain_text(str(WRONG_DEAL))
    expect(notes_summary).to_contain_text(str(NOTES_DEAL))
    for part in (page.locator("table.result"), changes, notes_summary, confirm):
        assert in_first_screen(part)
    assert page.locator("details.dispute button[type=submit]").is_hidden()
    assert in_first_screen(page.locator("details.dispute summary"))
    changed = page.locator("#entered-sheet [data-changed]")
    expect(changed).to_have_count(1)
    expect(changed.locator("[data-change-mark]")).to_contain_text(str(wrong_contract))
    assert page.locator("#entered-sheet").bounding_box()["y"] > confirm.bounding_box()["y"]
    assert axe_violations(page) == []
    assert page_scroll_width(page) <= 390  # every deal card fits the phone (it was 419 px)
    page.screenshot(path=str(SCREENSHOTS / f"confirm-correction-first-screen-{language}.png"))
    screenshot(page, f"confirm-correction-{language}")
    confirm.click()
    page.wait_for_url(f"**/tables/{table.pk}/")
    version.refresh_from_db()
    assert version.status == ResultVersion.Status.CONFIRMED
    context.close()
