"""Issue 31 item 4's "Done when": the player's evening in Russian at 390x844, as the Hebrew and
English walk of test_evening_validity.py: the sign-in, home, seasons, the league table, a
finished and a drawn round, the rules, a player and a head-to-head, /me/ of the submitter, the
confirmer and a player tonight, the table pages, the scores form refused, the sheet and a
private link. Every page is lang="ru" dir="ltr", has no sideways scroll, no axe-core violation
of any impact, is valid HTML for the W3C checker, and speaks Russian."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from playwright.sync_api import expect

from tests.browser.conftest import (
    PHONE_390,
    league_organizer,
    log_in,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_evening_validity import (
    EVERY_IMPACT,
    Evening,
    the_evening,
    the_tournament,
    walk_organizer,
    walk_player,
    walk_tournament,
)
from tests.browser.test_season_wizard import signed_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the walk runs in the SQLite pass"),
]

# Words of the pages' frame (the header's links) in Russian, as RUSSIAN.md and the catalogue say.
FRAME = ("Сезоны", "Рейтинги")
NO_HEADER = {"round-print"}  # the draw's print and projector view has no site header


@dataclass
class RussianEvening(Evening):
    """The walk, checking each kept page's language, direction and width as well."""

    def axe(self, page, language: str, name: str) -> None:  # type: ignore[no-untyped-def]
        super().axe(page, language, name)
        where = f"{language} {name}"
        html = page.locator("html")
        if (html.get_attribute("lang"), html.get_attribute("dir")) != ("ru", "ltr"):
            self.problems.append(
                f"{where}: lang={html.get_attribute('lang')} dir={html.get_attribute('dir')}"
            )
        width = page_scroll_width(page)
        if width > PHONE_390["width"]:
            self.problems.append(f"{where}: scrolls sideways ({width} px)")
        text = page.locator("body").inner_text()
        if name not in NO_HEADER and not all(word in text for word in FRAME):
            self.problems.append(f"{where}: the header is not in Russian")


def test_the_players_evening_in_russian_at_390(live_server, chromium, make_season, tmp_path):
    season = make_season(players=8, rounds=3)
    table, empty, players = the_evening(season)
    evening = RussianEvening(out=tmp_path, base=live_server.url)
    walk_player(evening, chromium, "ru", season, (table, empty), players)
    assert len(evening.files) >= 15
    problems = evening.problems + evening.vnu_errors()
    assert problems == [], "\n".join(problems)


def test_the_organizers_and_the_tournaments_evening_in_russian_at_390(
    live_server, chromium, make_season, tmp_path
):
    """More of the Hebrew/English walk in Russian: the organizer's desk (the season wizard
    among it) and a tournament's stage and a finished one's final table."""
    season = make_season(players=8, rounds=3)
    the_evening(season)
    tournaments = the_tournament(get_user_model().objects.get(username="organizer"))
    evening = RussianEvening(out=tmp_path, base=live_server.url)
    walk_organizer(evening, chromium, "ru", season)
    walk_tournament(evening, chromium, "ru", tournaments)
    assert len(evening.files) >= 20
    problems = evening.problems + evening.vnu_errors()
    assert problems == [], "\n".join(problems)


def test_me_and_the_round_speak_russian_with_russian_plurals(live_server, chromium, make_season):
    season = make_season(players=8, rounds=3)
    table, _empty, _players = the_evening(season)
    context = new_phone(chromium, "ru", PHONE_390)
    page = context.new_page()
    page.goto(f"{live_server.url}/seasons/{season.slug}/rounds/6/")
    screenshot(page, "round-open-ru-390")
    main = page.locator("main").inner_text()
    assert "5 игроков записаны" in main, main  # 1 игрок записан, 2 игрока, 5 игроков
    page.goto(f"{live_server.url}/seasons/{season.slug}/")
    screenshot(page, "season-ru-390")
    assert "Турнирная таблица" in page.locator("main").inner_text()
    log_in(page, live_server.url, "user1", "/me/")
    screenshot(page, "me-ru-390")
    me = page.locator("main").inner_text()
    assert "Результат ждёт вашего подтверждения" in me, me
    assert page.locator(f'a[href="/tables/{table.pk}/"]').count() >= 1
    assert page_scroll_width(page) <= PHONE_390["width"]
    context.close()


def test_the_wizard_in_russian_fills_a_latin_address_from_a_russian_name(live_server, chromium):
    league_organizer()
    context, page = signed_in(chromium, live_server.url, PHONE_390, "ru")
    page.goto(f"{live_server.url}/manage/new-season/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("button", name="Создать сезон")).to_be_visible()
    page.locator("#id_name").fill("Зимняя лига 2027")  # the page's script, the module's letters
    expect(page.locator("#id_slug")).to_have_value("zimnyaya-liga-2027")
    assert page_scroll_width(page) <= PHONE_390["width"]
    assert axe_violations(page, EVERY_IMPACT) == []
    screenshot(page, "season-wizard-phone-ru")
    context.close()
