"""Issue 18 on a phone: the rating list, a head-to-head, a player's rating parts and a round's
head-to-head links fit 390 px (and 360 px) in Hebrew and English with no sideways scroll,
and axe-core finds no serious or critical violation on them."""

from __future__ import annotations

import pytest

from league.models import Player, Season
from rating.tasks import update_ratings
from tests.browser.conftest import new_phone, page_scroll_width, screenshot
from tests.browser.test_accessibility import axe_violations
from tests.publishing import factories as f

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
NAMES = ["אלכסנדרה בן-שושן", "יהונתן אברהמי", "דנה", "Maximilian Oppenheimer-Smith"]


@pytest.mark.parametrize("language", ["he", "en"])
def test_rating_pages_fit_a_phone_and_pass_axe_core(live_server, chromium, make_season, language):
    season = make_season(players=8, rounds=3, names=NAMES)
    update_ratings()
    a, b = (Player.objects.get(name=name).slug for name in NAMES[:2])
    pages = {
        "ratings": "/ratings/",
        "head-to-head": f"/players/{a}/vs/{b}/",
        "player": f"/players/{a}/",
        "round": f"/seasons/{season.slug}/rounds/1/",
    }
    problems: list[str] = []
    for viewport in PHONES:
        context = new_phone(chromium, language, viewport)
        page = context.new_page()
        for name, path in pages.items():
            page.goto(live_server.url + path)
            for details in page.locator("main details").all():  # open every folded part
                details.evaluate("d => d.open = true")
            assert page.locator("html").get_attribute("dir") == (
                "rtl" if language == "he" else "ltr"
            )
            if viewport["width"] == 390:
                screenshot(page, f"{name}-phone-{language}-390")
            width = page_scroll_width(page)
            if width > viewport["width"]:
                problems.append(f"{name} at {viewport['width']} px scrolls sideways ({width} px)")
            problems += [f"{name}: {line}" for line in axe_violations(page)]
        context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("language", "viewport"), [("he", PHONES[0]), ("en", PHONES[1])])
def test_rating_tables_fit_a_phone_without_scrolling_sideways(
    live_server, chromium, make_season, language, viewport
):
    """With a threshold's dates in the last column (a rated league at 1005: some reached it):
    Hebrew at 390 px, English (longer dates) at 360 px."""
    make_season(players=8, rounds=3, names=NAMES)
    rated = f.season("open-play", rules_preset="whist-online-1200")
    Season.objects.filter(pk=rated.pk).update(rules={"rating_threshold": 1005})
    update_ratings()
    context = new_phone(chromium, language, viewport)
    page = context.new_page()
    page.goto(f"{live_server.url}/ratings/")
    screenshot(page, f"ratings-fit-{language}-{viewport['width']}")
    assert _table_overflow(page) == []
    slug = Player.objects.get(name=NAMES[0]).slug
    page.goto(f"{live_server.url}/players/{slug}/")
    regions = page.locator("#rating-moves").locator("xpath=..").locator(".table-scroll")
    assert regions.count() == 2
    assert _table_overflow(page, "section:has(#rating-moves) .table-scroll") == []
    other = Player.objects.get(name=NAMES[1]).slug
    page.goto(f"{live_server.url}/players/{slug}/vs/{other}/")
    assert _table_overflow(page) == []
    context.close()


def _table_overflow(page, selector: str = "main .table-scroll") -> list[list[int]]:  # type: ignore[no-untyped-def]
    """[scroll width, width] of every table region on the page that scrolls sideways."""
    return page.locator(selector).evaluate_all(
        "rs => rs.map(r => [r.scrollWidth, r.clientWidth]).filter(([s, c]) => s > c)"
    )
