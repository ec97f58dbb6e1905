"""Which leagues refer to a player: every kind of row that points at a Player, classified here.

A player record is new while no row of any kind below refers to it; once one does, it belongs
to that row's league (`LEAGUE_OF`: the lookups from the row to its league; a row of a game
without a season belongs to the league of the API token that submitted it). A relation that is
not classified counts as a reference to no league, so an unclassified new model closes the
player to every organizer rather than leaving him open to all (and
`tests/accounts/test_player_references.py` fails until it is classified).

Models above the league (the games', the ratings', the API's) are reached through Player's
reverse relations, by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from django.db.models import Exists, ForeignObjectRel, Model, OuterRef, Q, QuerySet

from league.models import Player

_GAME_LEAGUE: Final = ("game__season__league", "game__submission__league")

# Every relation to Player ("app_label.Model.field") that ties him to a league: the lookups,
# from the referring row, to the league it belongs to (the row counts for each that is set).
LEAGUE_OF: Final[Mapping[str, tuple[str, ...]]] = {
    "league.Registration.player": ("round__season__league",),
    "league.Seat.player": ("round__season__league",),
    "games.GameResult.player": _GAME_LEAGUE,
    "games.SeatLink.player": ("round__season__league",),
    "games.ResultVersion.entered_player": ("table__round__season__league",),
    "games.SheetDraft.player": ("table__round__season__league",),
    "rating.RatingChange.player": _GAME_LEAGUE,
    "rating.RatedLeagueMember.player": ("season__league",),
    "api.PlatformPlayer.player": ("league",),
}

# Relations to Player that tie him to no league, and why.
NOT_A_LEAGUE_REFERENCE: Final[Mapping[str, str]] = {
    "accounts.PlayerClaim.player": "a claim is a user's request to be the player, decided by "
    "an organizer who may link him",
}


@dataclass(frozen=True)
class Reference:
    """One kind of row that refers to a player, and the lookups from it to its league."""

    model: type[Model]
    field: str
    leagues: tuple[str, ...]

    def rows(self, player: OuterRef | int) -> QuerySet[Any]:
        """The rows of this kind that refer to `player` (a pk, or an outer query's)."""
        return self.model._default_manager.filter(**{self.field: player})


def relation_key(relation: ForeignObjectRel) -> str:
    """How `LEAGUE_OF` names a relation to Player: "app_label.Model.field"."""
    return f"{relation.related_model._meta.label}.{relation.field.name}"


def player_relations() -> Iterator[ForeignObjectRel]:
    """Every relation of another model to Player (hidden ones included)."""
    for field in Player._meta.get_fields(include_hidden=True):
        if isinstance(field, ForeignObjectRel):
            yield field


@cache
def references() -> tuple[Reference, ...]:
    """Every kind of row that keeps a player from being new, with its league lookups
    (none for a relation not classified above)."""
    return tuple(
        Reference(relation.related_model, relation.field.name, LEAGUE_OF.get(key, ()))
        for relation in player_relations()
        if (key := relation_key(relation)) not in NOT_A_LEAGUE_REFERENCE
    )


def referred(player: OuterRef | int) -> Q:
    """True for a player some row refers to (not a new record)."""
    return _any(Exists(ref.rows(player)) for ref in references())


def referred_in(player: OuterRef | int, leagues: QuerySet[Any]) -> Q:
    """True for a player a row of one of `leagues` (a query of league ids) refers to."""
    return _any(
        Exists(ref.rows(player).filter(_any(Q(**{f"{path}__in": leagues}) for path in ref.leagues)))
        for ref in references()
        if ref.leagues
    )


def leagues_of(player: Player) -> set[int]:
    """The ids of the leagues whose rows refer to `player`."""
    found: set[int] = set()
    for ref in references():
        if ref.leagues:
            for row in ref.rows(player.pk).values_list(*ref.leagues).distinct():
                found.update(league for league in row if league is not None)
    return found


def _any(conditions: Iterable[Q | Exists]) -> Q:
    """The conditions joined by OR (never true when there are none)."""
    joined = Q(pk__in=[])
    for condition in conditions:
        joined |= Q(condition)
    return joined
