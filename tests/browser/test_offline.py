"""Installable on a phone (issue 31 item 5), in Chromium at 390x844, in Hebrew, English
and Russian: a player signs in, opens /me/ and his table's deal sheet, loses the network
and still has both (the sheet's scripts too, and a deal entered offline survives a
reload); any other page says, in his language, that it is offline; back online he sees
the live pages, not the kept ones; signing out leaves no cache behind. No policy
violation, no sideways scroll, axe clean throughout."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from bench.support import signed_in_session
from config.offline import offline_key
from games.models import SheetDraft, Table
from league.models import Season
from scoring import get_preset
from scoring.generate import random_deals
from tests.browser.conftest import PHONE_390, log_in, new_phone, page_scroll_width, screenshot
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_csp import watch_violations
from tests.browser.test_deal_sheet import Taps, enter_deal
from tests.browser.test_result_entry import seat_players_with_accounts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# True once the worker controls the page.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# True once the one kept store holds the page at `path`.
KEPT = """async path => {
  const names = await caches.keys();
  if (names.length !== 1) return false;
  const cache = await caches.open(names[0]);
  return (await cache.match(path)) !== undefined;
}"""
# True once the sheet's own draft on this phone holds `count` fields, sent to the server
# or not (`synced`).
DRAFT_ON_THE_PHONE = """([count, synced]) => {
  const key = JSON.parse(document.getElementById("sheet-config").textContent).storageKey;
  const draft = JSON.parse(localStorage.getItem(key) || "{}");
  return draft.synced === synced && Object.keys(draft.fields || {}).length === count;
}"""
NO_CACHES = "async () => (await caches.keys()).length === 0"
FIELDS = 11  # a deal's fields on the sheet: trump, bid, declarer, 4 contracts, 4 tricks
DEAL = {
    k: v
    for k, v in random_deals(31, 1, get_preset("whist-online"), summary_only=True)[0].items()
    if k != "dealer"
}


def words(language: str, text: str) -> str:
    with translation.override(language):
        return gettext(text)


def server_draft_fields(page: Page, table: Table) -> int:
    """How many fields the server's draft of `table` holds, once it holds any (10 s at most)."""
    for _ in range(100):
        draft = SheetDraft.objects.filter(table=table).first()
        if draft is not None:
            return len(draft.data["fields"])
        page.wait_for_timeout(100)
    return 0


def check_phone_page(page: Page, name: str) -> None:
    assert page_scroll_width(page) <= PHONE_390["width"], name
    assert axe_violations(page) == [], name
    screenshot(page, name)


@pytest.mark.parametrize("language", ["he", "en", "ru"])
def test_own_page_and_sheet_work_offline_and_sign_out_clears_them(
    live_server, chromium, make_season, language
):
    season = make_season(players=8, rounds=3)
    table, _players = seat_players_with_accounts(season)
    base = live_server.url
    sheet_path = f"/tables/{table.pk}/sheet/"
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    violations = watch_violations(page)

    log_in(page, base, "user0", "/me/")
    page.wait_for_function(CONTROLLED)
    page.reload()
    page.wait_for_function(KEPT, arg="/me/")
    page.goto(base + sheet_path)
    expect(page.locator("#deal-sheet")).to_be_visible()
    page.wait_for_function(KEPT, arg=sheet_path)

    context.set_offline(True)
    page.goto(base + "/me/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_have_text(words(language, "My rounds"))
    expect(page.locator("main")).to_contain_text(season.name)
    check_phone_page(page, f"offline-me-{language}")
    page.goto(base + sheet_path)
    sheet = page.locator("#deal-sheet")
    expect(sheet).to_be_visible()  # its scripts came from the store
    expect(page.locator("table.sheet")).to_be_hidden()
    enter_deal(page, Taps(), DEAL)
    expect(sheet.locator("[data-deal-number]")).to_have_text("2")
    page.wait_for_function(DRAFT_ON_THE_PHONE, arg=[FIELDS, False])
    page.reload()  # the phone's draft, kept by the sheet itself, on the kept page
    expect(sheet.locator("[data-deal-number]")).to_have_text("2")
    expect(sheet.locator('[data-goto="0"]')).to_have_class(re.compile("state-complete"))
    check_phone_page(page, f"offline-sheet-{language}")
    page.goto(base + "/ratings/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "he" else "ltr")
    expect(page.locator("h1")).to_have_text(words(language, "No connection"))
    expect(page.get_by_role("link", name=words(language, "Try again"))).to_have_attribute(
        "href", base + "/ratings/"
    )
    check_phone_page(page, f"offline-other-page-{language}")

    # Back online, the pages are the network's: a change made meanwhile shows at once.
    Season.objects.filter(pk=season.pk).update(name="Renamed while offline")
    context.set_offline(False)
    page.goto(base + "/me/")
    expect(page.locator("main")).to_contain_text("Renamed while offline")
    page.reload()
    expect(page.locator("main")).to_contain_text("Renamed while offline")
    page.goto(base + sheet_path)  # the deal entered offline is on the server now
    expect(page.locator("#deal-sheet [data-deal-number]")).to_have_text("2")
    assert server_draft_fields(page, table) == FIELDS

    page.locator("header form button[type=submit]").click()
    page.wait_for_url(re.compile(re.escape(base) + "/$"))
    page.wait_for_function(NO_CACHES)
    assert page.evaluate("async () => await caches.keys()") == []
    assert violations == []
    context.close()


def test_another_user_on_the_same_phone_never_gets_the_kept_pages(
    live_server, chromium, make_season
):
    season = make_season(players=8, rounds=3)
    seat_players_with_accounts(season)
    base = live_server.url
    context = new_phone(chromium, "en", PHONE_390)
    page = context.new_page()
    log_in(page, base, "user0", "/me/")
    page.wait_for_function(CONTROLLED)
    page.reload()
    page.wait_for_function(KEPT, arg="/me/")
    first = page.evaluate("async () => await caches.keys()")

    # A second player's session on this phone, with no sign-out and no page of nobody's in
    # between: his first page replaces the first player's store with his own.
    second_user = get_user_model().objects.get(username="user1")
    session = {"name": settings.SESSION_COOKIE_NAME, "url": base}
    context.add_cookies([{**session, "value": signed_in_session(second_user)}])
    page.goto(base + "/me/")
    page.wait_for_function(KEPT, arg="/me/")
    second = page.evaluate("async () => await caches.keys()")
    assert len(first) == len(second) == 1
    assert second != first
    assert second == [f"whist-offline-{offline_key(second_user)}"]
    context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("My rounds")
    context.close()


def test_chromium_finds_the_site_installable(live_server, chromium):
    """Chromium's own installability check (DevTools' Page.getInstallabilityErrors): the
    manifest, its icons and the worker that answers fetches are what it needs."""
    context = new_phone(chromium, "he", PHONE_390)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.wait_for_function(CONTROLLED)
    devtools = context.new_cdp_session(page)
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest.get("errors", []) == []
    errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A Playwright context is an incognito profile, where nothing installs: the one error
    # that is the browser's, not the site's.
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []
    context.close()
