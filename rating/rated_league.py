"""Keep rated open-play seasons' members and games in step with the stored rating history."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone

from core.errors import ActionError
from games.models import Game, GameResult
from league.actions.common import season_rules
from league.models import Player, Season
from rating.elo import START_RATING
from rating.membership import Membership, counted_games, membership
from rating.models import RatedLeagueMember, RatingChange


def rated_seasons() -> list[tuple[Season, int]]:
    """Seasons of rated open-play leagues, with their rating threshold (earliest first)."""
    found = []
    for season in Season.objects.order_by("start", "pk"):
        try:
            rules = season_rules(season)
        except ActionError:  # broken rules: that season waits for an organizer's fix
            continue
        if rules.kind == "rated" and rules.rating_threshold is not None:
            found.append((season, rules.rating_threshold))
    return found


def do_sync_rated_season(season: Season, threshold: int) -> bool:
    """Recompute the season's members and assign its games from play and the API.

    Imported games are the club's record and stay as they are. Returns whether any game
    joined or left the season (its standings then need publishing).
    """
    with transaction.atomic():
        candidates = _candidate_games(season)
        players = {p for _, _, ps in candidates for p in ps}
        members = _members(season, threshold, players)
        counted = set(counted_games(members, candidates, season.start, season.end))
        current = _assigned(season)
        _store_members(season, members)
        now = timezone.now()
        joined = counted - current
        left = current - counted
        for games, assigned in ((joined, season), (left, None)):
            Game.objects.filter(pk__in=games).update(season=assigned, updated_at=now)
            # the results carry their game's season (games.facts)
            GameResult.objects.filter(game_id__in=games).update(season=assigned)
        return bool(joined or left)


def _store_members(season: Season, members: dict[int, Membership]) -> None:
    """Write the members, touching only the rows that changed."""
    stored = {
        player: Membership(date, game, rating)
        for player, date, game, rating in RatedLeagueMember.objects.filter(
            season=season
        ).values_list("player_id", "since_date", "since_game_id", "reached_rating")
    }
    changed = [p for p, m in members.items() if p in stored and stored[p] != m]
    gone = [p for p in stored if p not in members]
    RatedLeagueMember.objects.filter(season=season, player_id__in=[*changed, *gone]).delete()
    RatedLeagueMember.objects.bulk_create(
        RatedLeagueMember(
            season=season,
            player_id=player,
            since_date=m.date,
            since_game_id=m.game,
            reached_rating=m.rating,
        )
        for player, m in members.items()
        if player not in stored or player in changed
    )


def _assigned(season: Season) -> set[int]:
    return set(
        Game.objects.filter(season=season)
        .exclude(source=Game.Source.IMPORT)
        .values_list("pk", flat=True)
    )


def _candidate_games(season: Season) -> list[tuple[int, dt.date, list[int]]]:
    """Rated confirmed games from play or the API in the season's dates, not in another
    season (one query)."""
    games = (
        Game.objects.filter(
            Q(season__isnull=True) | Q(season=season),
            status=Game.Status.CONFIRMED,
            rated=True,
            date__gte=season.start,
            date__lte=season.end,
        )
        .exclude(source=Game.Source.IMPORT)
        .annotate(seats=Count("results"))
        .filter(seats=4)
    )
    players: dict[int, list[int]] = defaultdict(list)
    dates = {}
    for game_id, date, player_id in (
        GameResult.objects.filter(game__in=games)
        .order_by("game__date", "game_id", "seat")
        .values_list("game_id", "game__date", "player_id")
    ):
        players[game_id].append(player_id)
        dates[game_id] = date
    return [(game_id, dates[game_id], players[game_id]) for game_id in players]


def _members(season: Season, threshold: int, players: set[int]) -> dict[int, Membership]:
    """Every member of the season: the given players and anyone with a crossing in it."""
    carried = RatingChange.objects.filter(
        player=OuterRef("pk"), played_on__lt=season.start
    ).order_by("-played_on", "-game_id")
    at_start = dict(
        Player.objects.filter(
            Q(pk__in=players)
            | Q(rating_changes__played_on__lt=season.start, rating_changes__after__gte=threshold)
        )
        .distinct()
        .annotate(rating=Subquery(carried.values("after")[:1]))
        .values_list("pk", "rating")
    )
    crossings: dict[int, list[tuple[object, int, float]]] = defaultdict(list)
    for player, date, game, after in (
        RatingChange.objects.filter(
            played_on__gte=season.start, played_on__lte=season.end, after__gte=threshold
        )
        .order_by("player_id", "played_on", "game_id")
        .values_list("player_id", "played_on", "game_id", "after")
    ):
        crossings[player].append((date, game, after))
    found = {}
    for player in set(at_start) | set(crossings):
        rating = at_start.get(player)
        m = membership(
            threshold,
            season.start,
            season.end,
            START_RATING if rating is None else rating,
            crossings.get(player, ()),  # type: ignore[arg-type]  # () is an empty list here
        )
        if m is not None:
            found[player] = m
    return found
