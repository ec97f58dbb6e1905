"""The confirmer sees what he confirms (the entered sheet deal by deal); a dispute needs a
reason, which the organizer sees first and the submitter is told on his table and /me/."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from core.errors import ActionCode, ActionError
from games.actions import DisputeReasonMissing, confirm_result, dispute_result, submit_result
from games.models import ResultVersion
from games.tonight import tonight_seats
from league.models import Seat
from tests.games.test_result_pages import seated_users
from tests.games.test_result_pages import table as table  # the fixture
from tests.roundsupport import make_organizer, make_players, make_round, make_season, seat_table

pytestmark = pytest.mark.django_db

DEAL = {
    "trump": "H",
    "declarer": 1,
    "winning_bid": 6,
    "contracts": [3, 6, 0, 2],
    "tricks": [3, 4, 0, 6],
}  # scores 19, -30, 40, -20 under whist-online (the validate_deal doctest)
REASON = "Deal 1: Omer took 5 tricks, not 6"


@pytest.fixture
def one_deal_table(table):
    season = table.round.season
    season.rules = {"deals_per_game": 1}
    season.save()
    return table


def test_confirmer_sees_the_entered_sheet_deal_by_deal(client, one_deal_table):
    a, b, *_ = seated_users(one_deal_table)
    submit_result(one_deal_table, actor=a, deals=[DEAL])
    client.force_login(b)
    body = client.get(reverse("games:table", args=[one_deal_table.pk])).content.decode()
    sheet = body[
        body.index('id="entered-sheet"') : body.index("</table>", body.index("entered-sheet"))
    ]
    assert "6\u2665" in sheet  # the bid and trump
    declarer = one_deal_table.seats.get(seat=1).player.name
    assert f"Declarer: <strong>{declarer}</strong>" in sheet
    # The declarer's row: his name (in bold), 6 contracted, 4 taken, -30.
    row = sheet[sheet.index(f"<strong>{declarer}</strong></th>") :]
    row = row[: row.index("</tr>")]
    cells = [c.split("</td>")[0] for c in row.split('<td class="num">')[1:]]
    assert cells == ["6", "4", '<bdi dir="ltr" class="number">-30</bdi>']
    assert 'action="/tables/' in body[body.index('id="entered-sheet"') :]  # confirm form after
    check = "Check every deal against your own notes before you confirm"
    assert check in body
    confirm_result(one_deal_table, 1, actor=b)  # once confirmed, nothing is left to check
    after = client.get(reverse("games:table", args=[one_deal_table.pk])).content.decode()
    assert check not in after and "The declarer is in bold." in after


def test_a_dispute_without_a_reason_is_a_form_error_and_nothing_changes(client, table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    client.force_login(b)
    url = reverse("games:dispute", args=[table.pk])
    response = client.post(url, {"version": 1, "reason": "   "})
    assert response.status_code == 400
    body = response.content.decode()
    assert 'id="reason-error"' in body and "Say what is wrong with the result" in body
    assert ResultVersion.objects.get().status == ResultVersion.Status.PENDING


def test_the_dispute_action_refuses_an_empty_reason(table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    with pytest.raises(DisputeReasonMissing):
        dispute_result(table, 1, actor=b, reason=" \n")
    assert ResultVersion.objects.get().status == ResultVersion.Status.PENDING


def test_submitter_is_told_the_reason_on_his_table_page_and_on_me(client, table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    dispute_result(table, 1, actor=b, reason=REASON)
    client.force_login(a)
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    # named as the league knows him, not by his account's login
    assert REASON in page and f"Disputed by {b.player.name}" in page
    assert f"Disputed by {b.get_username()}" not in page
    me = client.get(reverse("web:my_rounds")).content.decode()
    assert REASON in me and "disputed the result you entered" in me


def test_organizer_sees_the_reason_first_on_the_table_and_round_pages(client, table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    dispute_result(table, 1, actor=b, reason=REASON)
    client.force_login(make_organizer(table.round.season))
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert page.index(REASON) < page.index('<table class="result">')
    season, number = table.round.season.slug, table.round.number
    round_page = client.get(reverse("manage:round", args=[season, number])).content.decode()
    assert REASON in round_page
    assert REASON in client.get(reverse("manage:index")).content.decode()


def test_me_puts_tonights_table_first(client):
    season = make_season()
    players = make_players(4, with_users=True)
    make_round(season, number=2)  # open for registration, far in the future
    tonight = make_round(season, number=1, date=timezone.localdate())
    table = seat_table(tonight, players)
    client.force_login(players[0].user)
    body = client.get(reverse("web:my_rounds")).content.decode()
    link = reverse("games:table", args=[table.pk])
    assert 'class="card tonight"' in body
    assert body.index("Tonight") < body.index(link) < body.index("Registration")


def test_tonight_lasts_until_the_small_hours():
    season = make_season()
    evening = dt.date(2099, 1, 4)
    table = seat_table(make_round(season, date=evening), make_players(4))
    seats = list(Seat.objects.select_related("table__round__season__league").filter(table=table))

    def at(day: dt.date, time: dt.time) -> dt.datetime:
        return dt.datetime.combine(day, time, tzinfo=ZoneInfo(season.league.timezone))

    assert tonight_seats(seats, at(evening, dt.time(21, 0))) == seats
    assert tonight_seats(seats, at(evening + dt.timedelta(days=1), dt.time(0, 30))) == seats
    assert tonight_seats(seats, at(evening + dt.timedelta(days=1), dt.time(9, 0))) == []
    assert tonight_seats(seats, at(evening - dt.timedelta(days=1), dt.time(21, 0))) == []


def test_tonight_is_the_clubs_day_not_the_servers():
    """At 00:30 in Israel it is 22:30 UTC the day before: tonight's table is still the club's
    today (the UTC date left it off /me/ for two hours every night)."""
    season = make_season()
    table = seat_table(make_round(season, date=dt.date(2099, 1, 5)), make_players(4))
    seats = list(Seat.objects.select_related("table__round__season__league").filter(table=table))
    small_hours = dt.datetime(2099, 1, 4, 22, 30, tzinfo=dt.UTC)  # 00:30 on the 5th in Israel
    assert season.league.timezone == "Asia/Jerusalem"
    assert tonight_seats(seats, small_hours) == seats
    assert tonight_seats(seats, small_hours - dt.timedelta(days=1)) == []


def test_the_organizer_is_not_offered_a_dispute_on_his_own_table_page(client, table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    url = reverse("games:table", args=[table.pk])
    client.force_login(b)
    assert "Dispute (ask the organizer)" in client.get(url).content.decode()
    client.force_login(make_organizer(table.round.season))
    body = client.get(url).content.decode()
    assert "Dispute (ask the organizer)" not in body
    assert reverse("games:dispute", args=[table.pk]) not in body


def test_the_player_who_entered_a_pending_result_corrects_it_and_is_not_offered_a_dispute(
    client, table
):
    """Disputing his own entry asked the organizer to decide what he can fix himself."""
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    client.force_login(a)
    url = reverse("games:table", args=[table.pk])
    body = client.get(url).content.decode()
    assert "Dispute (ask the organizer)" not in body
    assert reverse("games:dispute", args=[table.pk]) not in body
    assert "Correct this result" in body
    with pytest.raises(ActionError) as error:
        dispute_result(table, 1, actor=a, reason="I typed it wrong")
    assert error.value.code == ActionCode.CONFLICT
    assert "correct it" in str(error.value)
    assert ResultVersion.objects.get().status == ResultVersion.Status.PENDING
    client.force_login(b)  # the others still may
    assert "Dispute (ask the organizer)" in client.get(url).content.decode()
