"""Errors a player understands: every stable code has a player's sentence in English and
Hebrew, a sheet with one deal filled answers that deal's errors and one summary, and the
live check of one changed deal answers only that deal, in a few hundred bytes."""

import doctest

import pytest
from django.urls import reverse
from django.utils import translation

import games.messages
from games.messages import (
    MALFORMED_BY_FIELD,
    PLAYER_MESSAGES,
    empty_deals_message,
    player_message,
)
from games.models import ResultVersion
from games.sheets import check_sheet
from league.game_check import GameCode
from scoring import ErrorCode
from tests.games.test_result_pages import seated_users
from tests.games.test_result_pages import table as table  # the fixture

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A Hebrew request leaves Hebrew active in this thread; later tests expect English."""
    yield
    translation.activate("en")


PARAMS = {"bid": 5, "contract": 4, "total": 12, "minimum": 5, "expected": 28, "got": 1}
PARAMS |= {"seat": 1, "score": 9, "deals": 28, "low": -7280, "high": 5012}
FILLED = {
    "trump": "H",
    "declarer": 0,
    "winning_bid": 5,
    "contracts": [5, 3, 0, 5],  # 13: the last to bid must change
    "tricks": [5, 4, 0, 4],
}
EMPTY = {"trump": "", "declarer": "", "winning_bid": "", "contracts": [""] * 4, "tricks": [""] * 4}


def form(deal: int, record: dict) -> dict[str, str]:
    fields = {
        f"deal-{deal}-trump": record["trump"],
        f"deal-{deal}-declarer": str(record["declarer"]),
        f"deal-{deal}-winning_bid": str(record["winning_bid"]),
    }
    for seat in range(4):
        fields[f"deal-{deal}-contract-{seat}"] = str(record["contracts"][seat])
        fields[f"deal-{deal}-tricks-{seat}"] = str(record["tricks"][seat])
    return fields


def hebrew(text: str) -> bool:
    return any("\u0590" <= ch <= "\u05ff" for ch in text)


@pytest.mark.parametrize("code", [*ErrorCode, GameCode.DEAL_COUNT, GameCode.SCORE_OUT_OF_RANGE])
def test_every_stable_code_has_a_players_sentence_in_hebrew(code):
    assert code in PLAYER_MESSAGES
    english = player_message(code, "", **PARAMS)
    assert english and "?" not in english
    with translation.override("he"):
        assert hebrew(player_message(code, "", **PARAMS))


def test_the_empty_deals_summary_is_one_sentence_in_hebrew():
    assert empty_deals_message(27) == "27 deals are still empty."
    with translation.override("he"):
        assert hebrew(empty_deals_message(27)) and "27" in empty_deals_message(27)


@pytest.mark.parametrize("field", list(MALFORMED_BY_FIELD))
def test_every_malformed_field_has_a_hebrew_sentence(field):
    path = field.replace("[]", "[1]")
    with translation.override("he"):
        assert hebrew(player_message("malformed", path, seat=1, seats=4, minimum=5))


def test_engine_codes_and_paths_stay_while_the_words_are_the_players():
    checked = check_sheet([FILLED], "whist-online", 1)
    [error] = checked.errors
    assert (error.code, error.path) == ("contracts_total_13", "deals[0].contracts[3]")
    assert error.message.startswith("The contracts add up to exactly 13")


def test_one_filled_deal_answers_its_errors_and_one_summary_for_the_empty_ones():
    checked = check_sheet([FILLED] + [EMPTY] * 27, "whist-online", 28)
    assert [e.code for e in checked.errors] == ["deals_empty", "contracts_total_13"]
    assert checked.errors[0].message == "27 deals are still empty."


def test_submitting_a_sheet_with_one_deal_shows_few_messages_in_hebrew(client, table):
    client.force_login(seated_users(table)[0])
    data = {"mode": "sheet", **form(0, FILLED)}
    response = client.post(
        reverse("games:submit", args=[table.pk]), data, HTTP_ACCEPT_LANGUAGE="he"
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert body.count('class="error"') <= 3
    assert "seat 0..3" not in body and "must be a whole number 0..13" not in body
    with translation.override("he"):
        assert player_message("contracts_total_13") in body
    assert not ResultVersion.objects.exists()


def test_live_check_answers_only_the_changed_deal_in_a_few_hundred_bytes(client, table):
    client.force_login(seated_users(table)[0])
    url = reverse("games:check", args=[table.pk])
    made = dict(FILLED, contracts=[5, 3, 0, 2])
    fields = {**form(0, made), **form(1, FILLED), "deal": 1}
    response = client.post(url, fields, content_type="application/json")
    assert response.status_code == 200 and len(response.content) < 2_000
    result = response.json()
    assert result["deal"] == 1 and result["valid"] is False
    assert list(result["fields"]) == ["deal-1-contract-3"]
    assert result["totals"] == [35, -5, 50, -10]  # only deal 1 (index 0) scores so far
    assert result["summary"] == ["26 deals are still empty."]
    fields["deal"] = 0
    result = client.post(url, fields, content_type="application/json").json()
    assert result["valid"] is True and result["fields"] == {}


@pytest.mark.parametrize("deal", [28, -1, "1", True, 1.5])
def test_live_check_refuses_a_deal_index_outside_the_sheet(client, table, deal):
    client.force_login(seated_users(table)[0])
    url = reverse("games:check", args=[table.pk])
    response = client.post(url, {"deal": deal}, content_type="application/json")
    assert response.status_code == 400 and "deal" in response.json()["error"]


def test_messages_docstring_examples_run():
    with translation.override("en"):
        outcome = doctest.testmod(games.messages)
    assert outcome.attempted > 0 and outcome.failed == 0
