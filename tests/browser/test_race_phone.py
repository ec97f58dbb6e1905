"""What is still possible on a phone (issue 32 item 3): at 390x844 in Hebrew, English and
Russian the league table's markers (a place 1-3 clinched, out of reach) and the player
page's sentence show, axe-clean, without sideways scrolling of the page."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.season_import import import_season
from publishing.actions import do_publish_season
from publishing.snapshots import latest_snapshot
from tests.browser.conftest import PHONE_390, new_phone, page_scroll_width, screenshot
from tests.browser.test_accessibility import axe_violations
from tests.league.factories import random_rounds_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["he", "en", "ru"])
def test_the_race_shows_on_the_league_table_and_the_player_page_on_a_phone(
    live_server, chromium, language
):
    season = import_season(random_rounds_season(12, rounds=32, seed=3)).season
    do_publish_season(season.pk)
    snapshot = latest_snapshot(season)
    assert snapshot is not None
    rows = snapshot.typed_summary["standings"]
    decided = [row for row in rows if row.get("race") in ("clinched", "out")]
    assert decided  # two rounds left: some races are decided
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    page.goto(f"{live_server.url}/seasons/{season.slug}/")
    expect(page.locator("#standings [data-race]")).to_have_count(len(decided))
    assert page_scroll_width(page) <= PHONE_390["width"]
    assert axe_violations(page) == []
    screenshot(page, f"race-table-{language}")
    for row in (rows[0], decided[-1]):
        page.goto(live_server.url + reverse("web:player", args=[row["player_slug"]]))
        sentence = page.locator(f"dd[data-race='{row['race']}']").first
        expect(sentence).to_be_visible()
        assert page_scroll_width(page) <= PHONE_390["width"]
        assert axe_violations(page) == []
    screenshot(page, f"race-player-{language}")
    context.close()
