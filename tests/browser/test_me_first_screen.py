"""/me/ on a 390x844 phone in Hebrew and English (issue 27 items 6, 7): a player who signs
in lands on it, and a result waiting for his confirmation is in the first screen, above
his place and the registrations."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from games.actions import submit_result
from league.models import Round
from tests.browser.conftest import (
    PASSWORD,
    PHONE_390,
    log_in,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_result_entry import seat_players_with_accounts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAITING = {"en": "A result waits for your confirmation", "he": "תוצאה ממתינה לאישור שלך"}


@pytest.mark.parametrize("language", ["he", "en"])
def test_me_shows_a_waiting_confirmation_in_the_first_screen_after_signing_in(
    live_server, chromium, make_season, language
):
    season = make_season(players=8, rounds=3, status="running")
    table, _players = seat_players_with_accounts(season)
    submit_result(
        table, actor=get_user_model().objects.get(username="user1"), scores=[180, 95, -20, -110]
    )
    for number in range(5, 15):  # ten rounds open for registration
        Round.objects.create(
            season=season, number=number, date=dt.date(2099, 1, 4) + dt.timedelta(days=number)
        )
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "user0")
        page.fill("#id_password", PASSWORD)
        page.locator("main form button[type=submit]").click()
        page.wait_for_url("**/me/")  # a player lands on his own page
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"me-waiting-{language}-390")

        assert page_scroll_width(page) <= PHONE_390["width"]
        heading = page.locator(".waiting h2")
        assert heading.inner_text() == WAITING[language]
        button = page.locator(".waiting a.button")
        assert button.get_attribute("href") == f"/tables/{table.pk}/"
        box = button.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE_390["height"]  # first screen
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"]
        assert box["y"] < page.locator(".my-place").bounding_box()["y"]
        assert box["y"] < page.locator(".round-list").bounding_box()["y"]
    finally:
        context.close()


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_league_table_shows_my_place_on_a_phone(live_server, chromium, make_season, language):
    season = make_season(players=8, rounds=3, status="running")
    seat_players_with_accounts(season)  # user0..user3 are four of its players
    Round.objects.create(season=season, number=5, date=dt.date(2099, 1, 8))
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    try:
        log_in(page, live_server.url, "user0", f"/seasons/{season.slug}/")
        screenshot(page, f"season-my-place-{language}-390")
        assert page_scroll_width(page) <= PHONE_390["width"]
        place = page.locator(".my-place")
        assert place.count() == 1 and place.locator("li").count() >= 2
        box = place.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"]
        assert page.locator(".coming-rounds li").count() == 2  # tonight's round 4 and round 5
        assert page.locator(".last-results li").count() == 2  # the last round's two tables
    finally:
        context.close()
