"""Issue 31 item 1: the holiday evenings a league does not play on (league.holidays), in the
Israeli calendar: a holiday begins at nightfall on its eve; the evening between two of its
days lies inside it; the evening it ends is an ordinary evening."""

from __future__ import annotations

import datetime as dt

import pytest

from league.holidays import DEFAULT_SKIPPED, HOLIDAYS, evening_holiday, holiday_evenings

SUN, MON, TUE, WED, THU, FRI = "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"


@pytest.mark.parametrize(
    ("evening", "holiday"),
    [
        (dt.date(2026, 9, 11), "rosh_hashana"),  # Friday: Rosh Hashana begins
        (dt.date(2026, 9, 20), "yom_kippur"),  # Sunday: Kol Nidre
        (dt.date(2026, 9, 25), "sukkot"),
        (dt.date(2026, 10, 2), "simchat_torah"),
        (dt.date(2027, 4, 21), "pesach"),  # Wednesday: Seder night
        (dt.date(2027, 4, 27), "pesach_vii"),
        (dt.date(2027, 6, 10), "shavuot"),
        (dt.date(2027, 5, 3), "yom_hashoah"),  # 27 Nisan falls on Tuesday 4 May 2027
        (dt.date(2027, 5, 10), "yom_hazikaron"),
        (dt.date(2027, 8, 11), "tisha_bav"),
    ],
)
def test_a_holiday_of_the_list_begins_on_its_eve(evening, holiday):
    found = evening_holiday(evening, DEFAULT_SKIPPED)
    assert found is not None and found.holiday == holiday and found.eve


def test_the_evening_between_the_two_days_of_rosh_hashana_lies_inside_it():
    found = evening_holiday(dt.date(2026, 9, 12), DEFAULT_SKIPPED)
    assert found is not None and found.holiday == "rosh_hashana" and not found.eve


@pytest.mark.parametrize(
    "evening",
    [
        dt.date(2026, 9, 13),  # the second day of Rosh Hashana ends
        dt.date(2026, 9, 21),  # Yom Kippur ends
        dt.date(2026, 9, 27),  # Chol HaMoed Sukkot: an ordinary evening
        dt.date(2027, 4, 22),  # the first day of Pesach ends
        dt.date(2027, 5, 11),  # Yom HaZikaron ends, Yom HaAtzmaut is not on the list
        dt.date(2026, 12, 6),  # Hanukkah is not on the list
    ],
)
def test_the_evening_a_holiday_ends_and_evenings_off_the_list_are_ordinary(evening):
    assert evening_holiday(evening, DEFAULT_SKIPPED) is None


def test_a_holiday_off_the_leagues_list_is_an_ordinary_evening():
    kinds = [key for key in DEFAULT_SKIPPED if key != "yom_kippur"]
    assert evening_holiday(dt.date(2026, 9, 20), kinds) is None
    assert evening_holiday(dt.date(2026, 9, 20), []) is None
    assert evening_holiday(dt.date(2026, 9, 20), ["no_such_holiday"]) is None


def test_the_default_list_is_the_festival_eves_and_the_evenings_the_law_closes():
    assert (
        set(DEFAULT_SKIPPED)
        == set(HOLIDAYS)
        == {
            "rosh_hashana",
            "yom_kippur",
            "sukkot",
            "simchat_torah",
            "pesach",
            "pesach_vii",
            "shavuot",
            "yom_hashoah",
            "yom_hazikaron",
            "tisha_bav",
        }
    )


def test_a_season_from_september_2026_to_june_2027_has_these_holiday_evenings():
    found = holiday_evenings(dt.date(2026, 9, 1), dt.date(2027, 6, 30), DEFAULT_SKIPPED)
    assert [(day.isoformat(), evening.holiday) for day, evening in found.items()] == [
        ("2026-09-11", "rosh_hashana"),
        ("2026-09-12", "rosh_hashana"),
        ("2026-09-20", "yom_kippur"),
        ("2026-09-25", "sukkot"),
        ("2026-10-02", "simchat_torah"),
        ("2027-04-21", "pesach"),
        ("2027-04-27", "pesach_vii"),
        ("2027-05-03", "yom_hashoah"),
        ("2027-05-10", "yom_hazikaron"),
        ("2027-06-10", "shavuot"),
    ]


def test_an_evening_is_named_in_the_pages_language():
    from django.utils import translation

    evening = evening_holiday(dt.date(2026, 9, 20), DEFAULT_SKIPPED)
    assert evening is not None
    assert evening.name == "Eve of Yom Kippur"
    with translation.override("he"):
        assert evening.name == "ערב יום כיפור"
