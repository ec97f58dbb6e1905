"""Issue 31 item 1: the season wizard knows the holidays. A September 2026 - June 2027
Sunday/Wednesday season skips the evenings on which a holiday of the league's list begins
(Erev Yom Kippur, Seder night) and names them; the organizer can play on one after all."""

from __future__ import annotations

import datetime as dt

import pytest

from league.holidays import HOLIDAYS
from league.models import League, Round, Season
from tests.desk.test_season_wizard import URL, form_data
from tests.roundsupport import make_organizer, make_season

pytestmark = pytest.mark.django_db

START = dt.date(2026, 9, 6)  # a Sunday
KOL_NIDRE = dt.date(2026, 9, 20)  # Sunday
SEDER = dt.date(2027, 4, 21)  # Wednesday
ROUNDS = "76"  # Sundays and Wednesdays until June 2027


@pytest.fixture
def organizer():
    return make_organizer(make_season())


def calendar_page(client, language: str = "en", **changes):  # type: ignore[no-untyped-def]
    data = form_data(client.get(URL, HTTP_ACCEPT_LANGUAGE=language).context)
    data.update(start=START.isoformat(), name="Season 2026-27", rounds_in_season=ROUNDS)
    data.update(changes)
    page = client.post(URL, {**data, "action": "preview"}, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    return page


def round_dates(page) -> list[dt.date]:  # type: ignore[no-untyped-def]
    return list(page.context["calendar"].dates)


def test_the_wizard_skips_erev_yom_kippur_and_seder_night_and_names_them(client, organizer):
    client.force_login(organizer)
    page = calendar_page(client)
    dates = round_dates(page)
    assert len(dates) == int(ROUNDS) and dates[-1] <= dt.date(2027, 6, 30)
    assert KOL_NIDRE not in dates and SEDER not in dates
    skipped = dict(page.context["calendar"].skipped_days)
    assert skipped[KOL_NIDRE] == "Eve of Yom Kippur"
    assert skipped[SEDER] == "Eve of Pesach (Seder night)"
    html = page.content.decode()
    assert 'name="skip-date" value="2026-09-20" checked' in html
    assert "Eve of Yom Kippur" in html and "Eve of Pesach (Seder night)" in html


def test_the_wizard_names_the_holidays_in_hebrew(client, organizer):
    client.force_login(organizer)
    html = calendar_page(client, "he").content.decode()
    assert "ערב יום כיפור" in html and "ערב פסח (ליל הסדר)" in html


def test_unticking_a_skipped_holiday_plays_on_it_and_names_it_beside_the_round(client, organizer):
    client.force_login(organizer)
    data = form_data(calendar_page(client).context)
    data["slug"] = "season-2026-27"
    ticked = [day for day in data["skipped"].split(",") if day != KOL_NIDRE.isoformat()]
    again = client.post(URL, {**data, "skips-shown": "1", "skip-date": ticked, "action": "save"})
    assert again.status_code == 200  # the calendar changed: shown again, not created yet
    calendar = again.context["calendar"]
    assert KOL_NIDRE in calendar.dates and SEDER not in calendar.dates
    assert "A skipped date is played again" in " ".join(str(n) for n in calendar.notes)
    row = next(row for row in calendar.rows if row.date == KOL_NIDRE)
    assert row.holiday == "Eve of Yom Kippur"
    assert "Eve of Yom Kippur" in again.content.decode()
    # the organizer's choice stays: saving again creates the round on that evening
    data = {**form_data(again.context), "played": calendar.played_value, "action": "save"}
    assert client.post(URL, data).status_code == 302
    season = Season.objects.get(slug="season-2026-27")
    assert Round.objects.filter(season=season, date=KOL_NIDRE).exists()
    assert not Round.objects.filter(season=season, date=SEDER).exists()


def test_a_league_that_plays_on_holidays_gets_every_evening(client, organizer):
    League.objects.update(skipped_holidays=[])
    client.force_login(organizer)
    dates = round_dates(calendar_page(client))
    assert KOL_NIDRE in dates and SEDER in dates


def test_the_created_season_has_no_round_on_a_skipped_holiday_and_its_rules_page_lists_them(
    client, organizer
):
    client.force_login(organizer)
    data = form_data(calendar_page(client).context)
    data["slug"] = "season-2026-27"
    response = client.post(URL, {**data, "action": "save"})
    assert response.status_code == 302, response.content.decode()[:2000]
    season = Season.objects.get(slug="season-2026-27")
    dates = set(Round.objects.filter(season=season).values_list("date", flat=True))
    assert KOL_NIDRE not in dates and SEDER not in dates
    rules = client.get(f"/seasons/{season.slug}/rules/").content.decode()
    assert "Holiday evenings without a round" in rules
    assert "Eve of Yom Kippur" in rules and "Eve of Pesach (Seder night)" in rules


def test_the_league_admin_offers_a_box_per_holiday_and_saves_the_list(admin_client):
    league = League.objects.create(name="Sunday League", slug="sunday-league")
    assert league.skipped_holidays == list(HOLIDAYS)  # the default: the whole list
    url = f"/admin/league/league/{league.pk}/change/"
    page = admin_client.get(url).content.decode()
    assert page.count('name="skipped_holidays"') == len(HOLIDAYS)
    form = {
        "name": league.name,
        "slug": league.slug,
        "timezone": league.timezone,
        "skipped_holidays": ["yom_kippur", "pesach"],
        "seasons-TOTAL_FORMS": "0",
        "seasons-INITIAL_FORMS": "0",
        "_save": "Save",
    }
    response = admin_client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:3000]
    league.refresh_from_db()
    assert league.skipped_holidays == ["yom_kippur", "pesach"]
