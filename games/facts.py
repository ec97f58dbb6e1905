"""What each result row records about its game, so very large standings are read off an index.

A result's standing depends on its whole game: its place and how many players share it, and
its gap from the table average. These facts (and the game's season, date and round number,
which order a player's games) are copied onto every GameResult when results are written, so
`standings.sql` never has to compare the seats of a game while it reads a season.
They never depend on league rules: placement points are applied when standings are read.

Every writer builds results with `results_for`; anything that changes a game's results or its
season, date or round afterwards (the admin, a hand fix) calls `refresh_facts`, and
`python manage.py refresh_result_facts` rebuilds them all.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games.models import Game, GameResult
from league.standings import TABLE_SIZES, gaps_from_average, in_twelfths, places


@dataclass(frozen=True)
class SeatFacts:
    """One seat's standing in its game: place (1 = best), players sharing it, gap in twelfths."""

    place: int
    tied: int
    gap: int


def seat_facts(scores: Sequence[int]) -> list[SeatFacts | None]:
    """The facts of every seat of a game, from its scores (the standings' own places and
    gaps); None for each seat of a game of other than 3 or 4 players, which no standings
    count.

    >>> [(f.place, f.tied, f.gap) for f in seat_facts([120, 80, 80, -10])]
    [(1, 1, 630), (2, 2, 150), (2, 2, 150), (4, 1, -930)]
    """
    if len(scores) not in TABLE_SIZES:
        return [None] * len(scores)
    return [
        SeatFacts(place=place, tied=tied, gap=in_twelfths(gap))
        for (place, tied), gap in zip(places(scores), gaps_from_average(scores), strict=True)
    ]


def game_fields(game: Game) -> dict[str, Any]:
    """The game's own values every one of its result rows carries."""
    return {
        "season_id": game.season_id,
        "played": game.date,
        "round_number": game.round.number if game.round is not None else 0,
    }


def results_for(game: Game, seats: Iterable[tuple[int, Any, int]]) -> list[GameResult]:
    """Unsaved GameResult rows, with their facts, from (seat, player or player id, score).

    `seats` must be the game's whole result: the facts compare every seat with the others.
    """
    ordered = sorted(seats, key=lambda seat: seat[0])
    facts = seat_facts([score for _, _, score in ordered])
    shared = game_fields(game)
    rows = []
    for (seat, player, score), fact in zip(ordered, facts, strict=True):
        who = {"player_id": player} if isinstance(player, int) else {"player": player}
        rows.append(
            GameResult(
                game=game,
                seat=seat,
                score=score,
                place=fact.place if fact else None,
                tied=fact.tied if fact else None,
                gap=fact.gap if fact else None,
                **shared,
                **who,
            )
        )
    return rows


FACT_FIELDS = ("season_id", "played", "round_number", "place", "tied", "gap")


def refresh_facts(game_ids: Iterable[int], *, batch: int = 2000) -> int:
    """Recompute the facts of the results of `game_ids` from their scores; returns rows changed.

    Reads the games and results in batches of `batch` games and writes only rows that differ.
    """
    wanted = sorted(set(game_ids))
    changed = 0
    for start in range(0, len(wanted), batch):
        chunk = wanted[start : start + batch]
        games = Game.objects.select_related("round").in_bulk(chunk)
        by_game: dict[int, list[GameResult]] = defaultdict(list)
        for result in GameResult.objects.filter(game_id__in=chunk).order_by("game_id", "seat"):
            by_game[result.game_id].append(result)
        stale = []
        for game_id, results in by_game.items():
            fresh = results_for(games[game_id], [(r.seat, r.player_id, r.score) for r in results])
            for result, right in zip(results, fresh, strict=True):
                if any(getattr(result, f) != getattr(right, f) for f in FACT_FIELDS):
                    for field in FACT_FIELDS:
                        setattr(result, field, getattr(right, field))
                    stale.append(result)
        with transaction.atomic():
            GameResult.objects.bulk_update(stale, FACT_FIELDS, batch_size=1000)
        changed += len(stale)
    return changed
