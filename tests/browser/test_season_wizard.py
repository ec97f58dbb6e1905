"""A new organizer creates a season with the wizard in Chromium (desktop, 1280x800): 34
rounds generated, one moved, in 3 clicks; the wizard also fits a phone in Hebrew."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from league.models import Season
from tests.browser.conftest import (
    PHONE_390,
    SCREENSHOTS,
    league_organizer,
    log_in,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_csp import watch_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}


def signed_in(chromium, base_url: str, viewport: dict, language: str):  # type: ignore[no-untyped-def]
    context = new_phone(chromium, language, viewport)
    page = context.new_page()
    log_in(page, base_url, "organizer", "/manage/")
    return context, page


def test_organizer_creates_a_season_of_34_rounds_with_one_moved_in_3_clicks(live_server, chromium):
    league_organizer()
    context, page = signed_in(chromium, live_server.url, DESKTOP, "en")
    violations = watch_violations(page)
    clicks = 0

    page.get_by_role("link", name="New season").click()  # 1
    clicks += 1
    expect(page.locator("input[name=round-34]")).to_be_visible()
    expect(page.locator("#id_name")).to_be_focused()  # no click needed to type the name
    page.keyboard.type("Season 11")
    expect(page.locator("#id_slug")).to_have_value("season-11")  # filled in by the page
    round_5 = page.locator("input[name=round-5]")
    moved = dt.date.fromisoformat(round_5.input_value()) + dt.timedelta(days=1)
    round_5.click()  # 2
    clicks += 1
    round_5.fill(moved.isoformat())
    screenshot(page, "season-wizard-desktop-en")
    page.get_by_role("button", name="Create the season").click()  # 3
    clicks += 1
    page.wait_for_url("**/manage/seasons/season-11/")
    screenshot(page, "season-wizard-created-desktop-en")

    season = Season.objects.get(slug="season-11")
    dates = list(season.rounds.order_by("number").values_list("date", flat=True))
    assert len(dates) == 34 and dates[4] == moved
    assert clicks == 3  # docs/organizers.md quotes this count
    assert violations == []
    context.close()


@pytest.mark.parametrize("language", ["en", "he"])
def test_enter_in_a_field_updates_the_calendar_keeping_every_value_typed(
    live_server, chromium, language
):
    """A phone keyboard's Go (Enter) presses the form's first button: the update, which
    keeps what was typed, not "Use this preset", which reset the rules and the moved dates."""
    league_organizer()
    context, page = signed_in(chromium, live_server.url, PHONE_390, language)
    page.goto(live_server.url + "/manage/new-season/")
    round_3 = page.locator("input[name=round-3]")
    moved = (dt.date.fromisoformat(round_3.input_value()) + dt.timedelta(days=1)).isoformat()
    round_3.fill(moved)
    page.locator("input[name=placement_points]").fill("5, 3, 1, 0")
    page.locator("#id_name").fill("Enter Season")
    page.locator("#id_name").press("Enter")
    page.wait_for_load_state()
    expect(page.locator("input[name=round-3]")).to_have_value(moved)
    expect(page.locator("input[name=placement_points]")).to_have_value("5, 3, 1, 0")
    expect(page.locator("#id_name")).to_have_value("Enter Season")
    assert not Season.objects.filter(name="Enter Season").exists()  # Enter creates nothing
    assert axe_violations(page) == []  # the hidden first button is out of the way
    screenshot(page, f"season-wizard-after-enter-{language}")
    context.close()


def test_the_wizard_fits_a_phone_in_hebrew(live_server, chromium):
    league_organizer()
    context, page = signed_in(chromium, live_server.url, PHONE_390, "he")
    page.goto(f"{live_server.url}/manage/new-season/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("button", name="יצירת העונה")).to_be_visible()
    page.locator("#id_name").fill("ליגת חורף 2027")  # a Hebrew name: a Latin address
    expect(page.locator("#id_slug")).to_have_value("ligt-chorf-2027")
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, "season-wizard-phone-he")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "season-wizard-phone-he-top.png"))
    page.locator("input[name=round-1]").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "season-wizard-phone-he-calendar.png"))
    context.close()


WEEKDAYS = {  # Monday first, as the page names them
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "he": ("יום שני", "יום שלישי", "יום רביעי", "יום חמישי", "יום שישי", "יום שבת", "יום ראשון"),
}


@pytest.mark.parametrize(
    ("language", "preset"), [("he", "whist-online-league"), ("en", "evening-tournament")]
)
def test_the_wizards_calendar_is_a_card_a_round_on_a_phone(live_server, chromium, language, preset):
    """At 390 px every round's date, skip box, day, times and draw are in view without
    scrolling sideways; the skip box is a finger's target; a moved date names its new day,
    also in a tournament's calendar, which has no skip column."""
    league_organizer()
    context, page = signed_in(chromium, live_server.url, PHONE_390, language)
    page.goto(f"{live_server.url}/manage/new-season/")
    if preset != "whist-online-league":
        page.select_option("#id_preset", preset)
        page.locator("button[name=action][value=preset]").click()
        page.wait_for_load_state()
    calendar = page.locator(".wizard-calendar")
    calendar.scroll_into_view_if_needed()
    assert calendar.evaluate("box => box.scrollWidth <= box.clientWidth")
    assert page_scroll_width(page) <= PHONE_390["width"]
    first = page.locator(".wizard-calendar tbody tr").first
    for cell in ("cal-date", "cal-day", "cal-times", "cal-draw"):
        box = first.locator(f".{cell}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"]
    skip = first.locator(".cal-skip label")
    if preset == "whist-online-league":
        box = skip.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        skip.click()
        expect(first.locator("input[type=checkbox]")).to_be_checked()
    else:
        assert skip.count() == 0
    date = first.locator("input[type=date]")
    day = dt.date.fromisoformat(date.input_value())
    names = WEEKDAYS[language]
    expect(first.locator(".cal-day")).to_contain_text(names[day.weekday()])
    times = first.locator(".cal-times").inner_text()
    date.fill((day + dt.timedelta(days=1)).isoformat())
    date.dispatch_event("change")
    expect(first.locator(".cal-day")).to_have_text(names[(day.weekday() + 1) % 7])
    expect(first.locator(".cal-times")).to_have_text(times)  # the times stay where they were
    screenshot(page, f"season-wizard-calendar-phone-{preset}-{language}")
    context.close()
