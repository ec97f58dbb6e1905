"""Deal statistics on a 390x844 phone in Hebrew: the player's figures, his chart and the
season's leaders fit the screen (no sideways scroll), numbers with signs left to right."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE_390, page_scroll_width, screenshot
from tests.web.test_deal_stats import import_hand_worked_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _inside(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)


def test_player_deal_statistics_fit_a_hebrew_phone(live_server, hebrew_390):
    import_hand_worked_season()
    page = hebrew_390
    page.goto(f"{live_server.url}/players/omer/")
    screenshot(page, "deal-stats-player-he-390")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page_scroll_width(page) <= PHONE_390["width"]
    stats = page.locator(".deal-stats")
    assert "סטטיסטיקת סיבובים" in stats.inner_text()
    _inside(page, ".deal-stats")
    _inside(page, ".deal-stats svg.bar-chart")
    average = stats.locator("bdi.number", has_text="-14.33")
    assert average.count() == 1
    assert average.evaluate("e => getComputedStyle(e).direction") == "ltr"


def test_season_deal_leaders_fit_a_hebrew_phone(live_server, hebrew_390):
    import_hand_worked_season()
    page = hebrew_390
    page.goto(f"{live_server.url}/seasons/season-10/")
    screenshot(page, "deal-leaders-season-he-390")
    assert page_scroll_width(page) <= PHONE_390["width"]
    _inside(page, ".leader-grid")
    assert page.locator(".leader-grid .card").count() == 4
