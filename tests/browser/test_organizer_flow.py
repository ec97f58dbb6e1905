"""Issue 15's "Done when", end to end in Chromium at 1280x800: a new organizer creates a
season from the whist-online-league preset with the wizard (34 rounds, one moved), opens
round 1's desk, registers players (a near duplicate is asked about, not created), closes,
adds a latecomer, draws and publishes, copies the chat text; the table enters and
confirms its result with private seat links on phones; the organizer finishes the round
and the season reads "running". Every organizer click from "New season" to the published
round-1 draw is counted (docs/organizers.md quotes the count)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games.models import Game, ResultEvent
from league.models import Player, Registration, Round, Season, Seat
from tests.browser.conftest import (
    PASSWORD,
    PHONE_390,
    league_organizer,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_csp import watch_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
SCORES = [180, 95, -20, -255]
CLICKS_TO_PUBLISHED_DRAW = 11  # docs/organizers.md quotes this count
WEEKDAY = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "he": ["יום שני", "יום שלישי", "יום רביעי", "יום חמישי", "יום שישי", "יום שבת", "יום ראשון"],
}
ENGLISH = {
    "new": "New season",
    "create": "Create the season",
    "register": "Register",
    "close": "Close registration",
    "latecomers": "Add latecomers",
    "draw": "Draw the tables",
    "publish": "Publish the draw",
    "copy": "Copy",
    "copied": "Copied",
    "links": "Make the private links",
    "save": "Save the scores",
    "confirm": "Confirm this result",
    "finish": "Finish the round (all results confirmed)",
    "run": "Run round 1",
    "all_rounds": "All rounds",
    "running": "Season status: running",
}
# The labels the Hebrew page shows, from the catalog itself (its wording may change).
PATTERNS = {
    "run": ("Run round %(number)s", {"number": 1}),
    "running": ("Season status: %(status)s", {"status": "running"}),
}


def labels_in(language: str) -> dict[str, str]:
    """The flow's labels in `language`, translated as the pages translate them."""
    with translation.override(language):
        found = {key: translation.gettext(text) for key, text in ENGLISH.items()}
        for key, (pattern, values) in PATTERNS.items():
            found[key] = translation.gettext(pattern) % {
                name: translation.gettext(value) if isinstance(value, str) else value
                for name, value in values.items()
            }
    return found


WORDS = {"en": labels_in("en"), "he": labels_in("he")}


@dataclass
class Counter:
    """Counts the organizer's clicks: every click goes through `click`."""

    page: object
    clicks: int = 0
    log: list[str] = field(default_factory=list)

    def click(self, locator, what: str) -> None:  # type: ignore[no-untyped-def]
        self.clicks += 1
        self.log.append(what)
        locator.click()
        self.page.wait_for_load_state()  # type: ignore[attr-defined]


def new_organizer() -> None:
    """An organizer who has never run a season, of a league with eight known players."""
    league_organizer()
    for name in ("Shira", "Dana", "Eli", "Noa", "Omer", "Tal", "Gil", "Rina"):
        Player.objects.create(name=name, slug=name.lower())


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_new_organizer_runs_round_1_of_a_new_season(live_server, chromium, language):
    new_organizer()
    words = WORDS[language]
    shot = f"organizer-flow-{language}"
    desk = new_phone(chromium, language, DESKTOP)
    desk.grant_permissions(["clipboard-read", "clipboard-write"])
    page = desk.new_page()
    violations = watch_violations(page)
    page.goto(f"{live_server.url}/accounts/login/")  # no next: an organizer lands on /manage/
    page.fill("#id_username", "organizer")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/manage/")
    expect(page.locator(".site-nav a[href='/manage/']")).to_have_count(1)
    screenshot(page, f"{shot}-01-manage")
    counter = Counter(page)

    # The wizard: the whist-online-league preset, a name, one date moved.
    counter.click(page.get_by_role("link", name=words["new"]), "new season")
    expect(page.locator("input[name=round-34]")).to_be_visible()
    expect(page.locator("#id_preset")).to_have_value("whist-online-league")
    expect(page.locator("#id_name")).to_be_focused()
    page.keyboard.type("Season 12")
    expect(page.locator("#id_slug")).to_have_value("season-12")
    round_5 = page.locator("input[name=round-5]")
    moved = dt.date.fromisoformat(round_5.input_value()) + dt.timedelta(days=1)
    counter.click(round_5, "round 5's date")
    round_5.fill(moved.isoformat())
    weekday = page.locator(".wizard-calendar tbody tr").nth(4).locator("td").nth(3)
    expect(weekday).to_have_text(WEEKDAY[language][moved.weekday()])  # the moved day's
    screenshot(page, f"{shot}-02-wizard")
    counter.click(page.get_by_role("button", name=words["create"]), "create")
    page.wait_for_url("**/manage/seasons/season-12/")
    screenshot(page, f"{shot}-03-season")
    season = Season.objects.get(slug="season-12")
    dates = list(season.rounds.order_by("number").values_list("date", flat=True))
    assert len(dates) == 34 and dates[4] == moved
    assert season.status == Season.Status.UPCOMING

    # Round 1's desk, open for registration now.
    counter.click(page.get_by_role("link", name=words["run"]), "round 1")
    page.wait_for_url("**/manage/seasons/season-12/rounds/1/")
    expect(page.locator("#names")).to_be_focused()
    page.keyboard.type("shirra\nDana\nEli")
    counter.click(page.get_by_role("button", name=words["register"], exact=True), "register")
    assert page.locator("fieldset.name-choice").count() == 1  # shirra: did you mean Shira?
    assert not Registration.objects.exists()
    screenshot(page, f"{shot}-04-did-you-mean")
    counter.click(page.get_by_label("Shira", exact=True), "Shira")
    counter.click(page.get_by_role("button", name=words["register"], exact=True), "register")
    assert Registration.objects.count() == 3
    assert Player.objects.count() == 8  # shirra was Shira, not a new player
    counter.click(page.get_by_role("button", name=words["close"]), "close")
    assert Round.objects.get(season=season, number=1).status == Round.Status.CLOSED

    # A latecomer after closing, then the draw, published.
    expect(page.locator("#latecomers")).to_be_focused()
    page.keyboard.type("Noa")
    counter.click(page.get_by_role("button", name=words["latecomers"]), "latecomer")
    assert Registration.objects.filter(player__name="Noa").exists()
    screenshot(page, f"{shot}-05-closed")
    counter.click(page.get_by_role("button", name=words["draw"], exact=True), "draw")
    screenshot(page, f"{shot}-06-drawn")
    counter.click(page.get_by_role("button", name=words["publish"]), "publish")
    round_1 = Round.objects.get(season=season, number=1)
    assert round_1.draw_published_at is not None
    assert counter.clicks == CLICKS_TO_PUBLISHED_DRAW, counter.log
    screenshot(page, f"{shot}-07-published")

    # The chat text, copied.
    text = page.locator("#text-1").input_value()
    page.get_by_role("button", name=words["copy"], exact=True).first.click()
    page.get_by_role("button", name=words["copied"]).wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == text
    assert "Shira" in text and "Noa" in text

    # The table's private links: make them, copy each player's own link to send him (this
    # desktop browser has no share sheet), then the table's chat text, which shows none.
    page.get_by_role("button", name=words["links"]).click()
    page.wait_for_load_state()
    links = page.locator("input[id^=seat-link-]")
    assert links.count() == 4
    urls = [links.nth(i).input_value() for i in range(4)]
    for i, url in enumerate(urls):
        button = page.locator("button[data-copy^=seat-link-]").nth(i)
        button.click()
        expect(button).to_have_text(words["copied"])
        assert page.evaluate("navigator.clipboard.readText()") == url
    chat = page.locator("button[data-copy^=seat-chat-]")
    chat.click()
    expect(chat).to_have_text(words["copied"])
    assert "/links/" not in page.evaluate("navigator.clipboard.readText()")
    screenshot(page, f"{shot}-08-links")

    # Seat 1 enters the scores on his phone, seat 3 confirms on hers.
    taps = 0
    entering = new_phone(chromium, language, PHONE_390)
    phone = entering.new_page()
    phone.goto(urls[0])
    for seat, score in enumerate(SCORES):
        phone.locator(f"#score-{seat}").click()
        taps += 1
        phone.keyboard.type(str(score))
    phone.get_by_role("button", name=words["save"]).click()
    taps += 1
    phone.wait_for_load_state()
    assert page_scroll_width(phone) <= PHONE_390["width"]
    screenshot(phone, f"{shot}-09-entered")
    entering.close()
    confirming = new_phone(chromium, language, PHONE_390)
    phone = confirming.new_page()
    phone.goto(urls[2])
    phone.get_by_role("button", name=words["confirm"]).click()
    taps += 1
    phone.wait_for_load_state()
    screenshot(phone, f"{shot}-10-confirmed")
    confirming.close()
    game = Game.objects.get(table__round=round_1)
    assert game.status == Game.Status.CONFIRMED
    assert [r.score for r in game.results.order_by("seat")] == SCORES
    assert ResultEvent.objects.filter(via__isnull=False).count() == 2
    assert taps == 6  # docs/organizers.md: four scores and save, then one confirm

    # The organizer finishes the round; the season is running.
    page.reload()
    page.get_by_role("button", name=words["finish"]).click()
    page.wait_for_load_state()
    screenshot(page, f"{shot}-11-finished")
    assert Round.objects.get(pk=round_1.pk).status == Round.Status.FINISHED
    expect(page.locator("input[id^=seat-link-]")).to_have_count(0)  # expired: not offered
    first = Seat.objects.get(round=round_1, seat=0).player.name
    # The results text; a name of the other direction sits between Unicode isolates.
    results_line = re.compile(f"\u2068?{re.escape(first)}\u2069? 180")
    expect(page.locator("#text-2")).to_contain_text(results_line)
    page.get_by_role("link", name=words["all_rounds"]).click()
    page.wait_for_load_state()
    expect(page.locator(".season-status")).to_contain_text(words["running"])
    screenshot(page, f"{shot}-12-running")
    assert Season.objects.get(pk=season.pk).status == Season.Status.RUNNING
    assert violations == []
    desk.close()
