"""axe-core (from the npm registry, `scripts/ensure_axe.sh`) finds no serious or critical
violation on the pages of a player's flow, in Hebrew and English, at phone size; and none of
those pages scrolls sideways at 360 px (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import log_in, new_phone, page_scroll_width
from tests.browser.test_result_entry import seat_players_with_accounts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
NARROW = {"width": 360, "height": 740}
BLOCKING = ("serious", "critical")


def axe_violations(page, impacts: tuple[str, ...] = BLOCKING) -> list[str]:  # type: ignore[no-untyped-def]
    """The axe-core violations of the given impacts (serious and critical unless told) on the
    page, one line each.

    axe is evaluated through the DevTools protocol, which the page's CSP does not govern (the
    site itself allows no inline or injected script)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run scripts/ensure_axe.sh")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact,
                targets: v.nodes.slice(0, 3).map(n => n.target.join(" ")),
            }));
        }"""
    )
    return [
        f"{v['impact']} {v['id']}: {', '.join(v['targets'])}"
        for v in found
        if v["impact"] in impacts
    ]


def check(page, where: str) -> list[str]:  # type: ignore[no-untyped-def]
    problems = [f"{where}: {line}" for line in axe_violations(page)]
    if page_scroll_width(page) > NARROW["width"]:
        problems.append(f"{where}: scrolls sideways ({page_scroll_width(page)} px)")
    return problems


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_players_pages_pass_axe_core_and_fit_360_px(
    live_server, chromium, make_season, language
):
    season = make_season(players=8, rounds=3)
    table, _players = seat_players_with_accounts(season)
    context = new_phone(chromium, language, NARROW)
    page = context.new_page()
    problems: list[str] = []

    page.goto(f"{live_server.url}/accounts/login/")
    problems += check(page, "sign-in")
    log_in(page, live_server.url, "user0", "/me/")
    problems += check(page, "/me/")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    problems += check(page, "table page")
    page.goto(f"{live_server.url}/tables/{table.pk}/sheet/")
    problems += check(page, "deal sheet")
    # The same deal at its contracts: the bid, then three players' tricks (the fourth's are
    # the rest of the 13).
    sheet = page.locator("#deal-sheet")
    sheet.locator('[data-bid="5"][data-trump="H"]').click()
    for taken in (5, 3, 3):
        sheet.locator(f'.number-pad [data-number="{taken}"]').click()
    page.locator("[data-contract-pickers]").wait_for(state="visible")
    problems += check(page, "deal sheet, contracts")

    # The four scores entered, then the confirming player's view of them.
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    for seat, score in enumerate(["120", "-40", "-30", "-50"]):
        page.fill(f'[name="score-{seat}"]', score)
    page.locator("form:has([name='score-0']) button[type=submit]").click()
    page.wait_for_load_state()
    context.clear_cookies()
    log_in(page, live_server.url, "user1", f"/tables/{table.pk}/")
    problems += check(page, "confirming")
    context.close()
    assert problems == []
