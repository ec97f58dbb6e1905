"""Private seat links in Chromium: the organizer makes and copies a table's links (desktop),
one player enters the four scores with his link on a phone (390x844), another seat's link
confirms; Hebrew and English."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Game, ResultEvent
from league.models import Player, Registration, Round, Seat, Table
from tests.browser.conftest import page_scroll_width, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SCORES = [180, 95, -20, -255]
SAVE = {"en": "Save the scores", "he": "שמור את הניקוד"}
CONFIRM = {"en": "Confirm this result", "he": "אשר את התוצאה"}
MAKE = {"en": "Make the private links", "he": "צור את הקישורים האישיים"}


def drawn_table(season) -> Table:  # type: ignore[no-untyped-def]
    """Round 4, drawn and published: one table of four players without accounts."""
    round_ = Round.objects.create(
        season=season,
        number=4,
        date=timezone.localdate(),
        status=Round.Status.DRAWN,
        draw_method="ranking",
        drawn_at=timezone.now(),
        draw_published_at=timezone.now(),
    )
    table = Table.objects.create(round=round_, number=1)
    for seat, player in enumerate(Player.objects.order_by("name")[:4]):
        Registration.objects.create(round=round_, player=player)
        Seat.objects.create(table=table, round=round_, seat=seat, player=player)
    return table


def context(chromium, size, language):  # type: ignore[no-untyped-def]
    ctx = chromium.new_context(
        viewport=size,
        locale=language,
        extra_http_headers={"Accept-Language": language},
        device_scale_factor=1,
    )
    ctx.set_default_timeout(15_000)
    return ctx


@pytest.mark.parametrize("language", ["en", "he"])
def test_links_enter_and_confirm_a_result_without_accounts(
    live_server, chromium, make_season, language
):
    season = make_season(players=8, rounds=3)
    table = drawn_table(season)
    organizer = get_user_model().objects.create_user(username="boss", password="pw-12345!")
    season.league.organizers.add(organizer)
    clicks = 0

    desk = context(chromium, DESKTOP, language)
    page = desk.new_page()
    round_path = f"/manage/seasons/{season.slug}/rounds/4/"
    page.goto(f"{live_server.url}/accounts/login/?next={round_path}")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw-12345!")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{round_path}")
    page.get_by_role("button", name=MAKE[language]).click()
    clicks += 1
    page.wait_for_load_state()
    links = page.locator("input[id^=seat-link-]")
    assert links.count() == 4
    urls = [links.nth(i).input_value() for i in range(4)]
    chat = page.locator("textarea[id^=seat-chat-]").input_value()
    assert all(url in chat for url in urls)
    page.locator("button[data-copy^=seat-chat-]").click()  # one copy for the table's chat
    clicks += 1
    page.locator("#seat-links").scroll_into_view_if_needed()
    screenshot(page, f"seat-links-organizer-{language}")
    desk.close()

    entering = context(chromium, PHONE, language)
    page = entering.new_page()
    page.goto(urls[0])  # the player taps his link in the chat
    assert page.url.endswith(f"/tables/{table.pk}/")
    for seat, score in enumerate(SCORES):
        page.fill(f"#score-{seat}", str(score))
    assert page_scroll_width(page) <= PHONE["width"]
    screenshot(page, f"seat-link-entry-{language}")
    page.get_by_role("button", name=SAVE[language]).click()
    page.wait_for_load_state()
    assert page.get_by_role("button", name=CONFIRM[language]).count() == 0
    entering.close()

    confirming = context(chromium, PHONE, language)
    page = confirming.new_page()
    page.goto(urls[2])
    for score in SCORES:
        assert page.locator("table.result").get_by_text(str(score), exact=True).count() == 1
    page.get_by_role("button", name=CONFIRM[language]).click()
    page.wait_for_load_state()
    assert page_scroll_width(page) <= PHONE["width"]
    screenshot(page, f"seat-link-confirmed-{language}")
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED)
    response = page.goto(urls[2])
    assert response is not None and response.status == 403
    assert page.get_by_role("alert").count() == 1
    screenshot(page, f"seat-link-expired-{language}")
    confirming.close()

    game = Game.objects.get(table=table)
    assert game.status == Game.Status.CONFIRMED
    assert [r.score for r in game.results.order_by("seat")] == SCORES
    assert ResultEvent.objects.filter(via__isnull=False).count() == 2
    assert clicks == 2  # the organizer: make the links, copy the table's text
