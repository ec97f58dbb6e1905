"""Live pages in Chromium through the shipped nginx (issue 32 item 1): in Hebrew at 390x844
the round page and the league table (a visitor, served from nginx's cache), /me/ and his
table's page (a signed-in player) stay open while another player confirms a result in
another context; each page shows the update without a reload, marks what changed and says
so (the table's page, with forms of its own, says it changed, with a Reload button),
axe-clean and without sideways scrolling. A page that was offline meanwhile catches up
once online (in Hebrew, English and Russian).

PostgreSQL pass only: nginx (deploy/nginx/whist.conf, rendered by
tests/integration/proxysupport.py) runs in front of the live server.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from playwright.sync_api import expect

from bench.support import free_port, signed_in_session
from draws.actions import do_draw_round, publish_draw
from games.actions import submit_result
from league.actions.registration import register_player
from league.models import Player, Round, Season, Seat
from tests.browser.conftest import (
    PHONE_390,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_accessibility import axe_violations
from tests.drawsupport import SEED
from tests.integration.proxysupport import CONFIG, ROOT, Nginx, render

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="through nginx: the PostgreSQL pass only"
    ),
]

NUMBER = 4
SCORES = [40, 30, 20, 10]
UPDATE = 20_000  # ms: the poll, the proxy's second and a stale copy's retry, with room
# "Updated HH:MM" in each language of the site.
UPDATED_IN = {"he": re.compile("עודכן"), "en": re.compile("Updated"), "ru": re.compile("Обновлено")}
UPDATED = UPDATED_IN["he"]


@pytest.fixture
def proxy(live_server: Any, tmp_path: Path) -> Iterator[Nginx]:
    """nginx on the shipped configuration in front of the live server."""
    port = free_port()
    upstream = live_server.url.removeprefix("http://")
    config = render(
        CONFIG.read_text(),
        {
            "WHIST_LISTEN": f"127.0.0.1:{port}",
            "WHIST_SERVER_NAME": "127.0.0.1 localhost",
            "WHIST_UPSTREAM": upstream,
            "WHIST_STATIC_ROOT": str(ROOT / "static"),  # the live server's own files
            "WHIST_CACHE_PATH": str(tmp_path / "cache"),
            "WHIST_LOG_DIR": str(tmp_path / "logs"),
        },
    )
    nginx = Nginx(tmp_path, config, port)
    yield nginx
    nginx.stop()


def answered_from_the_cache(nginx: Nginx, season: Season) -> bool:
    """nginx answered the season's live address from its cache (the access log's
    cache=HIT/REVALIDATED/UPDATING/STALE)."""
    log = nginx.log("whist-access.log", waiting_for=f"/seasons/{season.slug}/live/")
    live = [line for line in log.splitlines() if f"/seasons/{season.slug}/live/" in line]
    return any(re.search(r"cache=(HIT|REVALIDATED|UPDATING|STALE)", line) for line in live)


def evening(make_season: Any) -> tuple[Season, Any, Any, Any]:
    """A published season whose round 4 is drawn and published; table 1's result entered
    by seat 0. The users of seats 0 (who entered), 1 (who confirms) and 2 (who watches /me/,
    the result waiting for his confirmation too)."""
    season = make_season()
    round_ = Round.objects.create(season=season, number=NUMBER, date=season.end)
    for player in Player.objects.order_by("name"):
        register_player(round_, player)
    do_draw_round(round_, seed=SEED)
    publish_draw(round_)
    users = []
    for seat in range(3):
        found = Seat.objects.get(round=round_, table__number=1, seat=seat)
        user = make_account(f"seat-{seat}")
        Player.objects.filter(pk=found.player_id).update(user=user)
        users.append(user)
    table = Seat.objects.get(round=round_, table__number=1, seat=0).table
    submit_result(table, actor=users[0], scores=SCORES)
    return season, table, users[1], users[2]


def signed_in(chromium: Any, user: Any, base: str) -> Any:
    """A Hebrew 390x844 context holding `user`'s session for `base`."""
    context = new_phone(chromium, "he", PHONE_390)
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": signed_in_session(user), "url": base}]
    )
    return context


def confirm(chromium: Any, live_server: Any, user: Any, table: Any) -> None:
    """`user` confirms the table's result in a browser of his own (at the app itself)."""
    context = new_phone(chromium, "he", PHONE_390)
    page = context.new_page()
    path = f"/tables/{table.pk}/"
    log_in(page, live_server.url, user.username, path)
    page.locator("form.decide button[type=submit]").first.click()
    page.wait_for_load_state()
    context.close()


def shows_update(page: Any, shown: Any, language: str = "he") -> None:
    """The page shows the change (`shown` waits for it) without a reload, marks what
    changed and says it updated (in `language`)."""
    shown()
    expect(page.locator(".live-status")).to_have_text(UPDATED_IN[language], timeout=UPDATE)
    assert page.locator("main .live-changed").count() > 0
    assert page.evaluate("window.liveMarker") == "still here"  # never reloaded
    assert page_scroll_width(page) <= PHONE_390["width"]
    assert axe_violations(page) == []


def opened(context: Any, address: str) -> Any:
    page = context.new_page()
    page.goto(address)
    page.evaluate("window.liveMarker = 'still here'")
    return page


def test_open_pages_show_a_confirmed_result_without_a_reload(
    live_server, proxy, chromium, make_season
):
    season, table, confirmer, watcher = evening(make_season)
    base = proxy.base
    visitor = new_phone(chromium, "he", PHONE_390)
    round_page = opened(visitor, f"{base}/seasons/{season.slug}/rounds/{NUMBER}/")
    league_table = opened(visitor, f"{base}/seasons/{season.slug}/")
    player = signed_in(chromium, watcher, base)
    me = opened(player, f"{base}/me/")
    his_table = opened(player, f"{base}/tables/{table.pk}/")
    expect(me.locator(".next-action.waiting")).to_have_count(1)
    results = round_page.locator("#table-1 ~ .table-scroll table")
    expect(results).to_have_count(0)

    confirm(chromium, live_server, confirmer, table)

    shows_update(round_page, lambda: expect(results).to_be_visible(timeout=UPDATE))
    waiting = me.locator(".next-action.waiting")
    shows_update(me, lambda: expect(waiting).to_have_count(0, timeout=UPDATE))
    # His table's page has forms of its own: never replaced, a line says it changed.
    reload = his_table.locator(".live-status.live-notice button")
    expect(reload).to_be_visible(timeout=UPDATE)
    assert his_table.evaluate("window.liveMarker") == "still here"
    assert axe_violations(his_table) == []
    status = league_table.locator(".live-status")
    shows_update(league_table, lambda: expect(status).to_have_text(UPDATED, timeout=UPDATE))
    assert answered_from_the_cache(proxy, season)
    # Saved once every page has updated: taken earlier, a screenshot (which brings its page
    # to the front) left /me/ in the other context without its update.
    for page, name in ((round_page, "round"), (me, "me"), (league_table, "table")):
        screenshot(page, f"live-{name}-he")
    visitor.close()


@pytest.mark.parametrize("language", ["he", "en", "ru"])
def test_a_page_offline_meanwhile_catches_up_once_online(
    live_server, proxy, chromium, make_season, language
):
    season, table, confirmer, _watcher = evening(make_season)
    base = proxy.base
    visitor = new_phone(chromium, language, PHONE_390)
    round_page = opened(visitor, f"{base}/seasons/{season.slug}/rounds/{NUMBER}/")
    results = round_page.locator("#table-1 ~ .table-scroll table")
    visitor.set_offline(True)
    confirm(chromium, live_server, confirmer, table)
    round_page.wait_for_timeout(6_000)  # polls fail meanwhile, and back off
    expect(results).to_have_count(0)
    visitor.set_offline(False)
    shows_update(round_page, lambda: expect(results).to_be_visible(timeout=UPDATE), language)
    visitor.close()
