"""Tonight's provisional league table on a phone (issue 32 item 2): at 390x844 in Hebrew and
English the mark above the table and each rank's move show, axe-clean, without sideways
scrolling of the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from publishing.published import published
from tests.browser.conftest import PHONE_390, new_phone, page_scroll_width, screenshot
from tests.browser.test_accessibility import axe_violations
from tests.web.test_provisional_table import _in_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_provisional_table_shows_its_mark_and_moves_on_a_phone(
    live_server, chromium, make_season, language
):
    season = _in_play(make_season)
    mark = published(season).provisional  # type: ignore[union-attr]
    moved = {slug: move for slug, move in mark["moves"].items() if move}  # type: ignore[index]
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    page.goto(f"{live_server.url}/seasons/{season.slug}/")
    expect(page.locator("[data-provisional]")).to_be_visible()
    expect(page.locator("#standings [data-move]")).to_have_count(len(moved))
    up = page.locator("#standings .move-up").first
    expect(up).to_be_visible()
    assert page_scroll_width(page) <= PHONE_390["width"]
    assert axe_violations(page) == []
    screenshot(page, f"provisional-table-{language}")
    context.close()
