"""Correcting instead of retyping (issue 27, item 3): the player who entered a result corrects
it while it is pending or disputed (the organizer a disputed one too); it reopens as it was
entered, the correction is a new version that records the deals it changed, and another
player at the table confirms it, seeing what changed."""

from __future__ import annotations

import doctest

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ActionCode, ActionError
from games import sheets as sheets_module
from games.actions import ResultRejected, confirm_result, dispute_result, submit_result
from games.messages import EntryCode
from games.models import Game, GameResult, ResultVersion, SeatLink, SheetDraft
from games.permissions import TableState, can_correct, can_submit
from games.seat_links import issue_links, token_for
from games.sheets import changed_deals, sheet_fields, sheet_from_form
from tests.games.test_confirm_and_dispute import DEAL
from tests.games.test_confirmer_notes import SECOND
from tests.games.test_result_pages import seated_users
from tests.games.test_result_pages import table as table  # the fixture
from tests.roundsupport import make_organizer

SCORES = [120, 80, -10, 45]
# DEAL with one player's contract changed (he bid 1, not 0: he still missed).
FIXED = {**DEAL, "contracts": [3, 6, 1, 2]}


@pytest.fixture
def two_deal_table(table):
    season = table.round.season
    season.rules = {"deals_per_game": 2}
    season.save()
    return table


def page(client: Client, table, name: str = "games:table") -> str:  # type: ignore[no-untyped-def]
    return client.get(reverse(name, args=[table.pk])).content.decode()


def test_the_sheet_fields_doctests_hold():
    outcome = doctest.testmod(sheets_module)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_sheet_fields_reverse_sheet_from_form_and_name_the_changed_deals():
    deals = [DEAL, SECOND]
    assert sheet_from_form(sheet_fields(deals), 2) == deals
    assert changed_deals(deals, [FIXED, SECOND]) == [1]
    assert changed_deals(deals, deals) == []
    assert changed_deals(None, deals) is None


def state(*, entered_by: int = 7, user_id: int = 7, status: str = "disputed", organizer=False):
    version = ResultVersion(number=1, status=status, entered_by_id=entered_by, scores=[0] * 4)
    return TableState(organizer, not organizer, user_id, 5, "in_play", version)


def test_only_the_player_who_entered_a_result_or_an_organizer_corrects_it():
    assert can_correct(state(status="pending")) and can_correct(state(status="disputed"))
    assert not can_correct(state(status="confirmed"))
    assert not can_correct(state(user_id=8)) and not can_submit(state(user_id=8))
    assert can_submit(state(user_id=8, status="pending"))  # retyping a pending one, as before
    assert not can_correct(state(user_id=8, status="pending"))
    assert can_correct(state(user_id=8, organizer=True))


@pytest.mark.django_db
def test_the_submitter_corrects_a_disputed_sheet_as_a_new_version_another_player_confirms(
    two_deal_table,
):
    a, b, c, _ = seated_users(two_deal_table)
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    dispute_result(two_deal_table, 1, actor=b, reason="deal 1: seat 3 bid 1")
    with pytest.raises(ActionError) as refused:
        submit_result(two_deal_table, actor=c, deals=[FIXED, SECOND])
    assert refused.value.code == ActionCode.FORBIDDEN
    assert "only the player who entered it" in refused.value.message
    version = submit_result(two_deal_table, actor=a, deals=[FIXED, SECOND])
    assert (version.number, version.status, version.changed_deals) == (2, "pending", [1])
    first = ResultVersion.objects.get(number=1)
    assert (first.status, first.deals) == (ResultVersion.Status.SUPERSEDED, [DEAL, SECOND])
    with pytest.raises(ActionError) as refused:
        confirm_result(two_deal_table, 2, actor=a)
    assert refused.value.code == ActionCode.FORBIDDEN
    confirm_result(two_deal_table, 2, actor=c)
    assert Game.objects.get().deals == [FIXED, SECOND]


@pytest.mark.django_db
def test_a_correction_of_a_confirmed_then_disputed_result_counts_once_confirmed(table):
    a, b, c, _ = seated_users(table)
    submit_result(table, actor=a, scores=SCORES)
    confirm_result(table, 1, actor=b)
    dispute_result(table, 1, actor=c, reason="seat 4 had 55")
    version = submit_result(table, actor=a, scores=[120, 80, -10, 55])
    assert version.changed_deals is None and version.status == ResultVersion.Status.PENDING
    assert Game.objects.get().status == Game.Status.DISPUTED  # still not counting
    confirm_result(table, 2, actor=c)
    assert Game.objects.get().status == Game.Status.CONFIRMED
    assert list(GameResult.objects.values_list("score", flat=True)) == [120, 80, -10, 55]


@pytest.mark.django_db
@pytest.mark.parametrize("status", ["pending", "disputed"])
def test_a_correction_that_changes_nothing_is_refused_with_its_code(two_deal_table, status):
    a, b, *_ = seated_users(two_deal_table)
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    if status == "disputed":
        dispute_result(two_deal_table, 1, actor=b, reason="wrong")
    with pytest.raises(ResultRejected) as refused:
        submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    [problem] = refused.value.checked.errors
    assert (problem.code, problem.path) == (EntryCode.UNCHANGED, "deals")
    assert "same result as version 1" in problem.message
    assert ResultVersion.objects.count() == 1


@pytest.mark.django_db
def test_an_organizer_corrects_a_disputed_sheet_confirmed_at_once(client, two_deal_table):
    a, b, *_ = seated_users(two_deal_table)
    organizer = make_organizer(two_deal_table.round.season)
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    dispute_result(two_deal_table, 1, actor=b, reason="deal 1")
    client.force_login(a)  # the submitter's own correction waits for another player
    assert "Another player at the table confirms the new version." in page(
        client, two_deal_table, "games:sheet"
    )
    client.force_login(organizer)
    sheet = page(client, two_deal_table, "games:sheet")
    assert 'name="deal-0-contract-2" value="0"' in sheet  # reopened as entered
    # the form says what happens: his correction stands at once, nobody else confirms it
    assert "An organizer's correction is confirmed at once." in sheet.replace("&#x27;", "'")
    assert "Another player at the table confirms the new version." not in sheet
    version = submit_result(two_deal_table, actor=organizer, deals=[FIXED, SECOND])
    assert (version.status, version.changed_deals) == (ResultVersion.Status.CONFIRMED, [1])


@pytest.mark.django_db
def test_a_disputed_sheet_reopens_as_entered_for_its_submitter_only(client, two_deal_table):
    a, b, c, _ = seated_users(two_deal_table)
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    dispute_result(two_deal_table, 1, actor=b, reason="deal 1")
    client.force_login(a)
    table_page = page(client, two_deal_table)
    assert "Correct this result" in table_page
    assert reverse("games:sheet", args=[two_deal_table.pk]) in table_page
    sheet = page(client, two_deal_table, "games:sheet")
    for name, value in sheet_fields([DEAL, SECOND]).items():
        assert f'name="{name}" value="{value}"' in sheet or (
            f'<option value="{value}" selected>' in sheet
        )
    # once he has begun to correct it, his draft (restored by the page) is the sheet
    player = two_deal_table.seats.get(seat=0).player
    SheetDraft.objects.create(
        table=two_deal_table, player=player, data={"saved_at": 1, "fields": {}}
    )
    assert 'name="deal-0-contract-2" value=""' in page(client, two_deal_table, "games:sheet")
    client.force_login(c)
    assert "Correct this result" not in page(client, two_deal_table)


@pytest.mark.django_db
def test_four_totals_reopen_as_totals(client, table):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=SCORES)
    dispute_result(table, 1, actor=b, reason="seat 4 had 55")
    client.force_login(a)
    body = page(client, table)
    for seat, score in enumerate(SCORES):
        assert f'name="score-{seat}" value="{score}"' in body
    response = client.post(
        reverse("games:submit", args=[table.pk]),
        {"mode": "scores", **{f"score-{i}": v for i, v in enumerate(SCORES)}},
    )
    assert response.status_code == 400
    assert "same result as version 1" in response.content.decode()


@pytest.mark.django_db
def test_the_confirmer_sees_what_the_correction_changed(client, two_deal_table):
    a, b, *_ = seated_users(two_deal_table)
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    dispute_result(two_deal_table, 1, actor=b, reason="deal 1")
    submit_result(two_deal_table, actor=a, deals=[FIXED, SECOND])
    client.force_login(b)
    body = page(client, two_deal_table)
    assert "Changed since version 1: deal 1" in body
    assert body.count("data-changed") == 1 and 'data-deal="1" data-changed' in body
    assert "Before the correction: 0 bid" in body
    # the totals that changed say what they were; Confirm comes before the deal cards
    assert body.count('<tr class="changed">') >= 2
    assert body.index("Confirm this result") < body.index('id="entered-sheet"')
    assert body.index("Confirm this result") < body.index("Dispute (ask the organizer)")


@pytest.mark.django_db
def test_the_submitter_corrects_with_his_private_link_and_another_seat_confirms(table):
    organizer = make_organizer(table.round.season)
    issue_links(table.round, actor=organizer)

    def opened(seat: int) -> Client:
        link = SeatLink.objects.get(table=table, player__seats__seat=seat, revoked_at=None)
        client = Client()
        assert client.get(reverse("games:seat_link", args=[token_for(link)])).status_code == 302
        return client

    def post(client: Client, name: str, data: dict[str, object]) -> int:
        return client.post(reverse(name, args=[table.pk]), data).status_code

    scores = {"mode": "scores", **{f"score-{i}": v for i, v in enumerate(SCORES)}}
    first, second = opened(0), opened(2)
    assert post(first, "games:submit", scores) == 302
    assert post(second, "games:dispute", {"version": 1, "reason": "seat 4 had 55"}) == 302
    assert "Correct this result" in page(first, table)
    assert "Correct this result" not in page(second, table)
    assert post(first, "games:submit", {**scores, "score-3": 55}) == 302
    assert post(first, "games:confirm", {"version": 2}) == 403
    assert post(second, "games:confirm", {"version": 2}) == 302
    assert ResultVersion.objects.get(number=2).status == ResultVersion.Status.CONFIRMED
