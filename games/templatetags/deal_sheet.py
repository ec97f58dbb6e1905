"""The phone deal sheet's context: players, trump buttons, the engine's bid range, the draft.

At a table of three the sheet has three seats and the deck's tricks a deal (T: 12, 13 or 17,
the season's `three_player_deck`; scoring.decks): the bid grid and the keypads go up to T,
the last player's tricks are the rest of T, and a deck without clubs offers no club trump.

`{% phone_sheet %}` renders templates/games/_deal_sheet.html inside the sheet form of the
table page; the page's JavaScript (static/web/sheet.js) fills the form's own fields, so the
submitted sheet goes through the same submit path and checks as the form without scripts.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games.models import SheetDraft
from games.sheet_fields import FIELD
from games.strains import STRAIN_FACES
from league.actions.common import season_rules
from league.models import Seat, Table
from league.rules import LeagueRules
from scoring import get_preset
from scoring.cards import Strain
from scoring.decks import Deck, deck_for

register = template.Library()


def table_deck(rules: LeagueRules, seats: int) -> Deck:
    """The deck of a table of `seats` under the season's rules: the 52 cards at four, the
    season's `three_player_deck` at three."""
    return deck_for(seats, rules.three_player_deck)


@register.inclusion_tag("games/_deal_sheet.html", takes_context=True)
def phone_sheet(context: template.Context) -> dict[str, Any]:
    table: Table = context["table"]
    seats: list[Seat] = context["seats"]
    user = context["request"].user
    rules = season_rules(table.round.season)
    minimum_bid = get_preset(rules.scoring_preset).options.minimum_bid
    deck = table_deck(rules, len(seats))
    faces = [face for face in STRAIN_FACES if deck.holds_strain(Strain[face.code])]
    acting = context.get("acting_player_id")
    player = next((s.player for s in seats if acting is not None and s.player_id == acting), None)
    draft = (
        SheetDraft.objects.filter(table=table, player=player).only("data").first()
        if player is not None
        else None
    )
    return {
        "seats": seats,
        # The winning bid in one tap: a row per number, the five trumps in each.
        "bid_rows": [
            [
                {"code": face.code, "number": n, "text": face.bid(n), "spoken": face.spoken_bid(n)}
                for face in faces
            ]
            for n in range(minimum_bid, deck.tricks + 1)
        ],
        "numbers": range(deck.tricks + 1),
        "deal_numbers": range(1, rules.deals_per_game + 1),
        "deals_per_game": rules.deals_per_game,
        "config": {
            "deals": rules.deals_per_game,
            "field": FIELD,
            "minimumBid": minimum_bid,
            "seats": deck.seats,
            "tricks": deck.tricks,
            "players": [s.player.name for s in seats],
            "symbols": {face.code: str(face.symbol) for face in STRAIN_FACES},
            "checkUrl": reverse("games:check", args=[table.pk]),
            "draftUrl": reverse("games:draft", args=[table.pk]) if player else None,
            "storageKey": f"whist-sheet-draft:{table.pk}:{user.pk or f'p{acting}'}",
            "draft": draft.data if draft is not None else None,
        },
    }
