"""Writing games: the one path that stores a Game and its per-seat results (with their facts).

The results workflow, the API and the season import all write through here; they announce the
change after commit with `league.signals.announce_results`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.facts import results_for
from games.models import Game, GameResult

# (seat, player or player id, score): a game's whole result, by seat.
Seating = Sequence[tuple[int, Any, int]]

# What a table's game takes from the new one when it is replaced (it keeps whether it is rated).
_REPLACED = ("season_id", "round", "date", "status", "source", "deals")


def record_games(games: Sequence[tuple[Game, Seating]]) -> list[Game]:
    """Store new (unsaved) games and their results: two INSERTs whatever the count."""
    saved = Game.objects.bulk_create([game for game, _ in games])
    GameResult.objects.bulk_create(
        row
        for game, (_, seating) in zip(saved, games, strict=True)
        for row in results_for(game, seating)
    )
    return saved


def record_game(game: Game, seating: Seating, *, rated: bool = False) -> Game:
    """Store one game and its results. A table's game replaces the table's stored game (the
    same row, its old results deleted; its rated flag kept unless `rated` says the game's
    flag replaces it too); any other game is new."""
    if game.table_id is None:
        return record_games([(game, seating)])[0]
    replaced = (*_REPLACED, "rated") if rated else _REPLACED
    stored, _created = Game.objects.update_or_create(
        table=game.table, defaults={name: getattr(game, name) for name in replaced}
    )
    GameResult.objects.filter(game=stored).delete()
    GameResult.objects.bulk_create(results_for(stored, seating))
    return stored
