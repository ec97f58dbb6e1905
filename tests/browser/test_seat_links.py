"""Private seat links in Chromium: the organizer sends each player his own link from the
round desk on a phone (the Web Share API, else a copy), one player enters the four scores
with his link on a phone (390x844), the same phone is refused another seat's link, the
other seat's own phone confirms; a tournament's one link follows its player to the next
stage once that draw is published. Hebrew and English."""

from __future__ import annotations

import pytest
from django.utils import timezone

from draws.actions import do_draw_round, publish_draw
from games.models import Game, ResultEvent, SeatLink
from games.seat_links import issue_links, token_for
from league.models import Player, Registration, Round, Seat, Table
from tests.browser.conftest import (
    PHONE_390,
    SCREENSHOTS,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.tournamentsupport import play, tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCORES = [180, 95, -20, -255]
SAVE = {"en": "Save the scores", "he": "שמור את הניקוד"}
CONFIRM = {"en": "Confirm this result", "he": "אשר את התוצאה"}
MAKE = {"en": "Make the private links", "he": "צור את הקישורים האישיים"}
SEND = {"en": "Send to {name}", "he": "שלח ל-{name}"}
COPY = {"en": "Copy {name}'s link", "he": "העתק את הקישור של {name}"}
ANOTHER_SEAT = {"en": "This browser has already entered or confirmed", "he": "הדפדפן הזה כבר הזין"}
NEXT_STAGE = {"en": "Stage 1 is finished", "he": "שלב 1 הסתיים"}
# The phone's share sheet, as the page sees it: every call is recorded and succeeds.
SHARE_SHEET = (
    "window.shared = []; navigator.share = (data) => (window.shared.push(data), Promise.resolve());"
)


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


@pytest.mark.parametrize("language", ["en", "he"])
def test_each_player_gets_his_own_link_and_one_phone_acts_for_one_seat(
    live_server, chromium, make_season, language
):
    season = make_season(players=8, rounds=3)
    table = drawn_table(season)
    organizer = make_account("boss")
    season.league.organizers.add(organizer)
    names = [s.player.name for s in table.seats.select_related("player").order_by("seat")]

    desk = new_phone(chromium, language, PHONE_390)
    desk.add_init_script(SHARE_SHEET)
    page = desk.new_page()
    round_path = f"/manage/seasons/{season.slug}/rounds/4/"
    log_in(page, live_server.url, "boss", round_path)
    page.get_by_role("button", name=MAKE[language]).click()
    page.wait_for_load_state()
    links = page.locator("input[id^=seat-link-]")
    assert links.count() == 4
    urls = [links.nth(i).input_value() for i in range(4)]
    for name in names:  # one button a player, sending him his own link only
        page.get_by_role("button", name=SEND[language].format(name=name), exact=True).click()
    shared = page.evaluate("window.shared")
    assert [item["url"] for item in shared] == urls
    assert all(
        name in item["text"] and "/links/" not in item["text"]
        for item, name in zip(shared, names, strict=True)
    )
    chat = page.locator("textarea[id^=seat-chat-]").input_value()
    assert "/links/" not in chat and all(name in chat for name in names)
    assert page_scroll_width(page) <= PHONE_390["width"]
    page.locator("#seat-links").scroll_into_view_if_needed()
    screenshot(page, f"seat-links-organizer-{language}")
    section = SCREENSHOTS / f"seat-links-organizer-section-{language}.png"
    page.locator("#seat-links-section").screenshot(path=str(section))
    desk.close()

    # Without JavaScript the links are in fields to select, the buttons say "Copy".
    plain = new_phone(chromium, language, PHONE_390, java_script_enabled=False)
    page = plain.new_page()
    log_in(page, live_server.url, "boss", round_path)
    assert [page.locator("input[id^=seat-link-]").nth(i).input_value() for i in range(4)] == urls
    assert page.get_by_role("button", name=COPY[language].format(name=names[0])).count() == 1
    plain.close()

    phone = new_phone(chromium, language, PHONE_390)
    page = phone.new_page()
    page.goto(urls[0])  # the player taps the link the organizer sent him
    assert page.url.endswith(f"/tables/{table.pk}/")
    for seat, score in enumerate(SCORES):
        page.fill(f"#score-{seat}", str(score))
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, f"seat-link-entry-{language}")
    page.get_by_role("button", name=SAVE[language]).click()
    page.wait_for_load_state()
    assert page.get_by_role("button", name=CONFIRM[language]).count() == 0
    response = page.goto(urls[2])  # a neighbour's link on the same phone
    assert response is not None and response.status == 403
    assert ANOTHER_SEAT[language] in page.get_by_role("alert").inner_text()
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, f"seat-link-another-seat-refused-{language}")
    phone.close()

    confirming = new_phone(chromium, language, PHONE_390)
    page = confirming.new_page()
    page.goto(urls[2])
    for score in SCORES:
        assert page.locator("table.result").get_by_text(str(score), exact=True).count() == 1
    page.get_by_role("button", name=CONFIRM[language]).click()
    page.wait_for_load_state()
    assert page_scroll_width(page) <= PHONE_390["width"]
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


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_tournament_link_opens_the_players_table_of_each_published_stage(
    live_server, chromium, language
):
    _season, rounds = tournament(players=8)
    do_draw_round(rounds[0], seed=7)
    publish_draw(rounds[0])
    issue_links(rounds[0], actor=None)
    link = SeatLink.objects.select_related("player").first()
    assert link is not None
    url = f"{live_server.url}/links/{token_for(link)}/"

    phone = new_phone(chromium, language, PHONE_390)
    page = phone.new_page()
    page.goto(url)
    stage_1 = Seat.objects.get(round=rounds[0], player=link.player).table_id
    assert page.url.endswith(f"/tables/{stage_1}/")
    play(rounds[0])
    do_draw_round(rounds[1])  # drawn, not yet published
    response = page.goto(url)
    assert response is not None and response.status == 403
    assert NEXT_STAGE[language] in page.get_by_role("alert").inner_text()
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, f"seat-link-tournament-waiting-{language}")
    publish_draw(rounds[1])
    page.goto(url)
    stage_2 = Seat.objects.get(round=rounds[1], player=link.player).table_id
    assert page.url.endswith(f"/tables/{stage_2}/")
    assert page_scroll_width(page) <= PHONE_390["width"]
    screenshot(page, f"seat-link-tournament-stage-2-{language}")
    phone.close()
