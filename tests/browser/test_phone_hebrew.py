"""Issue 14 on a 390x844 phone in Hebrew: /me/ keeps every button on screen with tonight's
table first, a negative score shows its minus on the left, and an invalid deal shows a
Hebrew sentence next to its field."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from games.actions import submit_result
from league.models import Round
from tests.browser.conftest import PHONE_390, log_in, new_phone, page_scroll_width, screenshot
from tests.browser.test_result_entry import seat_players_with_accounts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_me_has_tonights_table_first_and_every_button_on_screen(
    live_server, hebrew_390, make_season
):
    season = make_season(players=8, rounds=3)
    table, players = seat_players_with_accounts(season)
    for number in range(5, 9):  # rounds open for registration, one of them registered
        round_ = Round.objects.create(
            season=season, number=number, date=dt.date(2099, 1, 4) + dt.timedelta(days=number)
        )
        if number == 5:
            round_.registrations.create(player=players[0])
    page = hebrew_390
    log_in(page, live_server.url, "user0", "/me/")
    screenshot(page, "me-phone-he-390")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page_scroll_width(page) <= PHONE_390["width"]
    tonight = page.locator(".tonight a").first
    assert tonight.get_attribute("href") == f"/tables/{table.pk}/"
    assert tonight.bounding_box()["y"] < page.locator(".round-list").bounding_box()["y"]
    buttons = page.locator("button:visible, a.button:visible")  # the header's too
    assert buttons.count() >= 6
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (i, box)


def test_table_page_shows_the_minus_on_the_left_of_a_negative_score(
    live_server, hebrew_390, make_season
):
    season = make_season(players=8, rounds=3)
    table, _players = seat_players_with_accounts(season)
    entering = get_user_model().objects.get(username="user0")
    submit_result(table, actor=entering, scores=[180, 95, -20, -110])
    page = hebrew_390
    log_in(page, live_server.url, "user1", f"/tables/{table.pk}/")
    screenshot(page, "table-minus-he-390")
    assert page.locator('table.result bdi.number:text-is("-20")').count() == 1
    # Where each character is drawn: every negative number's minus is left of its digits
    # (in the current result's table and in the history line alike).
    positions = page.locator("bdi.number").evaluate_all(
        """bdis => bdis.filter(b => b.textContent.startsWith("-")).map(bdi => {
            const text = bdi.firstChild, at = i => {
                const range = document.createRange();
                range.setStart(text, i); range.setEnd(text, i + 1);
                return range.getBoundingClientRect().left;
            };
            return [bdi.textContent, at(0), at(1)];
        })"""
    )
    assert len(positions) == 4  # -20 and -110, in the table and in the history
    for text, minus_x, digit_x in positions:
        assert minus_x < digit_x, text


def test_without_javascript_an_invalid_deal_shows_a_hebrew_sentence_next_to_its_field(
    live_server, chromium, make_season
):
    """The grid form (the sheet without JavaScript) answers a saved sheet with the player's
    sentence next to the field; the phone sheet's own check is in test_deal_sheet.py."""
    season = make_season(players=8, rounds=3)
    table, _players = seat_players_with_accounts(season)
    context = new_phone(chromium, "he", PHONE_390, java_script_enabled=False)
    page = context.new_page()
    log_in(page, live_server.url, "user0", f"/tables/{table.pk}/sheet/")
    page.select_option('[name="deal-0-trump"]', "H")
    page.select_option('[name="deal-0-declarer"]', "0")
    for name, value in [("winning_bid", "5"), ("contract-0", "5"), ("contract-1", "3"),
                        ("contract-2", "0"), ("contract-3", "5"), ("tricks-0", "5"),
                        ("tricks-1", "4"), ("tricks-2", "0"), ("tricks-3", "4")]:  # fmt: skip
        page.fill(f'[name="deal-0-{name}"]', value)
    page.locator("#sheet button[type=submit]").click()
    page.wait_for_load_state()
    screenshot(page, "sheet-error-he-390")
    message = page.locator('span.error[data-field="deal-0-contract-3"]')
    assert "סכום החוזים הוא בדיוק 13" in message.inner_text()
    field = page.locator('[name="deal-0-contract-3"]').bounding_box()
    box = message.bounding_box()
    assert field is not None and box is not None and abs(box["y"] - field["y"]) < 120
    assert page.locator(".error").count() <= 4  # not one message per empty field
    assert "27 סיבובים עדיין ריקים" in page.locator("main").inner_text()
    context.close()
