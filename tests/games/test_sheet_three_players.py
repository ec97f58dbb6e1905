"""A three-player table's deal-by-deal sheet on the server (issue 30 item 3): read from the
sheet's form for three seats, checked and scored with the season's `three_player_deck`,
stored, shown to the confirmer and corrected like a sheet of four."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import ResultRejected, confirm_result, organizer_set_result, submit_result
from games.deal_sheets import deal_sheet
from games.models import Game, GameResult, ResultVersion
from games.sheets import check_sheet, sheet_fields, sheet_from_form
from scoring import get_deck, get_preset, score_game
from scoring.generate import random_deals
from tests.roundsupport import make_players, make_round, make_season, seat_table

DECK = "no-clubs"
PRESET = get_preset("whist-online")


def summaries(count: int, deck: str = DECK, seed: int = 2) -> list[dict[str, Any]]:
    """Legal summary deals of three seats as the sheet sends them (no dealer)."""
    deals = random_deals(seed, count, PRESET, deck=get_deck(deck), summary_only=True)
    return [{k: v for k, v in d.items() if k != "dealer"} for d in deals]


def test_seat_count_the_sheets_form_of_three_reads_three_seats():
    deals = summaries(2)
    fields = sheet_fields(deals)
    assert "deal-0-contract-2" in fields and "deal-0-contract-3" not in fields
    assert sheet_from_form(fields, 2, 3) == deals


def test_seat_count_a_sheet_of_three_scores_with_the_leagues_deck():
    deals = summaries(24)
    checked = check_sheet(deals, "whist-online", 24, seats=3, three_player_deck=DECK)
    assert checked.valid, checked.errors
    assert checked.scores == score_game(deals, PRESET, get_deck(DECK)).totals
    assert len(checked.running_totals()) == 3


def test_seat_count_a_sheet_of_three_is_checked_against_its_deck():
    # A club trump: no-clubs has no clubs.
    deals = summaries(24)
    deals[0]["trump"] = "C"
    checked = check_sheet(deals, "whist-online", 24, seats=3, three_player_deck=DECK)
    assert not checked.valid
    assert "card_not_in_deck" in {e.code for e in checked.errors}


def test_seat_count_a_sheet_of_three_at_a_table_of_four_is_refused():
    checked = check_sheet(summaries(24), "whist-online", 24, seats=4)
    assert [(e.code, e.path) for e in checked.errors] == [("seat_count", "deals")]


def test_seat_count_the_tricks_past_the_deals_are_flagged_at_three():
    deals = summaries(24, "no-low-cards")
    deals[0]["tricks"] = [7, 6, None]  # 13 of no-low-cards' 12 before the third is known
    checked = check_sheet(deals, "whist-online", 24, seats=3)
    assert ("tricks_total", "deals[0].tricks") in {(e.code, e.path) for e in checked.errors}


@pytest.mark.django_db
def test_seat_count_a_three_player_sheet_is_entered_confirmed_shown_and_corrected():
    season = make_season(rules={"remainder": "three-player", "three_player_deck": DECK})
    table = seat_table(make_round(season), make_players(3, with_users=True))
    a, b, _c = [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]
    per_game = 28
    deals = summaries(per_game)
    submit_result(table, actor=a, deals=deals)
    version = ResultVersion.objects.get()
    assert version.deals == deals
    # The confirmer's view: every deal scored with the season's deck.
    lines = deal_sheet(version.deals, "whist-online", DECK)
    assert len(lines) == per_game and all(len(line.cells) == 3 for line in lines)
    confirm_result(table, version.number, actor=b)
    totals = score_game(deals, PRESET, get_deck(DECK)).totals
    assert [r.score for r in GameResult.objects.order_by("seat")] == list(totals or ())
    # An organizer's correction of one deal.
    corrected = summaries(per_game, seed=9)
    organizer_set_result(table, deals=corrected)
    assert Game.objects.get().deals == corrected
    with pytest.raises(ResultRejected):
        organizer_set_result(table, deals=summaries(per_game, "one-card-out"))
