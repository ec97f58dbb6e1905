"""Issue 15 items 2 and 3 in a real browser, at desktop (1280x800) and phone (390x844)
size, in English and Hebrew: the organizer runs a round from its desk page: registers
players (a near duplicate is asked about, not created), closes, adds a latecomer, draws,
publishes, swaps within table groups, copies the chat text and opens the print view."""

from __future__ import annotations

import pytest

from league.models import Player, Registration, Seat
from tests.browser.conftest import log_in, make_account, new_phone, page_scroll_width, screenshot
from tests.roundsupport import make_round, make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
WORDS = {
    "en": {
        "register": "Register",
        "close": "Close registration",
        "latecomers": "Add latecomers",
        "draw": "Draw the tables",
        "publish": "Publish the draw",
        "swap": "Swap",
        "copy": "Copy",
        "copied": "Copied",
        "print": "Print or projector view of the draw",
    },
    "he": {
        "register": "הרשמה",
        "close": "סגור את ההרשמה",
        "latecomers": "הוספת מאחרים",
        "draw": "הגרל את השולחנות",
        "publish": "פרסם את הגרלת השולחנות",
        "swap": "החלף",
        "copy": "העתק",
        "copied": "הועתק",
        "print": "הגרלת השולחנות להדפסה או למקרן",
    },
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_organizer_runs_a_round_from_the_desk(live_server, chromium, size, language):
    season = make_season()
    round_ = make_round(season)
    for name in ("Shira", "Dana", "Eli", "Noa", "Omer", "Tal", "Gil", "Rina"):
        Player.objects.create(name=name, slug=name.lower())
    organizer = make_account("organizer")
    season.league.organizers.add(organizer)
    words = WORDS[language]
    context = new_phone(chromium, language, SIZES[size])
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    desk = f"/manage/seasons/{season.slug}/rounds/{round_.number}/"
    log_in(page, live_server.url, "organizer", desk)
    clicks = 0

    def click(locator):  # type: ignore[no-untyped-def]
        nonlocal clicks
        clicks += 1
        locator.click()
        page.wait_for_load_state()

    page.fill("#names", "shirra\nDana\nEli\nNoa\nOmer\nTal\nGil\nNewcomer")
    click(page.get_by_role("button", name=words["register"], exact=True))
    assert page.locator("fieldset.name-choice").count() == 2  # shirra and Newcomer
    assert Player.objects.count() == 8 and not Registration.objects.exists()
    screenshot(page, f"desk-confirm-{size}-{language}")
    click(page.get_by_label("Shira", exact=True))
    click(page.get_by_role("button", name=words["register"], exact=True))
    assert Registration.objects.count() == 8 and Player.objects.count() == 9
    assert not Player.objects.filter(name="shirra").exists()

    click(page.get_by_role("button", name=words["close"]))
    page.fill("#latecomers", "Rina")
    click(page.get_by_role("button", name=words["latecomers"]))
    assert Registration.objects.filter(player__name="Rina").exists()

    click(page.get_by_role("button", name=words["draw"], exact=True))
    click(page.get_by_role("button", name=words["publish"]))
    assert page.locator("#text-1").count() == 1  # the draw text, published with the draw

    first_group = page.locator("#first optgroup").first
    assert first_group.locator("option").count() == 4
    assert page.locator("#first optgroup").count() == 3  # two tables and the reserves
    reserve = page.locator("#first optgroup").last.locator("option").first.inner_text()
    seated = first_group.locator("option").first.inner_text()
    page.select_option("#first", label=reserve)
    page.select_option("#second", label=seated)
    page.fill("#swap-reason", "late arrival")
    click(page.get_by_role("button", name=words["swap"], exact=True))
    assert Seat.objects.filter(player__name=reserve).exists()

    text = page.locator("#text-1").input_value()
    click(page.get_by_role("button", name=words["copy"], exact=True).first)
    page.get_by_role("button", name=words["copied"]).wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == text
    assert "late arrival" in text and round_.date.isoformat() not in text
    assert page_scroll_width(page) <= SIZES[size]["width"]
    screenshot(page, f"desk-{size}-{language}")

    click(page.get_by_role("link", name=words["print"]))
    assert page.locator(".print-tables > li").count() == 2
    screenshot(page, f"desk-print-{size}-{language}")
    assert clicks == 10, clicks  # typed names to the print view, see docs/organizers.md
    context.close()
