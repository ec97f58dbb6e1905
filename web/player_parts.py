"""The player page's rating and head-to-head parts: the games that moved his rating most
(the published rating list) and his opponents, each linking to their head-to-head."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from games.models import Game, GameResult
from league.models import Player
from publishing.rating_schema import PlayerRatingSection
from publishing.rating_snapshots import rating_section


@dataclass(frozen=True)
class Opponent:
    """Someone the player shared a table with, and in how many confirmed games."""

    name: str
    slug: str
    games: int


def opponents(player: Player) -> list[Opponent]:
    """Everyone the player shared a confirmed game with, most games first (1 query)."""
    rows = (
        GameResult.objects.filter(game__status=Game.Status.CONFIRMED, game__results__player=player)
        .exclude(player=player)
        .values("player__name", "player__slug")
        .annotate(games=Count("game_id", distinct=True))
        .order_by("-games", "player__name")
    )
    return [Opponent(r["player__name"], r["player__slug"], r["games"]) for r in rows]


def player_rating_parts(player: Player) -> dict[str, object]:
    """The player page's rating parts: the games that moved his rating most (the published
    list's section) and his opponents with head-to-head links (2 queries)."""
    moves: PlayerRatingSection | None = rating_section(player.slug)
    return {"rating_moves": moves, "opponents": opponents(player)}
