"""Issue 31 items 1 and 2 in Chromium on a phone (390x844), in Hebrew and English: the
wizard's calendar for a September 2026 start skips Erev Yom Kippur and names it, the
organizer unticks it and the round is back on that evening with the holiday beside it; the
season page offers its calendar feed. No sideways scroll."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation
from playwright.sync_api import expect

from league.holidays import evening_holiday
from tests.browser.conftest import PHONE_390, league_organizer, page_scroll_width, screenshot
from tests.browser.test_season_wizard import signed_in
from tests.roundsupport import make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KOL_NIDRE = "2026-09-20"


def holiday_name(language: str) -> str:
    evening = evening_holiday(dt.date.fromisoformat(KOL_NIDRE), ["yom_kippur"])
    assert evening is not None
    with translation.override(language):
        return evening.name


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_wizard_skips_erev_yom_kippur_and_the_organizer_can_play_on_it(
    live_server, chromium, language
):
    league_organizer()
    context, page = signed_in(chromium, live_server.url, PHONE_390, language)
    name = holiday_name(language)
    page.goto(f"{live_server.url}/manage/new-season/")
    page.locator("#id_start").fill("2026-09-06")
    page.locator("#id_name").fill("Season 2026-27")
    page.locator("button[name=action][value=preview]:not([aria-hidden])").click()
    skipped = page.locator(f"input[name=skip-date][value='{KOL_NIDRE}']")
    expect(skipped).to_be_checked()
    expect(page.locator(".skipped-dates")).to_contain_text(name)
    assert page.locator(f"input[name^=round-][value='{KOL_NIDRE}']").count() == 0
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, f"holiday-wizard-{language}")
    skipped.uncheck()
    page.locator("button[name=action][value=preview]:not([aria-hidden])").click()
    expect(page.locator(f"input[name^=round-][value='{KOL_NIDRE}']")).to_have_count(1)
    row = page.locator("tr", has=page.locator(f"input[value='{KOL_NIDRE}']"))
    expect(row).to_contain_text(name)
    assert page_scroll_width(page) <= PHONE_390["width"]
    context.close()


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_season_page_offers_its_calendar_feed(live_server, chromium, language):
    league_organizer()
    season = make_season()
    context, page = signed_in(chromium, live_server.url, PHONE_390, language)
    page.goto(f"{live_server.url}/seasons/{season.slug}/")
    link = page.locator(f"a[href$='/seasons/{season.slug}/calendar.ics']").first
    expect(link).to_be_visible()
    assert (link.get_attribute("href") or "").startswith("webcal://")
    response = page.request.get(f"{live_server.url}/seasons/{season.slug}/calendar.ics")
    assert response.status == 200 and b"BEGIN:VCALENDAR" in response.body()
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, f"season-calendar-link-{language}")
    context.close()
