""" "A result waits for your confirmation": when a player enters his table's result, the
other players at the table with an account are asked to confirm it, and asked again after
a set time while nobody has; the one who entered it is never asked."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from core.actor import SYSTEM
from games.actions import confirm_result, organizer_set_result, submit_result
from games.models import ResultVersion, SeatLink
from games.permissions import LinkActor
from games.seat_links import issue_links
from league.models import Round
from mail.kinds import Kind
from notices.sweep import sweep, sweep_season
from tests.notices.support import DATES, account, recipients, rows
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

SCORES = [90, 40, 10, -20]
LATER = dt.timedelta(minutes=31)


@pytest.fixture
def table():
    season = f.season(start=DATES[0], end=dt.date(2027, 3, 28))
    # Published yesterday: its "your table" letters are no longer due.
    round_ = f.round_(
        season,
        1,
        timezone.localdate(),
        status=Round.Status.DRAWN,
        draw_method="random",
        draw_published_at=timezone.now() - dt.timedelta(hours=13),
    )
    table = f.seat_table(round_, 2, ["Dana", "Eli", "Noa", "Omer"])
    account("Dana")
    account("Eli", "he")
    account("Noa", "ru")
    return table


def dana():
    return get_user_model().objects.get(username="dana")


def entered(table):
    return submit_result(table, actor=dana(), scores=SCORES)


def test_the_other_players_with_an_account_are_asked_to_confirm(table):
    version = entered(table)
    assert sweep_season(table.round.season_id) == 2
    assert recipients(Kind.CONFIRM_RESULT) == ["eli", "noa"]  # Omer has no account
    assert {row.key for row in rows()} == {f"version:{version.pk}"}


def test_the_enterer_is_not_asked_to_confirm_his_own_entry(table):
    entered(table)
    sweep_season(table.round.season_id)
    assert "dana" not in recipients(Kind.CONFIRM_RESULT)


def test_an_entry_through_a_private_link_does_not_ask_its_enterer(table):
    issue_links(table.round, actor=SYSTEM)
    link = SeatLink.objects.get(table=table, player__name="Eli")
    actor = LinkActor(link_id=link.pk, player_id=link.player_id, table_id=table.pk)
    submit_result(table, actor=actor, scores=SCORES)
    sweep_season(table.round.season_id)
    assert recipients(Kind.CONFIRM_RESULT) == ["dana", "noa"]


def test_the_sweep_run_twice_asks_each_player_once(table):
    entered(table)
    assert sweep() == 2
    assert sweep() == 0


def test_they_are_asked_again_after_the_set_time_if_nobody_confirmed(table):
    version = entered(table)
    sweep_season(table.round.season_id)
    assert sweep_season(table.round.season_id, timezone.now() + dt.timedelta(minutes=10)) == 0
    assert sweep_season(table.round.season_id, timezone.now() + LATER) == 2
    again = [row for row in rows(Kind.CONFIRM_RESULT) if row.key.endswith(":again")]
    assert {row.key for row in again} == {f"version:{version.pk}:again"}
    assert sweep_season(table.round.season_id, timezone.now() + LATER) == 0


def test_the_again_time_is_a_setting(table, settings):
    settings.NOTICES_CONFIRM_AGAIN_MINUTES = 60
    entered(table)
    sweep_season(table.round.season_id)
    assert sweep_season(table.round.season_id, timezone.now() + LATER) == 0


def test_they_are_not_asked_again_once_one_confirmed(table):
    entered(table)
    sweep_season(table.round.season_id)
    eli = get_user_model().objects.get(username="eli")
    confirm_result(table, 1, actor=eli)
    assert sweep_season(table.round.season_id, timezone.now() + LATER) == 0


def test_an_organizers_entry_asks_nobody(table):
    organizer_set_result(table, scores=SCORES)
    assert ResultVersion.objects.get().status == ResultVersion.Status.CONFIRMED
    assert sweep_season(table.round.season_id) == 0


def test_the_sheets_entry_asks_the_table(table, client, django_capture_on_commit_callbacks):
    client.force_login(dana())
    data = {"mode": "scores", **{f"score-{i}": v for i, v in enumerate(SCORES)}}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:submit", args=[table.pk]), data)
    assert response.status_code == 302
    assert recipients(Kind.CONFIRM_RESULT) == ["eli", "noa"]


@pytest.mark.parametrize(
    ("user", "subject", "says"),
    [
        (
            "eli",
            "תוצאה ממתינה לאישורך: שולחן 2, מחזור 1",
            ["\u2068Dana\u2069 הזין את התוצאה של שולחן 2 במחזור 1.", "ניקוד: \u2068Dana\u2069 90,"],
        ),
        (
            "noa",
            "Результат ждёт вашего подтверждения: стол 2, тур 1",
            ["Dana ввёл результат стола 2 (тур 1).", "Очки: Dana 90, Eli 40, Noa 10, Omer -20."],
        ),
    ],
)
def test_the_call_is_written_in_the_players_language(table, user, subject, says):
    entered(table)
    sweep_season(table.round.season_id)
    (row,) = [r for r in rows(Kind.CONFIRM_RESULT) if r.user.get_username() == user]
    assert row.subject == subject
    for sentence in says:
        assert sentence in row.text, row.text
    assert reverse("games:table", args=[table.pk]) in row.text


def test_the_second_call_says_nobody_confirmed_in_english(table):
    get_user_model().objects.filter(username="eli").update(email="")
    get_user_model().objects.filter(username="noa").update(email="")
    gil = account("Gil")
    table.seats.filter(player__name="Omer").update(player=gil.player)
    entered(table)
    sweep_season(table.round.season_id, timezone.now() + LATER)
    first, again = rows(Kind.CONFIRM_RESULT)
    assert first.subject == "A result waits for your confirmation: table 2, round 1"
    assert "Dana entered the result of table 2 in round 1." in first.text
    assert "Scores: Dana 90, Eli 40, Noa 10, Gil -20." in first.text
    assert again.subject == "Still waiting for your confirmation: table 2, round 1"
    assert "Nobody at the table has confirmed it yet." in again.text
