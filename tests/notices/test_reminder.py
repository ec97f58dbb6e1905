"""The registration reminder: two hours before the deadline, to the players of the season's
last four rounds who are not registered for the round and have an account with an address."""

from __future__ import annotations

import pytest

from league.models import Registration
from mail.kinds import Kind
from notices.sweep import sweep, sweep_season
from tests.notices.support import DATES, account, at, december_season, played, player, recipients
from tests.notices.support import rows as outbox_rows

pytestmark = pytest.mark.django_db

SUNDAY = DATES[5]  # round 6, registration closes at 20:00


@pytest.fixture
def season():
    season, rounds = december_season()
    played(season, rounds[0], ["Noa", "X1", "X2", "X3"])  # round 1: not one of the last four
    played(season, rounds[1], ["Gil", "X1", "X2", "X3"])
    played(season, rounds[2], ["Eli", "X1", "X2", "X3"])
    played(season, rounds[3], ["Dana", "X1", "X2", "X3"])
    played(season, rounds[4], ["Omer", "Tal", "X1", "X2"])
    for name in ("Noa", "Gil", "Eli", "Dana"):
        account(name)
    account("Tal", email="")  # an account without an address
    Registration.objects.create(round=rounds[5], player=player("Eli"))
    return season


def test_the_reminder_goes_to_recent_players_not_registered_with_an_address(season):
    assert sweep_season(season.pk, at(SUNDAY, 18, 30)) == 2
    assert recipients(Kind.REMINDER) == ["dana", "gil"]


def test_a_registered_player_gets_no_reminder(season):
    sweep_season(season.pk, at(SUNDAY, 18, 30))
    assert "eli" not in recipients(Kind.REMINDER)


def test_a_player_only_of_an_older_round_gets_no_reminder(season):
    sweep_season(season.pk, at(SUNDAY, 18, 30))
    assert "noa" not in recipients(Kind.REMINDER)


def test_a_player_without_an_account_or_an_address_gets_no_reminder(season):
    sweep_season(season.pk, at(SUNDAY, 18, 30))
    assert {"omer", "tal"}.isdisjoint(recipients(Kind.REMINDER))


def test_the_reminder_goes_two_hours_before_the_deadline_and_not_after_it(season):
    assert sweep_season(season.pk, at(SUNDAY, 17, 59)) == 0
    assert sweep_season(season.pk, at(SUNDAY, 18, 0)) == 2
    outbox_rows()[0].delete()
    assert sweep_season(season.pk, at(SUNDAY, 20, 0)) == 0  # closed: nobody is reminded


def test_the_reminder_time_is_a_setting(season, settings):
    settings.NOTICES_REMINDER_BEFORE_MINUTES = 30
    assert sweep_season(season.pk, at(SUNDAY, 18, 30)) == 0
    assert sweep_season(season.pk, at(SUNDAY, 19, 30)) == 2


def test_the_sweep_run_twice_reminds_each_player_once(season):
    assert sweep(at(SUNDAY, 18, 30)) == 2
    assert sweep(at(SUNDAY, 18, 31)) == 0
    key = f"round:{season.rounds.get(number=6).pk}"
    assert [row.key for row in outbox_rows(Kind.REMINDER)] == [key, key]


@pytest.mark.parametrize(
    ("language", "subject", "says"),
    [
        (
            "en",
            "Registration for round 6 closes at 20:00",
            ["Round 6 is on Sunday 20 Dec 2026, 20:30.", "Registration closes at 20:00."],
        ),
        (
            "he",
            "ההרשמה למחזור 6 נסגרת ב-20:00",
            ["שיחקת באחד המחזורים האחרונים ועדיין לא נרשמת למחזור הזה.", "סיום הרשמה: 20:00."],
        ),
        (
            "ru",
            "Регистрация на тур 6 закрывается в 20:00",
            ["Вы играли в одном из последних туров и ещё не записались на этот тур."],
        ),
    ],
)
def test_the_reminder_is_written_in_the_players_language(season, language, subject, says):
    account("Ada", language)
    played(season, season.rounds.get(number=5), ["Ada", "Y1", "Y2", "Y3"], table=2)
    sweep_season(season.pk, at(SUNDAY, 18, 30))
    (row,) = [r for r in outbox_rows(Kind.REMINDER) if r.user.get_username() == "ada"]
    assert row.language == language and row.subject == subject
    for sentence in says:
        assert sentence in row.text
    assert "/me/" in row.text
