"""The sheet at a table of three (issue 30 items 3-4, RULES.md 1.5): three seats' fields, the
bid grid and the keypads up to the deck's tricks T, a deck without clubs offers no club
trump; the phone sheet's script is told the seats and T. A table of four is as before."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from games.models import ResultVersion
from games.sheet_fields import DEAL_FIELDS, deal_fields
from games.sheets import sheet_fields
from games.templatetags.deal_sheet import table_deck
from league.actions.common import season_rules
from scoring import get_preset, score_game
from scoring.decks import NO_CLUBS
from scoring.generate import random_deals
from tests.roundsupport import make_players, make_round, make_season, seat_table

pytestmark = pytest.mark.django_db


def three_table(deck: str | None = None):  # type: ignore[no-untyped-def]
    season = make_season(rules={"three_player_deck": deck} if deck else {})
    return seat_table(make_round(season), make_players(3, with_users=True))


def sheet_page(client, table) -> str:  # type: ignore[no-untyped-def]
    client.force_login(table.seats.order_by("seat").first().player.user)
    response = client.get(reverse("games:sheet", args=[table.pk]))
    assert response.status_code == 200
    return str(response.content.decode())


def sheet_config(body: str) -> dict[str, object]:
    found = re.search(r'<script id="sheet-config" type="application/json">(.*?)</script>', body)
    assert found
    config: dict[str, object] = json.loads(found.group(1))
    return config


def test_a_deal_at_three_has_three_seats_fields():
    assert deal_fields(3) == (
        "trump", "declarer", "winning_bid",
        "contract-0", "contract-1", "contract-2",
        "tricks-0", "tricks-1", "tricks-2",
    )  # fmt: skip
    assert deal_fields(4) == DEAL_FIELDS == deal_fields()


def test_the_deck_of_a_table_is_the_seasons_three_player_deck_at_three():
    default = season_rules(make_season())
    assert (table_deck(default, 4).tricks, table_deck(default, 3).name) == (13, "no-low-cards")
    rules = season_rules(make_season("other", rules={"three_player_deck": "one-card-out"}))
    assert (table_deck(rules, 3).name, table_deck(rules, 4).name) == ("one-card-out", "four-seats")


def test_the_sheet_at_three_has_three_seats_and_the_keypads_go_up_to_the_decks_tricks(client):
    body = sheet_page(client, three_table())  # no-low-cards: 12 tricks
    assert body.count('name="deal-27-tricks-2"') == 1
    assert 'name="deal-0-tricks-3"' not in body and 'name="deal-0-contract-3"' not in body
    assert body.count("data-seat-row=") == 3
    assert body.count("data-contract-seat=") == 3 * 13  # each player's contract, 0..12
    assert body.count("data-number=") == 13  # the tricks' keypad, 0..12
    assert body.count("data-bid=") == 8 * 5  # bids 5..12 in the five trumps
    assert 'aria-label="12NT (No trump)"' in body and 'data-bid="13"' not in body
    assert sheet_config(body) | {"seats": 3, "tricks": 12} == sheet_config(body)


def test_the_sheet_at_three_with_one_card_out_goes_up_to_17(client):
    body = sheet_page(client, three_table("one-card-out"))
    assert body.count("data-bid=") == 13 * 5  # bids 5..17
    assert 'aria-label="17NT (No trump)"' in body
    assert body.count("data-number=") == 18
    assert body.count("data-contract-seat=") == 3 * 18
    config = sheet_config(body)
    assert (config["seats"], config["tricks"]) == (3, 17)


def test_the_sheet_at_three_without_clubs_offers_no_club_trump(client):
    body = sheet_page(client, three_table("no-clubs"))
    assert 'data-trump="C"' not in body
    assert body.count("data-bid=") == 9 * 4  # bids 5..13 in four strains
    assert sheet_config(body)["tricks"] == 13


def test_the_scores_page_of_a_table_of_three_links_its_sheet(client):
    table = three_table()
    client.force_login(table.seats.order_by("seat").first().player.user)
    body = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert reverse("games:sheet", args=[table.pk]) in body


def test_the_sheet_at_four_is_as_before(client):
    season = make_season()
    table = seat_table(make_round(season), make_players(4, with_users=True))
    body = sheet_page(client, table)
    assert body.count("data-bid=") == 9 * 5
    assert body.count("data-number=") == 14
    assert body.count("data-contract-seat=") == 4 * 14
    config = sheet_config(body)
    assert (config["seats"], config["tricks"]) == (4, 13)


def test_without_javascript_the_grid_at_three_submits_a_sheet_of_three(client):
    season = make_season(rules={"deals_per_game": 2, "three_player_deck": "no-clubs"})
    table = seat_table(make_round(season), make_players(3, with_users=True))
    deals = random_deals(5, 2, get_preset("whist-online"), summary_only=True, deck=NO_CLUBS)
    for deal in deals:
        deal.pop("dealer")
    client.force_login(table.seats.order_by("seat").first().player.user)
    fields = {"mode": "sheet", **sheet_fields(deals)}
    assert not any(name.endswith("-3") for name in fields)
    response = client.post(reverse("games:submit", args=[table.pk]), fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    version = ResultVersion.objects.get(table=table)
    assert version.deals is not None
    assert [d["tricks"] for d in version.deals] == [d["tricks"] for d in deals]
    assert version.scores == list(
        score_game(deals, get_preset("whist-online"), NO_CLUBS).totals or []
    )
