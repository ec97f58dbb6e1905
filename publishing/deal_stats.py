"""The snapshot's deal statistics: the engine's figures (`scoring.stats`) over the season's
games that have deal records, each player's for his section and the leaders for the summary.

Computed at publish time (each game's figures kept until its records change); pages only
read them.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from games.models import Game
from league.models import Season
from publishing.models import GameDealStats
from publishing.snapshot_schema import DealLeader, DealLeaders, DealStatsData, PlayerName
from scoring import UnknownPresetError, get_preset, validate_deal
from scoring.stats import ROW_LENGTH, DealStats, Leader, game_stats, season_leaders, sum_rows

Row = tuple[int, ...]


def season_deal_stats(
    season: Season,
    game_ids: Collection[int],
    seats: Mapping[int, Sequence[Mapping[str, Any]]],
    preset_name: str,
    names: Mapping[int, PlayerName],
) -> tuple[dict[str, DealStatsData], DealLeaders | None]:
    """Each player's figures by slug and the season's leaders, over those of `game_ids`
    that have deal records. `seats` are each game's result rows (`seat`, `player_id`),
    `names` names every player by id. A game the engine cannot score (an unknown preset,
    an invalid deal) adds nothing.
    """
    by_game = game_figures(season, game_ids, preset_name)
    parts: dict[int, list[Row]] = defaultdict(list)
    for game_id, by_seat in by_game.items():
        for row in seats.get(game_id, ()):
            parts[row["player_id"]].append(by_seat[row["seat"]])
    figures = {player: DealStats.from_row(sum_rows(his)) for player, his in parts.items()}
    by_slug = {names[player]["player_slug"]: stats_json(s) for player, s in figures.items()}
    return by_slug, leaders_json(figures, len(by_game), names)


def game_figures(
    season: Season, game_ids: Collection[int], preset_name: str
) -> dict[int, list[Row]]:
    """Each scorable game's figures by seat (`DealStats.to_row`), by game id, for those of
    `game_ids` (confirmed games of `season`) that have deal records.

    The figures of a game are kept (`GameDealStats`) and reused while the game and the
    preset are unchanged, so a publish scores only new or changed records: one query when
    nothing changed, three when some did, whatever their number.
    """
    wanted = set(game_ids)
    rows = (
        Game.objects.filter(season=season, status=Game.Status.CONFIRMED, deals__isnull=False)
        .order_by("id")
        .values_list(
            "id",
            "updated_at",
            "deal_stats__game_updated_at",
            "deal_stats__preset",
            "deal_stats__seats",
        )
    )
    figures: dict[int, list[Row]] = {}
    stale: dict[int, dt.datetime] = {}
    for game_id, updated_at, kept_at, kept_preset, kept in rows:
        if game_id not in wanted:
            continue
        known = _kept(kept) if kept_at == updated_at and kept_preset == preset_name else None
        if known is None:
            stale[game_id] = updated_at
        elif known:
            figures[game_id] = known
    if stale:
        # Streamed: each game's records are dropped once scored. Holding thousands of decoded
        # records at once made Python's garbage collector take ten times the decoding.
        records = Game.objects.filter(id__in=stale).values_list("id", "deals")
        scored = _score(records.iterator(chunk_size=100), preset_name)
        GameDealStats.objects.bulk_create(
            [
                GameDealStats(
                    game_id=game_id,
                    game_updated_at=updated_at,
                    preset=preset_name,
                    seats=scored.get(game_id, []),
                )
                for game_id, updated_at in stale.items()
            ],
            update_conflicts=True,
            unique_fields=["game"],
            update_fields=["game_updated_at", "preset", "seats"],
            batch_size=500,
        )
        figures |= scored
    return figures


def _kept(seats: object) -> list[Row] | None:
    """Kept figures by seat (empty: the game is not scorable), or None if unreadable."""
    if not isinstance(seats, list) or len(seats) not in (0, 4):
        return None
    for row in seats:
        if not isinstance(row, list) or len(row) != ROW_LENGTH:
            return None
        if not all(type(n) is int for n in row):
            return None
    return [tuple(row) for row in seats]


def _score(records: Iterable[tuple[int, object]], preset_name: str) -> dict[int, list[Row]]:
    """The engine's figures by seat of each game whose records it can score."""
    try:
        preset = get_preset(preset_name)
    except UnknownPresetError:
        return {}
    scored = {}
    for game_id, deals in records:
        if not isinstance(deals, list):
            continue
        by_seat = game_stats([validate_deal(deal, preset) for deal in deals])
        if by_seat[0].games:
            scored[game_id] = [seat.to_row() for seat in by_seat]
    return scored


def _percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def stats_json(stats: DealStats) -> DealStatsData:
    """A player's figures as the snapshot stores them (shares and averages worked out)."""
    average = stats.average_score
    return {
        "games": stats.games,
        "deals": stats.deals,
        "made": stats.made,
        "made_percent": _percent(stats.made, stats.deals),
        "by_size": [
            {"size": label, "made": made, "deals": deals, "percent": _percent(made, deals)}
            for label, made, deals in stats.by_size()
        ],
        "zero_up_made": stats.zero_up_made,
        "zero_up_failed": stats.zero_up_failed,
        "zero_down_made": stats.zero_down_made,
        "zero_down_failed": stats.zero_down_failed,
        "declarer_deals": stats.declarer_deals,
        "declarer_made": stats.declarer_made,
        "declarer_percent": _percent(stats.declarer_made, stats.declarer_deals),
        "average_score": None if average is None else round(float(average), 2),
    }


def _value(category: str, value: Fraction) -> float:
    if category == "average":
        return round(float(value), 2)
    if category == "zeros_made":
        return float(value)
    return round(float(100 * value), 1)


def leaders_json(
    figures: Mapping[int, DealStats], games: int, names: Mapping[int, PlayerName]
) -> DealLeaders | None:
    """The season's leaders by category, or None when no game has deal records."""
    if not games:
        return None
    by_slug = {names[player]["player_slug"]: stats for player, stats in figures.items()}
    slugs = {name["player_slug"]: name for name in names.values()}
    leaders = season_leaders(by_slug)

    def listed(category: str) -> list[DealLeader]:
        def one(leader: Leader) -> DealLeader:
            return {
                "rank": leader.rank,
                **slugs[leader.key],
                "value": _value(category, leader.value),
                "count": leader.count,
            }

        return [one(leader) for leader in leaders.by_category[category]]

    return {
        "games": games,
        "minimum_deals": leaders.minimum_deals,
        "zeros_made": listed("zeros_made"),
        "declarer": listed("declarer"),
        "made": listed("made"),
        "average": listed("average"),
    }
