"""Apply the skill rating to stored games: incremental catch-up and full recompute, one path.

Both run `do_apply_ratings`: it finds the earliest point (in played order: date, then game
id) from which the stored history is missing or stale, deletes the history from there on,
and replays the games from there with `rating.elo.replay`. A new game played after every
rated game only appends; a late or edited game rewinds to it. So the incremental updates and
a recompute from scratch run the same arithmetic in the same order and store the same
numbers.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import (
    Count,
    Exists,
    F,
    FilteredRelation,
    FloatField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    Window,
)
from django.db.models.functions import Coalesce, Lag

from games.models import Game, GameResult
from league.models import Player
from league.signals import announce_season_change
from rating.elo import START_RATING, replay
from rating.models import RatingChange

# Any fixed number: the key of the PostgreSQL advisory lock that serialises rating writes.
RATING_LOCK_KEY = 0x5768_6973_7400


@dataclass(frozen=True, order=True)
class Point:
    """A position in played order: the game `game_id` played on `date`."""

    date: dt.date
    game_id: int

    def games_from(self) -> Q:
        """Games at or after this point."""
        return Q(date__gt=self.date) | Q(date=self.date, id__gte=self.game_id)

    def changes_before(self, prefix: str = "") -> Q:
        """Rating changes of games strictly before this point."""
        return Q(**{f"{prefix}played_on__lt": self.date}) | Q(
            **{f"{prefix}played_on": self.date, f"{prefix}game_id__lt": self.game_id}
        )


def rated_games() -> QuerySet[Game]:
    """Games that count for the rating: confirmed, rated, with 3 or 4 results."""
    return (
        Game.objects.filter(status=Game.Status.CONFIRMED, rated=True)
        .annotate(seats=Count("results"))
        .filter(seats__in=(3, 4))
    )


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RATING_LOCK_KEY])


def stale_point(from_game_id: int | None = None) -> Point | None:
    """The earliest point whose stored history is missing or no longer matches the games."""
    candidates: list[Point] = []
    unrated = (
        rated_games()
        .filter(~Exists(RatingChange.objects.filter(game=OuterRef("pk"))))
        .order_by("date", "id")
        .values_list("date", "id")
        .first()
    )
    if unrated:
        candidates.append(Point(*unrated))
    # History of a game that no longer counts, or whose score, players or date changed
    # (one join: a change whose (game, player, score) has no matching result row).
    mismatched = (
        RatingChange.objects.annotate(
            same=FilteredRelation(
                "game__results",
                condition=Q(game__results__player=F("player"), game__results__score=F("score")),
            )
        )
        .filter(
            Q(same__isnull=True)
            | ~Q(game__status=Game.Status.CONFIRMED)
            | Q(game__rated=False)
            | ~Q(played_on=F("game__date"))
        )
        .order_by("played_on", "game_id")
        .values_list("played_on", "game_id")
        .first()
    )
    if mismatched:
        candidates.append(Point(*mismatched))
    broken = _broken_chain()
    if broken:
        candidates.append(broken)
    if from_game_id is not None:
        game = Game.objects.filter(pk=from_game_id).values_list("date", "id").first()
        if game:
            candidates.append(Point(*game))
    return min(candidates, default=None)


def _broken_chain() -> Point | None:
    """The first change that does not start where the player's previous one ended (or at
    START_RATING): a game before it is gone (deleted, its changes with it), so the history
    from there was rated from ratings that no longer hold."""
    previous = Window(
        Lag("after"), partition_by=[F("player_id")], order_by=[F("played_on"), F("game_id")]
    )
    found = (
        RatingChange.objects.annotate(
            expected=Coalesce(previous, Value(START_RATING), output_field=FloatField())
        )
        .exclude(before=F("expected"))
        .order_by("played_on", "game_id")
        .values_list("played_on", "game_id")
        .first()
    )
    return Point(*found) if found else None


def do_apply_ratings(from_game_id: int | None = None, *, full: bool = False) -> int:
    """Bring the rating history up to date; return how many games were (re)applied.

    `from_game_id` forces a replay from that game (e.g. its result was edited); `full`
    replays every game from the start (the `recompute_ratings` command).
    """
    with transaction.atomic():
        _lock()
        point = Point(dt.date.min, 0) if full else stale_point(from_game_id)
        if point is None:
            return 0
        forget_history_from(point.date, point.game_id)
        games, dates = _games_from(point)
        players = {player for _, results in games for player, _ in results}
        changes = list(replay(games, _ratings_before(point, players)))
        RatingChange.objects.bulk_create(
            (
                RatingChange(
                    player_id=change.player,
                    game_id=change.game,
                    played_on=dates[change.game],
                    score=change.score,
                    before=change.before,
                    after=change.after,
                )
                for change in changes
            ),
            batch_size=2000,
        )
        announce_season_change(None)  # the players' rating charts read their history
        return len(games)


def forget_history_from(date: dt.date, game_id: int) -> int:
    """Delete the rating history from game `game_id` played on `date` onwards (it is then
    replayed by the next update); returns the rows deleted."""
    return RatingChange.objects.filter(~Point(date, game_id).changes_before()).delete()[0]


def _games_from(
    point: Point,
) -> tuple[list[tuple[int, list[tuple[int, int]]]], dict[int, dt.date]]:
    """Rated games at or after `point` in played order, as (game, [(player, score)]), and
    each game's date."""
    dates = dict(
        rated_games().filter(point.games_from()).order_by("date", "id").values_list("id", "date")
    )
    game_ids = list(dates)
    results: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for game_id, player_id, score in (
        GameResult.objects.filter(game_id__in=game_ids)
        .order_by("game_id", "seat")
        .values_list("game_id", "player_id", "score")
    ):
        results[game_id].append((player_id, score))
    return [(game_id, results[game_id]) for game_id in game_ids], dates


def _ratings_before(point: Point, player_ids: set[int]) -> dict[int, float]:
    """The players' ratings just before `point` (players with no history are left out)."""
    latest = RatingChange.objects.filter(point.changes_before(), player=OuterRef("pk")).order_by(
        "-played_on", "-game_id"
    )
    return dict(
        Player.objects.filter(pk__in=player_ids)
        .annotate(rating=Subquery(latest.values("after")[:1]))
        .filter(rating__isnull=False)
        .values_list("id", "rating")
    )


def current_ratings(player_ids: Iterable[int]) -> dict[int, float]:
    """The current rating of each given player (START_RATING when he has no rated game)."""
    latest = RatingChange.objects.filter(player=OuterRef("pk")).order_by("-played_on", "-game_id")
    found = dict(
        Player.objects.filter(pk__in=list(player_ids))
        .annotate(rating=Subquery(latest.values("after")[:1]))
        .values_list("id", "rating")
    )
    return {pid: (rating if rating is not None else START_RATING) for pid, rating in found.items()}
