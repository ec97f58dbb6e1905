"""The confirming player's own notes (his sheet draft) against the sheet he confirms: each
deal and field where they differ is marked, with a summary at the top (issue 14, item 4)."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games import notes as notes_module
from games.actions import confirm_result, submit_result
from games.models import SheetDraft
from games.notes import differences_from_notes
from tests.games.test_confirm_and_dispute import DEAL
from tests.games.test_result_pages import seated_users
from tests.games.test_result_pages import table as table  # the fixture

SECOND = {
    "trump": "NT",
    "declarer": 0,
    "winning_bid": 5,
    "contracts": [5, 3, 3, 0],
    "tricks": [5, 3, 4, 1],
}


def line(number: int, deal: dict) -> SimpleNamespace:  # type: ignore[type-arg]
    return SimpleNamespace(
        number=number,
        trump=deal["trump"],
        declarer=deal["declarer"],
        winning_bid=deal["winning_bid"],
        contracts=tuple(deal["contracts"]),
        tricks=tuple(deal["tricks"]),
    )


def notes_of(deals: list[dict]) -> dict[str, str]:  # type: ignore[type-arg]
    """The notes a player who wrote exactly these deals would have (the sheet's fields)."""
    fields: dict[str, str] = {}
    for i, deal in enumerate(deals):
        fields[f"deal-{i}-trump"] = deal["trump"]
        fields[f"deal-{i}-declarer"] = str(deal["declarer"])
        fields[f"deal-{i}-winning_bid"] = str(deal["winning_bid"])
        for seat in range(4):
            fields[f"deal-{i}-contract-{seat}"] = str(deal["contracts"][seat])
            fields[f"deal-{i}-tricks-{seat}"] = str(deal["tricks"][seat])
    return fields


def test_the_diff_doctests_hold():
    outcome = doctest.testmod(notes_module)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_notes_that_agree_mark_nothing():
    assert differences_from_notes([line(1, DEAL), line(2, SECOND)], notes_of([DEAL, SECOND])) == {}


def test_a_field_left_empty_in_the_notes_is_no_difference():
    notes = {"deal-0-tricks-1": "", "deal-1-contract-2": "  "}
    assert differences_from_notes([line(1, DEAL), line(2, SECOND)], notes) == {}


def test_each_differing_field_is_marked_with_what_the_notes_say():
    notes = notes_of([DEAL, SECOND])
    notes["deal-1-tricks-2"] = "3"
    notes["deal-1-tricks-3"] = "2"
    notes["deal-1-trump"] = "S"
    notes["deal-1-declarer"] = "2"
    found = differences_from_notes([line(1, DEAL), line(2, SECOND)], notes)
    assert list(found) == [2]
    second = found[2]
    assert second.tricks == (None, None, "3", "2")
    assert second.contracts == (None, None, None, None)
    assert second.trump == "S" and second.winning_bid is None and second.bid_differs
    assert second.declarer == 2
    assert second.seat_differs(2) and not second.seat_differs(0)


def test_the_trump_is_compared_whatever_its_case():
    notes = {"deal-0-trump": "h"}
    assert differences_from_notes([line(1, DEAL)], notes) == {}


@given(
    deal=st.integers(0, 1),
    field=st.sampled_from(["winning_bid", "contract-0", "contract-3", "tricks-1", "tricks-2"]),
    change=st.integers(1, 13),
)
def test_changing_one_noted_value_marks_that_deal_only(deal, field, change):
    deals = [DEAL, SECOND]
    notes = notes_of(deals)
    name = f"deal-{deal}-{field}"
    notes[name] = str((int(notes[name]) + change) % 14)
    found = differences_from_notes([line(1, DEAL), line(2, SECOND)], notes)
    assert list(found) == [deal + 1]


@pytest.fixture
def two_deal_table(table):
    season = table.round.season
    season.rules = {"deals_per_game": 2}
    season.save()
    return table


def confirm_page(client, table) -> str:  # type: ignore[no-untyped-def]
    return client.get(reverse("games:table", args=[table.pk])).content.decode()


@pytest.mark.django_db
def test_the_confirmer_sees_where_the_sheet_differs_from_his_own_notes(client, two_deal_table):
    a, b, *_ = seated_users(two_deal_table)
    notes = notes_of([DEAL, SECOND])
    notes["deal-1-tricks-2"] = "3"  # he noted 3 and 2 where the sheet says 4 and 1
    notes["deal-1-tricks-3"] = "2"
    player_b = two_deal_table.seats.get(seat=1).player
    SheetDraft.objects.create(
        table=two_deal_table, player=player_b, data={"saved_at": 1, "fields": notes}
    )
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    client.force_login(b)
    body = confirm_page(client, two_deal_table)
    assert "Your notes differ in 1 deal: 2" in body
    assert body.count("data-notes-mark") == 2
    assert "Your notes: 3 taken" in body and "Your notes: 2 taken" in body
    assert body.count('<tr class="notes-differ">') == 2  # the two players' rows of deal 2


@pytest.mark.django_db
def test_a_confirmed_result_ends_every_players_draft_of_the_table(two_deal_table):
    a, b, *_ = seated_users(two_deal_table)
    for seat in (1, 2):
        SheetDraft.objects.create(
            table=two_deal_table,
            player=two_deal_table.seats.get(seat=seat).player,
            data={"saved_at": 1, "fields": notes_of([DEAL, SECOND])},
        )
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    assert SheetDraft.objects.filter(table=two_deal_table).count() == 2  # notes to check with
    confirm_result(two_deal_table, 1, actor=b)
    assert not SheetDraft.objects.filter(table=two_deal_table).exists()


@pytest.mark.django_db
def test_without_notes_or_for_the_submitter_nothing_is_marked(client, two_deal_table):
    a, b, *_ = seated_users(two_deal_table)
    player_a = two_deal_table.seats.get(seat=0).player
    SheetDraft.objects.create(
        table=two_deal_table,
        player=player_a,
        data={"saved_at": 1, "fields": {"deal-0-tricks-0": "9"}},
    )
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    client.force_login(b)
    assert "data-notes-mark" not in confirm_page(client, two_deal_table)
    client.force_login(a)
    assert "data-notes-mark" not in confirm_page(client, two_deal_table)


@pytest.mark.django_db
def test_confirm_page_with_notes_query_count_is_constant(
    client, two_deal_table, django_assert_num_queries
):
    a, b, *_ = seated_users(two_deal_table)
    player_b = two_deal_table.seats.get(seat=1).player
    SheetDraft.objects.create(
        table=two_deal_table,
        player=player_b,
        data={"saved_at": 1, "fields": {"deal-0-tricks-0": "9"}},
    )
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    client.force_login(b)
    # user, table, seats, organizer check, versions, events, the confirmer's notes, the
    # season's live counter (the session comes from the cache)
    with django_assert_num_queries(8):
        assert "Your notes differ in 1 deal: 1" in confirm_page(client, two_deal_table)


@pytest.mark.django_db
def test_a_different_bid_in_the_notes_is_marked_left_to_right(client, two_deal_table):
    a, b, *_ = seated_users(two_deal_table)
    player_b = two_deal_table.seats.get(seat=1).player
    SheetDraft.objects.create(
        table=two_deal_table,
        player=player_b,
        data={"saved_at": 1, "fields": {"deal-0-winning_bid": "7"}},
    )
    submit_result(two_deal_table, actor=a, deals=[DEAL, SECOND])
    client.force_login(b)
    assert "Your notes: \u20667\u2665\u2069" in confirm_page(client, two_deal_table)
