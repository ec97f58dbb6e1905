"""The sheet's live check flags what is already impossible as it is typed (issue 27 item 1)
and gives the running totals of every valid deal with the whole sheet (item 2)."""

from __future__ import annotations

from games.sheets import check_sheet, sheet_from_form

BID = {"deal-0-trump": "S", "deal-0-winning_bid": "7"}


def fields_of(tricks: list[str]) -> dict[str, str]:
    return {**BID, **{f"deal-0-tricks-{s}": t for s, t in enumerate(tricks) if t}}


def test_three_players_tricks_past_13_are_flagged_before_the_fourth_is_entered() -> None:
    checked = check_sheet(sheet_from_form(fields_of(["7", "5", "4", ""]), 28), "whist-online", 28)
    assert "The tricks taken add up to 16" in " ".join(checked.fields(0)["deal-0"])


def test_tricks_within_13_so_far_are_not_flagged() -> None:
    checked = check_sheet(sheet_from_form(fields_of(["7", "5", "", ""]), 28), "whist-online", 28)
    assert "deal-0" not in checked.fields(0)


def test_the_whole_sheet_check_gives_the_running_totals_of_its_valid_deals() -> None:
    deal = {
        "deal-0-trump": "H", "deal-0-declarer": "0", "deal-0-winning_bid": "5",
        **{f"deal-0-contract-{s}": c for s, c in enumerate(["5", "3", "0", "2"])},
        **{f"deal-0-tricks-{s}": t for s, t in enumerate(["5", "3", "3", "2"])},
    }  # fmt: skip
    checked = check_sheet(sheet_from_form(deal, 28), "whist-online", 28)
    answer = checked.to_json()
    assert answer["complete"] == 1
    assert answer["totals"] == list(checked.deal_results[0].scores or ())
    assert answer["totals"] == checked.deal_json(0)["totals"]
