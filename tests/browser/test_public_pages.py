"""The public pages in a real browser at phone width: table sorting, right-to-left Hebrew."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, new_phone, page_scroll_width, screenshot
from tests.web.conftest import HTML_NAME

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def data_rows(page):  # type: ignore[no-untyped-def]
    return page.locator("#standings tbody tr")


def test_league_table_loads_and_sorts(live_server, phone, make_season):
    season = make_season(players=12, rounds=4, names=[HTML_NAME])
    standings = season.snapshots.get().data["standings"]
    phone.goto(f"{live_server.url}/seasons/{season.slug}/")
    assert data_rows(phone).count() == 12
    assert data_rows(phone).first.locator("td.player a").inner_text() == standings[0]["player"]
    # The name shows as text, not markup.
    assert phone.locator("td.player a", has_text=HTML_NAME).count() == 1
    assert phone.locator("td.player a b").count() == 0
    assert page_scroll_width(phone) <= PHONE["width"]

    phone.get_by_role("link", name="Gap", exact=True).click()
    phone.wait_for_url("**sort=gap**")
    lowest_gap = min(standings, key=lambda row: row["gap"])["player"]
    assert data_rows(phone).first.locator("td.player a").inner_text() == lowest_gap
    assert phone.locator("th[aria-sort]").inner_text().strip() == "Gap"

    phone.get_by_role("link", name="Gap", exact=True).click()
    phone.wait_for_url("**sort=-gap**")
    highest_gap = max(standings, key=lambda row: row["gap"])["player"]
    assert data_rows(phone).first.locator("td.player a").inner_text() == highest_gap
    screenshot(phone, "league-table-sorted-en")


def test_wide_table_scrolls_inside_its_box(live_server, phone, make_season):
    season = make_season(players=8, rounds=3)
    phone.goto(f"{live_server.url}/seasons/{season.slug}/")
    box = phone.locator(".table-scroll").first
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")
    assert page_scroll_width(phone) <= PHONE["width"]


def test_dropped_games_open_from_a_row(live_server, phone, make_season):
    season = make_season(players=4, rounds=11)
    phone.goto(f"{live_server.url}/seasons/{season.slug}/")
    details = phone.locator("details.row-details").first
    assert not details.locator("li").first.is_visible()
    details.locator("summary").click()
    assert details.locator("li").first.is_visible()
    assert "Round" in details.locator("li").first.inner_text()


def test_hebrew_page_lays_out_right_to_left(live_server, hebrew_phone, make_season):
    season = make_season(players=8, rounds=3)
    page = hebrew_phone
    page.goto(f"{live_server.url}/seasons/{season.slug}/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "he"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    assert page.get_by_role("heading", name="טבלת הליגה").count() == 1
    # Mirrored: the site name sits at the right edge, the first column (rank) at the right.
    brand = page.locator(".brand").bounding_box()
    assert brand["x"] + brand["width"] > PHONE["width"] - 40
    rank = page.locator("#standings thead th").first.bounding_box()
    player = page.locator("#standings thead th").nth(1).bounding_box()
    assert rank["x"] > player["x"]
    assert page_scroll_width(page) <= PHONE["width"]
    # A negative gap still reads "-12.25": its minus sign sits left of the digits.
    sign_x, digit_x = page.evaluate(
        """() => {
          const cell = [...document.querySelectorAll('#standings td.num')]
            .find(td => td.textContent.trim().startsWith('-'));
          const text = cell.firstChild, box = (i) => {
            const range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            return range.getBoundingClientRect().x;
          };
          return [box(0), box(1)];
        }"""
    )
    assert sign_x < digit_x
    screenshot(page, "league-table-he")


def test_language_switch_changes_the_page_language(live_server, phone, make_season):
    season = make_season()
    phone.goto(f"{live_server.url}/seasons/{season.slug}/")
    phone.locator(".lang-switch a[hreflang='he']").click()
    expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    assert phone.url.endswith(f"/seasons/{season.slug}/")
    phone.locator(".lang-switch a[hreflang='en']").click()
    expect(phone.locator("html")).to_have_attribute("dir", "ltr")


@pytest.mark.parametrize("language", ["en", "he"])
def test_main_pages_fit_a_phone_and_are_saved_as_screenshots(
    live_server, chromium, make_season, language
):
    from league.models import Player

    long_name = "Bartholomew-" + "Wolfeschlegelsteinhausen" * 3  # one unbreakable 83-letter word
    season = make_season(players=12, rounds=11, names=[long_name[:80], HTML_NAME])
    player = Player.objects.get(name=long_name[:80])
    context = new_phone(chromium, language)
    page = context.new_page()
    pages = {
        "home": "/",
        "season": f"/seasons/{season.slug}/",
        "round": f"/seasons/{season.slug}/rounds/11/",
        "player": f"/players/{player.slug}/",
        "rules": f"/seasons/{season.slug}/rules/",
        "archive": "/seasons/",
    }
    for name, path in pages.items():
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        assert page_scroll_width(page) <= PHONE["width"], path
        screenshot(page, f"{name}-{language}")
    context.close()


def test_messaging_text_can_be_copied(live_server, chromium, make_season):

    season = make_season(players=8, rounds=2)
    context = new_phone(chromium)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{live_server.url}/seasons/{season.slug}/rounds/2/")
    text = page.locator("textarea.copy-text").last.input_value()
    assert "League table:" in text
    page.get_by_role("button", name="Copy").last.click()
    page.get_by_role("button", name="Copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == text
    context.close()
