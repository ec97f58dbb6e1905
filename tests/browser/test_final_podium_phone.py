"""A finished season whose places 2-3 are not awarded (RULES.md 3.1), on a phone in English
and Hebrew: the podium card and the archive fit the screen and say so."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, new_phone, page_scroll_width, screenshot
from tests.web.test_final_podium import finished_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("language", "not_awarded"), [("en", "not awarded"), ("he", "לא הוענק")])
def test_podium_with_places_not_awarded_fits_a_phone(live_server, chromium, language, not_awarded):
    season = finished_season()
    context = new_phone(chromium, language)
    page = context.new_page()
    page.goto(f"{live_server.url}/seasons/{season.slug}/")
    podium = page.locator("#podium").locator("..").inner_text()
    assert "Ayala" in podium and podium.count(not_awarded) == 2
    assert page_scroll_width(page) <= PHONE["width"]
    screenshot(page, f"podium-not-awarded-{language}")
    page.goto(f"{live_server.url}/seasons/")
    assert page.locator("main").inner_text().count(not_awarded) == 2
    assert page_scroll_width(page) <= PHONE["width"]
    context.close()
