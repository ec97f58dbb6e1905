"""The season wizard (/manage/new-season/): every rule as a field prefilled from the preset,
the generated calendar with a moved and a skipped date, one message per bad field, all or
nothing, and only for organizers."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core.audit import record_audit
from core.models import AuditEntry
from league.models import League, Round, Season
from league.preset_names import league_preset_name
from league.rules import PRESETS, LeagueRules
from league.rules.fields import FIELDS
from league.rules.form import RULE_FIELDS, field_name
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
    data["rules_preset"] = page_context["rules_form"].preset  # the page's hidden field
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
    # The version and the kind of league come with the preset; every other rule is edited.
    assert {spec.path for spec in RULE_FIELDS} == {spec.path for spec in FIELDS} - {
        "version",
        "kind",
    }


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


def test_a_hebrew_name_gets_a_latin_slug_and_the_page_carries_its_letters(client, organizer):
    client.force_login(organizer)
    page = client.get(URL)
    assert 'id="latin-letters"' in page.content.decode()  # the script's table, the module's
    assert page.context["latin_letters"]["ח"] == "ch"
    data, _ = wizard(client, name="ליגת חורף 2027", slug="")
    assert client.post(URL, {**data, "action": "save"}).status_code == 302
    assert Season.objects.get(name="ליגת חורף 2027").slug == "ligt-chorf-2027"


def test_a_russian_name_gets_a_latin_slug_from_the_same_letters(client, organizer):
    client.force_login(organizer)
    assert client.get(URL).context["latin_letters"]["ж"] == "zh"  # the script's table too
    data, _ = wizard(client, name="Зимняя лига 2027", slug="")
    assert client.post(URL, {**data, "action": "save"}).status_code == 302
    assert Season.objects.get(name="Зимняя лига 2027").slug == "zimnyaya-liga-2027"


def test_the_date_fields_keep_the_iso_date_in_russian(client, organizer):
    """<input type="date"> reads only 2026-09-06: Russian's input format (06.09.2026) would
    leave the start date empty in the browser."""
    client.force_login(organizer)
    page = client.get(URL, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'lang="ru"' in page
    start = re.search(r'<input type="date" name="start" value="([^"]*)"', page)
    assert start is not None and re.fullmatch(r"\d{4}-\d{2}-\d{2}", start.group(1)), start


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
    """User (the session comes from the cache), league choice, slug check, the league's
    season names, leagues, the organizer check, the season, its 34 rounds in one insert, the
    audit entry, the pages' versions of the season and the site (web.versions; with the
    transaction's savepoints)."""
    client.force_login(organizer)
    data, _ = wizard(client)
    with django_assert_num_queries(13):
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


def top_messages(page) -> list[str]:
    """The sentences shown at the top of the page."""
    return [str(message) for message in page.context["messages"]]


NOT_CREATED = {
    "en": "The season was not created: fix the values marked below.",
    "he": "העונה לא נוצרה: יש לתקן את הערכים המסומנים למטה.",
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_use_this_preset_shows_the_presets_rules_and_calendar(client, organizer, preset, language):
    client.force_login(organizer)
    data, _ = wizard(client)
    data.update(preset=preset, action="preset")
    page = client.post(URL, data, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    rules = page.context["rules_form"]
    assert rules.preset == preset and not rules.is_bound
    rounds = PRESETS[preset]["rounds_in_season"]
    assert rules["rounds_in_season"].value() == rounds
    calendar = page.context["calendar"]
    assert (len(calendar.rows) if calendar else None) == (
        rounds if PRESETS[preset]["kind"] != "rated" else None
    )
    season = page.context["season_form"]
    assert season["name"].value() == "Season 11"
    assert season.initial["league"] == organizer.organized_leagues.get()
    with translation.override(language):
        assert league_preset_name(preset) in top_messages(page)[0]
    assert preset not in top_messages(page)[0]


@pytest.mark.parametrize("language", ["en", "he"])
def test_create_with_a_preset_picked_but_not_used_shows_its_rules_and_says_why(
    client, organizer, language
):
    client.force_login(organizer)
    data, _ = wizard(client)
    data.update(preset="evening-tournament", action="save")  # the rules are still the league's
    page = client.post(URL, data, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200 and not Season.objects.filter(slug="season-11").exists()
    assert page.context["rules_form"]["rounds_in_season"].value() == 5
    assert len(page.context["calendar"].rows) == 5
    top = {
        "en": "The season was not created: the rules and the calendar below are now those of "
        "the preset Evening tournament (4 stages). Check them and press "
        "“Create the season” again.",
        "he": "העונה לא נוצרה: החוקים ולוח המחזורים שלמטה הם עכשיו של התבנית "
        "טורניר ערב (4 שלבים). יש לבדוק אותם וללחוץ שוב על „יצירת העונה”.",
    }[language]
    assert top_messages(page) == [top]
    beside = {
        "en": "The rules and the calendar below follow this preset now.",
        "he": "החוקים ולוח המחזורים שלמטה לפי התבנית הזו עכשיו.",
    }[language]
    assert page.context["preset_note"] == beside and beside in page.content.decode()
    again = client.post(URL, {**form_data(page.context), "action": "save"})
    assert again.status_code == 302
    season = Season.objects.get(slug="season-11")
    assert (season.rules_preset, season.rounds.count()) == ("evening-tournament", 5)


def test_the_league_menu_starts_on_the_league_of_the_organizers_latest_action(client, organizer):
    own = organizer.organized_leagues.get()
    rated = make_season(slug="rated-1", league_name="1200+ League").league  # first by name
    rated.organizers.add(organizer)
    record_audit(organizer, rated.pk, "register", "an older action in the rated league")
    record_audit(organizer, own.pk, "register", "the latest action")
    client.force_login(organizer)
    assert client.get(URL).context["season_form"].initial["league"] == own


def test_the_league_menu_of_an_organizer_who_never_acted_starts_on_his_latest_season(client):
    rated = make_season(slug="rated-1", league_name="1200+ League").league
    latest = make_season(slug="season-12", league_name="Whist Online League").league
    user = make_user()
    for league in (rated, latest):
        league.organizers.add(user)
    client.force_login(user)
    assert client.get(URL).context["season_form"].initial["league"] == latest


def test_a_superusers_league_menu_starts_on_the_league_he_last_created_a_season_in(client):
    rated = make_season(slug="rated-1", league_name="1200+ League").league
    other = League.objects.create(name="Zeta League", slug="zeta")
    make_season(slug="season-12", league_name="Whist Online League")  # the latest season
    admin = make_user(is_superuser=True)
    record_audit(admin, other.pk, "create_season", "season zeta-1 created")
    record_audit(admin, rated.pk, "register", "a later action of another kind")
    client.force_login(admin)
    assert client.get(URL).context["season_form"].initial["league"] == other


def test_the_league_chosen_in_the_wizard_is_remembered(client, organizer):
    rated = make_season(slug="rated-1", league_name="1200+ League").league
    rated.organizers.add(organizer)
    record_audit(organizer, organizer.organized_leagues.get(name="Whist Online League").pk, "x", "")
    client.force_login(organizer)
    wizard(client, league=str(rated.pk))
    assert client.get(URL).context["season_form"].initial["league"] == rated
    data, _ = wizard(client)
    data.update(league=str(rated.pk), preset="evening-tournament", action="preset")
    client.post(URL, data)
    assert client.get(URL).context["season_form"].initial["league"] == rated


CHANGED = {
    "start": {
        "en": "The start date changed, so the calendar below was made again from it.",
        "he": "תאריך ההתחלה השתנה, ולכן לוח המחזורים שלמטה נבנה מחדש לפיו.",
    },
    "weekdays": {
        "en": "The round days changed, so the calendar below was made again.",
        "he": "ימי המחזורים השתנו, ולכן לוח המחזורים שלמטה נבנה מחדש.",
    },
    "rounds": {
        "en": "The number of rounds changed, so the calendar below was made again.",
        "he": "מספר המחזורים השתנה, ולכן לוח המחזורים שלמטה נבנה מחדש.",
    },
}
CHANGED_TOP = {
    "en": "The season was not created: {} Check the calendar and press “Create the season” again.",
    "he": "העונה לא נוצרה: {} יש לבדוק את לוח המחזורים וללחוץ שוב על „יצירת העונה”.",
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize(
    ("change", "form", "field", "value"),
    [
        ("start", "season_form", "start", "2027-01-10"),
        ("weekdays", "rules_form", "schedule__weekdays", ["sun"]),
        ("rounds", "rules_form", "rounds_in_season", "30"),
    ],
)
def test_create_refused_because_the_calendar_changed_says_why_at_the_top_and_beside_the_field(
    client, organizer, language, change, form, field, value
):
    client.force_login(organizer)
    data, _ = wizard(client, podium_windows="2:1")
    data[field] = value
    page = client.post(URL, {**data, "action": "save"}, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200 and not Season.objects.filter(slug="season-11").exists()
    sentence = CHANGED[change][language]
    assert top_messages(page) == [CHANGED_TOP[language].format(sentence)]
    assert page.context[form].errors[field] == [sentence]
    assert sentence in page.content.decode()
    again = client.post(URL, {**form_data(page.context), "action": "save"})
    assert again.status_code == 302 and Season.objects.filter(slug="season-11").exists()


def test_create_refused_because_a_date_was_skipped_says_why_above_the_calendar(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    page = client.post(URL, {**data, "skip-3": "1", "action": "save"})
    sentence = "A date was skipped, so the rounds after it moved on."
    assert top_messages(page) == [CHANGED_TOP["en"].format(sentence)]
    assert page.context["calendar"].notes == [sentence]
    assert sentence in page.content.decode()


@pytest.mark.parametrize("language", ["en", "he"])
def test_create_refused_for_a_bad_value_says_so_at_the_top(client, organizer, language):
    client.force_login(organizer)
    data, _ = wizard(client)
    page = client.post(
        URL, {**data, "min_games": "-3", "action": "save"}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert top_messages(page) == [NOT_CREATED[language]]
    assert page.context["rules_form"].errors["min_games"]


def test_a_round_moved_before_the_previous_one_is_refused_beside_its_row(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client)
    data["round-4"] = "2027-01-01"
    page = client.post(URL, {**data, "action": "save"})
    row = page.context["calendar"].rows[3]
    assert row.errors == ("Round 4 (1 Jan 2027) must come after round 3 (10 Jan 2027).",)
    assert 'aria-describedby="round-4-errors"' in page.content.decode()
    assert top_messages(page) == [NOT_CREATED["en"]]


@pytest.mark.parametrize("action", ["preview", "save"])
@pytest.mark.parametrize("day", ["9999-12-31", "9996-12-28"])
def test_a_start_date_the_calendar_cannot_extend_is_refused_naming_the_field(
    client, organizer, action, day
):
    client.force_login(organizer)
    data, _ = wizard(client)
    page = client.post(URL, {**data, "start": day, "action": action})
    assert page.status_code == 200
    assert page.context["season_form"].errors["start"] == [
        "The start date must be 27 Dec 9996 or earlier: the calendar cannot run past it."
    ]
    assert not Season.objects.filter(slug="season-11").exists()


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("action", ["preview", "save"])
def test_a_round_moved_where_the_calendar_cannot_extend_is_refused_naming_it(
    client, organizer, action, language
):
    client.force_login(organizer)
    data, _ = wizard(client)
    data["round-5"] = "9999-12-31"
    page = client.post(URL, {**data, "action": action}, HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    sentence = {
        "en": "The date of round 5 must be 27 Dec 9996 or earlier: "
        "the calendar cannot run past it.",
        "he": "התאריך של מחזור 5 צריך להיות \u200e27.12.9996 או מוקדם יותר: "
        "לוח המחזורים לא יכול להימשך אחריו.",
    }[language]
    assert page.context["calendar"].rows[4].errors == (sentence,)
    assert not Season.objects.filter(slug="season-11").exists()


def test_an_end_date_past_the_calendars_reach_is_refused_naming_the_field(client, organizer):
    client.force_login(organizer)
    data = form_data(client.get(URL, {"preset": "whist-online-1200"}).context)
    data.update(name="Open 2027", start="2027-01-01", end="9999-12-31", action="save")
    page = client.post(URL, data)
    assert page.status_code == 200
    assert page.context["season_form"].errors["end"] == [
        "The end date must be 27 Dec 9996 or earlier: the calendar cannot run past it."
    ]


def test_a_tournaments_evening_has_no_skip_toggle_and_a_posted_skip_changes_nothing(
    client, organizer
):
    client.force_login(organizer)
    page = client.get(URL, {"preset": "evening-tournament"})
    assert 'name="skip-1"' not in page.content.decode()
    data = form_data(page.context)
    data.update(name="Evening", start="2027-01-07")
    shown = client.post(URL, {**data, "action": "preview"})
    data = form_data(shown.context)
    again = client.post(URL, {**data, "skip-1": "1", "action": "save"})
    assert again.status_code == 302
    dates = set(Season.objects.get(slug="evening").rounds.values_list("date", flat=True))
    assert dates == {dt.date(2027, 1, 7)}


HEBREW_PRESET_NAMES = {
    "whist-online-league": "ליגת ויסט אונליין (34 מחזורים)",  # noqa: RUF001
    "whist-online-1200": "ויסט אונליין 1200+ (מדורג)",  # noqa: RUF001
    "evening-tournament": "טורניר ערב (4 שלבים)",
}


def menu(html: str, name: str) -> dict[str, str]:
    """The options of the <select name=`name`> of a page: value -> the text shown."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select, f"no {name} menu"
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select[1]))


def test_the_preset_menus_show_the_presets_names_in_the_pages_language(client, organizer):
    """Both menus name every preset as people read it (never its code): the league presets
    and the scoring presets, in Hebrew on a Hebrew page, with the code as the value sent."""
    client.force_login(organizer)
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert menu(html, "preset") == HEBREW_PRESET_NAMES
    assert menu(html, field_name("scoring_preset")) == {
        "he-wikipedia": "ויקיפדיה העברית",
        "en-wikipedia": "ויקיפדיה האנגלית (עם פריש)",
        "whist-online": "ויסט אונליין (קנסות מדורגים)",  # noqa: RUF001
    }
    assert "מולא מהתבנית ליגת ויסט אונליין (34 מחזורים);" in html  # noqa: RUF001
    english = client.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert menu(english, "preset")["evening-tournament"] == ("Evening tournament (4 stages)")
    assert "Prefilled from the preset Whist Online league (34 rounds);" in english


def test_every_league_preset_has_a_name():
    with translation.override("he"):
        assert {code: league_preset_name(code) for code in PRESETS} == HEBREW_PRESET_NAMES


def test_a_season_name_the_league_has_already_is_refused_at_the_field(client, organizer):
    client.force_login(organizer)
    existing = Season.objects.get()
    data, _ = wizard(client, name=f"  {existing.name.upper()} ", slug="another-address")
    page = client.post(URL, {**data, "action": "save"})
    assert page.status_code == 200
    league = existing.league.name
    assert page.context["season_form"].errors["name"] == [
        f"\u2068{league}\u2069 already has a season named \u2068{existing.name.upper()}\u2069: "
        "give this one another name."
    ]
    assert Season.objects.count() == 1


def test_a_season_name_with_an_invisible_character_is_refused_at_the_field(client, organizer):
    client.force_login(organizer)
    data, _ = wizard(client, name="Da\u200bna", slug="dana")
    page = client.post(URL, {**data, "action": "save"})
    [error] = page.context["season_form"].errors["name"]
    assert "U+200B ZERO WIDTH SPACE" in error
    assert not Season.objects.filter(slug="dana").exists()


def test_a_start_before_today_warns_which_rounds_wait_for_the_organizer(client, organizer):
    """A season may start in the past (entered late), but its rounds before today take no
    registrations and the schedule never runs them: the calendar says which, and Create still
    creates the season."""
    client.force_login(organizer)
    _data, future = wizard(client)
    assert 'class="calendar-warning"' not in future.content.decode()
    today = timezone.localdate(timezone=ZoneInfo(League.objects.get().timezone))
    data, page = wizard(client, start=(today - dt.timedelta(days=8)).isoformat())
    past = [row.number for row in page.context["calendar"].rows if row.date < today]
    assert len(past) >= 2 and past == list(range(1, len(past) + 1))
    html = page.content.decode()
    assert f"Rounds 1\u2013{past[-1]} are before today" in html
    assert "so they wait for you on their desks" in html
    response = client.post(URL, {**data, "action": "save"})
    assert response.status_code == 302 and Season.objects.filter(slug="season-11").exists()
