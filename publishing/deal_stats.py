"""The snapshot's deal statistics: the engine's figures (`scoring.stats`) over the season's
games that have deal records, each player's for his section and the leaders for the summary.

Computed at publish time in one query (the games' deal records); pages only read them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any

from games.models import Game
from publishing.snapshot_schema import DealLeader, DealLeaders, DealStatsData, PlayerName
from scoring import UnknownPresetError, get_preset, validate_deal
from scoring.stats import DealStats, Leader, game_stats, season_leaders, total_stats


def deal_records(game_ids: Collection[int]) -> dict[int, list[Any]]:
    """The deal records of those of the games that have them, by game id (one query)."""
    if not game_ids:
        return {}
    rows = Game.objects.filter(id__in=game_ids, deals__isnull=False).values_list("id", "deals")
    return {game_id: deals for game_id, deals in rows if isinstance(deals, list) and deals}


def season_deal_stats(
    game_ids: Collection[int],
    seats: Mapping[int, Sequence[Mapping[str, Any]]],
    preset_name: str,
    names: Mapping[int, PlayerName],
) -> tuple[dict[str, DealStatsData], DealLeaders | None]:
    """Each player's figures by slug and the season's leaders (one query: the records).

    `seats` are each game's result rows (`seat`, `player_id`), `names` names every player
    by id. A game the engine cannot score (an unknown preset, an invalid deal) adds nothing.
    """
    figures, games = player_figures(deal_records(game_ids), seats, preset_name)
    by_slug = {names[player]["player_slug"]: stats_json(s) for player, s in figures.items()}
    return by_slug, leaders_json(figures, games, names)


def player_figures(
    records: Mapping[int, Sequence[object]],
    seats: Mapping[int, Sequence[Mapping[str, Any]]],
    preset_name: str,
) -> tuple[dict[int, DealStats], int]:
    """Each player's figures (by player id) over the games' records, scored under the
    preset, and how many games they come from."""
    try:
        preset = get_preset(preset_name)
    except UnknownPresetError:
        return {}, 0
    parts: dict[int, list[DealStats]] = defaultdict(list)
    games = 0
    for game_id, deals in records.items():
        by_seat = game_stats([validate_deal(deal, preset) for deal in deals])
        if not by_seat[0].games:
            continue
        games += 1
        for row in seats.get(game_id, ()):
            parts[row["player_id"]].append(by_seat[row["seat"]])
    return {player: total_stats(figures) for player, figures in parts.items()}, games


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
