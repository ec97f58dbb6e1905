"""Every button of the season wizard, pressed in Chromium for every preset in Hebrew (a phone,
390x844) and English (a desktop, 1280x800): "Create the season" with a preset picked but not
used, "Use this preset", a "Skip" toggle and "Update the calendar" (or "Check"), "Create"
after the start date changed (or without the end date), and "Create" again. No answer is a
5xx, every refusal says why at the top and beside the field in the page's language, and the
season is made with the chosen preset's rounds."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from core.audit import record_audit
from desk.views import season_wizard as wizard
from league.models import League, Season
from league.preset_names import LEAGUE_PRESET_NAMES
from league.rules import PRESETS
from tests.browser.conftest import (
    PHONE_390,
    SCREENSHOTS,
    league_organizer,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_csp import watch_violations
from tests.browser.test_season_wizard import DESKTOP, signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"en": DESKTOP, "he": PHONE_390}


def words(language: str, text: object, **values: object) -> str:
    """`text` (a msgid or a lazy sentence) in `language`, with `values` filled in."""
    with translation.override(language):
        said = gettext(text) if isinstance(text, str) else str(text)
        return said % values if values else said


def setup_leagues() -> League:
    """The organizer runs the Whist Online League and the rated league, which comes first by
    name; his latest action was in the Whist Online League."""
    league_organizer()
    user = League.objects.get().organizers.get()
    own = League.objects.get()
    rated = League.objects.create(name="1200+ League", slug="rated")
    rated.organizers.add(user)
    record_audit(user, rated.pk, "register", "an older action")
    record_audit(user, own.pk, "register", "the latest action")
    return own


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_button_of_the_wizard_answers_and_says_why(live_server, chromium, preset, language):
    league = setup_leagues()
    context, page = signed_in(chromium, live_server.url, VIEWPORTS[language], language)
    violations = watch_violations(page)
    failures: list[str] = []
    page.on(
        "response",
        lambda response: (
            failures.append(f"{response.status} {response.url}") if response.status >= 500 else None
        ),
    )
    kind = PRESETS[preset]["kind"]
    preset_name = words(language, LEAGUE_PRESET_NAMES[preset])  # as the menu and messages say
    rounds = PRESETS[preset]["rounds_in_season"]
    button = {
        name: page.get_by_role("button", name=words(language, name), exact=True)
        for name in ("Use this preset", "Create the season", "Update the calendar", "Check")
    }
    page.goto(f"{live_server.url}/manage/new-season/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#id_league")).to_have_value(str(league.pk))  # his latest action's

    # "Create" with a preset picked but not used: its rules and calendar instead, and why
    page.select_option("#id_preset", preset)
    button["Create the season"].click()
    page.wait_for_load_state()
    if preset == wizard.DEFAULT_PRESET:  # the same preset: refused for the missing name
        expect(page.locator("ul.messages")).to_contain_text(words(language, wizard.NOT_CREATED))
        expect(page.locator(".wizard-field:has(#id_name) .errorlist")).to_be_visible()
    else:
        said = words(language, wizard.NOT_CREATED_PRESET, preset=preset_name)
        expect(page.locator("ul.messages")).to_contain_text(said)
        beside = page.locator(".wizard-field:has(#id_preset) .errorlist")
        expect(beside).to_have_text(words(language, wizard.PRESET_FOLLOWED))
    expect(page.locator("#id_preset")).to_have_value(preset)
    screenshot(page, f"season-wizard-buttons-{preset}-refused-{language}")

    # "Use this preset": the rules and the calendar follow it
    button["Use this preset"].click()
    page.wait_for_load_state()
    expect(page.locator("ul.messages")).to_contain_text(
        words(language, wizard.PRESET_USED, preset=preset_name)
    )
    expect(page.locator("#id_rounds_in_season")).to_have_value(str(rounds or ""))
    dates = page.locator(".wizard-calendar input[type=date]")
    expect(dates).to_have_count(rounds if kind != "rated" else 0)
    page.fill("#id_name", f"Season {preset}")
    slug = f"season-{preset}"
    expect(page.locator("#id_slug")).to_have_value(slug)

    # a "Skip" toggle (a league's), then "Update the calendar" ("Check" in open play)
    if kind == "rounds":
        first = page.locator("input[name=round-1]").input_value()
        page.locator("input[name=skip-1]").check()
    if kind == "tournament":
        expect(page.locator("input[name=skip-1]")).to_have_count(0)  # one evening: moved only
    button["Check" if kind == "rated" else "Update the calendar"].click()
    page.wait_for_load_state()
    if kind == "rounds":
        expect(page.locator("input[name=round-1]")).not_to_have_value(first)
        expect(page.locator(".wizard-calendar input[type=date]")).to_have_count(rounds)
    expect(page.locator("ul.errorlist")).to_have_count(0)

    # "Create" after the start date changed (open play: without its end date): refused, why
    start = dt.date.fromisoformat(page.locator("#id_start").input_value()) + dt.timedelta(7)
    page.fill("#id_start", start.isoformat())
    button["Create the season"].click()
    page.wait_for_load_state()
    if kind == "rated":
        expect(page.locator("ul.messages")).to_contain_text(words(language, wizard.NOT_CREATED))
        beside = page.locator(".wizard-field:has(#id_end) .errorlist")
        expect(beside).to_have_text(words(language, "An open-play season needs its end date."))
        page.fill("#id_end", (start + dt.timedelta(180)).isoformat())
    else:
        why = words(language, wizard.CALENDAR_CHANGES["start"])
        expect(page.locator("ul.messages")).to_contain_text(
            words(language, wizard.NOT_CREATED_CHANGED, why=why)
        )
        expect(page.locator(".wizard-field:has(#id_start) .errorlist")).to_have_text(why)
        # the calendar made again from the new start (a round day, a week after the first)
        expect(page.locator("input[name=round-1]")).to_have_value(start.isoformat())
    assert page_scroll_width(page) <= VIEWPORTS[language]["width"]
    screenshot(page, f"season-wizard-buttons-{preset}-changed-{language}")

    # "Create" again: the season and its rounds
    button["Create the season"].click()
    page.wait_for_url(f"**/manage/seasons/{slug}/")
    season = Season.objects.get(slug=slug)
    assert (season.rules_preset, season.league_id) == (preset, league.pk)
    assert season.rounds.count() == (rounds if kind != "rated" else 0)
    assert season.start == start
    assert failures == [] and violations == []
    context.close()


@pytest.mark.parametrize(("language", "viewport"), [("en", PHONE_390), ("he", DESKTOP)])
def test_refused_round_dates_are_named_beside_their_rows(live_server, chromium, language, viewport):
    setup_leagues()
    context, page = signed_in(chromium, live_server.url, viewport, language)
    page.goto(f"{live_server.url}/manage/new-season/")
    page.fill("#id_name", "Season 11")
    page.fill("input[name=round-4]", page.locator("input[name=round-2]").input_value())
    page.fill("input[name=round-6]", "9999-12-31")
    page.get_by_role("button", name=words(language, "Create the season"), exact=True).click()
    page.wait_for_load_state()
    expect(page.locator("ul.messages")).to_have_text(words(language, wizard.NOT_CREATED))
    expect(page.locator("input[name=round-4]")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#round-4-errors")).to_be_visible()
    expect(page.locator("#round-6-errors")).to_contain_text(
        words(language, "The date of round %(number)s", number=6)
    )
    assert page_scroll_width(page) <= viewport["width"]
    page.locator("#round-4-errors").scroll_into_view_if_needed()
    screenshot(page, f"season-wizard-round-errors-{language}-{viewport['width']}")
    page.screenshot(path=str(SCREENSHOTS / f"season-wizard-round-errors-{language}-view.png"))
    assert not Season.objects.exists()
    context.close()
