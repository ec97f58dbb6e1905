"""The organizer's audit log on a 360 px phone, in Hebrew and English: every entry's action,
time, author and league are on screen, nothing hidden in a sideways-scrolling table."""

from __future__ import annotations

import pytest

from core.audit import record_audit
from tests.browser.conftest import log_in, make_account, new_phone, page_scroll_width, screenshot
from tests.roundsupport import make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROWEST = {"width": 360, "height": 740}


@pytest.mark.parametrize("language", ["he", "en"])
def test_audit_log_entries_fit_a_360_px_phone(live_server, chromium, language):
    season = make_season(league_name="Whist Online League With A Long Name")
    organizer = make_account("organizer")
    season.league.organizers.add(organizer)
    for number in range(1, 4):
        record_audit(
            organizer,
            season.league_id,
            "publish_draw",
            f"published the draw of round {number}",
        )
    context = new_phone(chromium, language, NARROWEST)
    page = context.new_page()
    log_in(page, live_server.url, "organizer", "/manage/audit/")
    screenshot(page, f"audit-log-phone-{language}")
    assert page_scroll_width(page) <= NARROWEST["width"]
    entries = page.locator(".audit-log li")
    assert entries.count() == 3
    for i in range(3):
        for part in (".audit-action", "time", "bdi"):
            box = entries.nth(i).locator(part).first.bounding_box()
            assert box is not None, (i, part)
            assert box["x"] >= 0 and box["x"] + box["width"] <= NARROWEST["width"], (i, part, box)
    assert "Whist Online League With A Long Name" in entries.first.inner_text()
    context.close()
