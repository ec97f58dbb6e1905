"""The season wizard (/manage/new-season/): every rule as a field prefilled from the preset,
the generated calendar with a moved and a skipped date, one message per bad field, all or
nothing, and only for organizers."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from core.models import AuditEntry
from league.models import Round, Season
from league.rules import LeagueRules
from league.rules_form import RULE_FIELDS, schema_paths
from tests.roundsupport import make_organizer, make_season, make_user

pytestmark = pytest.mark.django_db

URL = "/manage/new-season/"
START = dt.date(2027, 1, 3)  # a Sunday


@pytest.fixture
def organizer():
    season = make_season()
    return make_organizer(season)


def form_data(page_context) -> dict:
    """What the browser would send back: every field's shown value."""
    data: dict = {}
    for form in (page_context["season_form"], page_context["rules_form"]):
        for field in form:
            value = field.value()
            if value is None:
                value = ""
            elif isinstance(value, dt.time):
                value = value.strftime("%H:%M")
            elif isinstance(value, dt.date):
                value = value.isoformat()
            data[field.html_name] = value
    calendar = page_context["calendar"]
    if calendar is not None:
        data["basis"] = calendar.basis
        data["skipped"] = calendar.skipped_value
        for row in calendar.rows:
            data[f"round-{row.number}"] = row.date.isoformat()
    return data


def wizard(client, **changes):
    """The wizard's first page with `changes` applied and its calendar for START."""
    page = client.get(URL)
    data = form_data(page.context)
    data.update(start=START.isoformat(), name="Season 11", league=data["league"])
    data.update(changes)
    preview = client.post(URL, {**data, "action": "preview"})
    return form_data(preview.context), preview


def test_every_rule_of_the_schema_has_a_field():
    assert {spec.path for spec in RULE_FIELDS} == schema_paths()


def test_get_shows_the_preset_rules_as_labelled_fields_and_a_calendar(client, organizer):
    client.force_login(organizer)
    page = client.get(URL)
    assert page.status_code == 200
    html = page.content.decode()
    for label in (
        "Placement points, 1st to 4th",
        "Minimum games",
        "Places 1-3 need",
        "Random draw on",
        "Players left over after the last full table",
    ):
        assert label in html
    rules = page.context["rules_form"]
    assert rules["placement_points"].value() == "6, 3, 1, 0"
    assert rules["podium_windows"].value() == "8:4, 2:1"
    assert rules["min_games"].value() == 17
    assert len(page.context["calendar"].rows) == 34
    assert 'name="round-34"' in html


def test_index_links_the_wizard_and_the_admin_for_staff(client, organizer):
    organizer.is_staff = True
    organizer.save()
    client.force_login(organizer)
    html = client.get(reverse("manage:index")).content.decode()
    assert URL in html and reverse("admin:index") in html


def test_calendar_is_34_rounds_on_sundays_and_wednesdays_with_league_times(client, organizer):
    client.force_login(organizer)
    _data, page = wizard(client)
    rows = page.context["calendar"].rows
    assert len(rows) == 34
    assert rows[0].date == START and rows[1].date == dt.date(2027, 1, 6)
    assert {row.date.weekday() for row in rows} == {6, 2}
    assert (rows[0].deadline, rows[0].draw_publish, rows[0].results_publish) == (
        dt.time(20, 0),
        dt.time(20, 15),
        dt.time(23, 30),
    )
    assert rows[0].draw_method == "random" and rows[1].draw_method == "by ranking"


def test_saving_creates_the_season_and_34_rounds_with_a_moved_and_a_skipped_date(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    # skip round 3's date (a holiday): the calendar moves on and shows it again
    skipped = data["round-3"]
    shown = client.post(URL, {**data, "skip-3": "1", "action": "save"})
    assert shown.status_code == 200 and not Season.objects.filter(slug="season-11").exists()
    data = form_data(shown.context)
    assert skipped not in [v for k, v in data.items() if k.startswith("round-")]
    data["round-5"] = "2027-01-19"  # round 5 moved from Sunday 17th to Tuesday 19th
    response = client.post(URL, {**data, "action": "save"})
    assert response.status_code == 302
    season = Season.objects.get(slug="season-11")
    assert response["Location"] == reverse("manage:season", args=[season.slug])
    dates = list(season.rounds.order_by("number").values_list("date", flat=True))
    assert len(dates) == 34
    assert dt.date.fromisoformat(skipped) not in dates
    assert dates[4] == dt.date(2027, 1, 19)
    assert season.start == START and season.end == dates[-1]
    assert season.status == Season.Status.UPCOMING and season.rules_preset == "whist-online-league"
    assert LeagueRules.from_dict(season.rules) == LeagueRules.from_preset("whist-online-league")
    assert set(season.rounds.values_list("status", flat=True)) == {Round.Status.OPEN}
    assert AuditEntry.objects.filter(action="create_season").count() == 1


def test_a_changed_rule_is_stored_with_the_season(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client, min_games="12", placement_points="7, 3, 1, 0")
    assert client.post(URL, {**data, "action": "save"}).status_code == 302
    rules = LeagueRules.from_dict(Season.objects.get(slug="season-11").rules)
    assert (rules.min_games, rules.placement_points) == (12, (7, 3, 1, 0))


def test_bad_values_get_a_message_per_field_and_nothing_is_written(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    data.update(
        min_games="-3",
        placement_points="6, 3, x",
        drops__at="20, 10",
        deals_per_game="99",
        podium_windows="40:4",
    )
    page = client.post(URL, {**data, "action": "save"})
    assert page.status_code == 200
    errors = page.context["rules_form"].errors
    assert errors["min_games"] == ["must be at least 0, not -3"]
    assert "'x'" in errors["placement_points"][0]
    assert errors["drops__at"] == ["must be increasing game counts"]
    assert errors["deals_per_game"] == ["must be at most 52, not 99"]
    assert errors["podium_windows"] == ["is more than the rounds in the season"]
    assert not Season.objects.filter(slug="season-11").exists()
    assert not Round.objects.filter(season__slug="season-11").exists()


def test_the_rules_messages_speak_the_pages_language(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    data.update(min_games="-3", drops__at="20, 10", podium_windows="40:4")
    page = client.post(URL, {**data, "action": "save"}, HTTP_ACCEPT_LANGUAGE="he")
    errors = page.context["rules_form"].errors
    assert errors["min_games"] == ["צריך להיות לפחות \u200e0, לא \u200e-3"]
    assert errors["drops__at"] == ["מספרי המשחקים צריכים לעלות מאחד לבא אחריו"]
    assert errors["podium_windows"] == ["גדול ממספר המחזורים בעונה"]
    assert not Season.objects.filter(slug="season-11").exists()


def test_a_bad_value_keeps_the_moved_dates_on_the_page(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    data.update(min_games="-3")
    data["round-5"] = "2027-01-19"
    page = client.post(URL, {**data, "action": "save"})
    assert page.context["rules_form"].errors["min_games"]
    assert page.context["calendar"].dates[4] == dt.date(2027, 1, 19)
    assert not Season.objects.filter(slug="season-11").exists()


def test_a_round_moved_before_the_previous_one_is_refused_naming_it(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    data["round-4"] = "2027-01-01"
    page = client.post(URL, {**data, "action": "save"})
    assert page.status_code == 200
    assert "Round 4 (1 Jan 2027) must come after round 3 (10 Jan 2027)" in page.content.decode()
    assert not Season.objects.filter(slug="season-11").exists()


def test_slug_is_filled_from_the_name_and_must_be_new(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client, slug="")
    assert client.post(URL, {**data, "action": "save"}).status_code == 302
    assert Season.objects.filter(slug="season-11").exists()
    data, _ = wizard(client, slug="season-11")
    page = client.post(URL, {**data, "action": "save"})
    assert "There is already a season with the address season-11." in page.content.decode()


def test_a_non_organizer_is_refused(client):
    make_season()
    client.force_login(make_user())
    assert client.get(URL).status_code == 403
    assert client.post(URL, {"action": "save"}).status_code == 403


def test_an_organizer_cannot_create_a_season_in_another_league(client, organizer):
    other = make_season(slug="other-1", league_name="Other League")
    client.force_login(organizer)
    data, _ = wizard(client)
    page = client.post(URL, {**data, "league": other.league_id, "action": "save"})
    assert page.status_code == 200 and "league" in page.context["season_form"].errors
    assert not Season.objects.filter(slug="season-11").exists()


def test_switching_the_preset_prefills_its_rules(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    page = client.post(URL, {**data, "preset": "whist-online-1200", "action": "preset"})
    assert page.context["rules_form"]["placement_points"].value() == "7, 3, 1, 0"
    assert page.context["season_form"]["name"].value() == "Season 11"


def test_saving_takes_a_fixed_number_of_queries(client, organizer, django_assert_num_queries):
    """User (the session comes from the cache), league choice, slug check, leagues, the
    organizer check, the season, its 34 rounds in one insert, the audit entry (with the
    transaction's savepoints)."""
    client.force_login(organizer)
    data, _ = wizard(client)
    with django_assert_num_queries(10):
        assert client.post(URL, {**data, "action": "save"}).status_code == 302


def test_an_open_play_season_needs_its_end_date_and_has_no_rounds(client, organizer):
    client.force_login(organizer)
    page = client.get(URL, {"preset": "whist-online-1200"})
    assert page.context["calendar"] is None
    data = form_data(page.context)
    data.update(name="Open 2027", start="2027-01-01")
    refused = client.post(URL, {**data, "action": "save"})
    assert "An open-play season needs its end date." in refused.content.decode()
    response = client.post(URL, {**data, "end": "2027-06-30", "action": "save"})
    assert response.status_code == 302
    season = Season.objects.get(slug="open-2027")
    assert (season.rules_preset, season.end, season.rounds.count()) == (
        "whist-online-1200",
        dt.date(2027, 6, 30),
        0,
    )


def test_the_wizard_page_takes_a_fixed_number_of_queries(
    client, organizer, django_assert_num_queries
):
    client.force_login(organizer)
    with django_assert_num_queries(5):  # the session comes from the cache
        assert client.get(URL).status_code == 200
