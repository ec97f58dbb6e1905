"""The snapshot's deal statistics: the engine's figures (`scoring.stats`) over the season's
games that have deal records, each player's for his section and the leaders for the summary.

Computed at publish time (each game's figures kept until its records change); pages only
read them.

Games of three (RULES.md 1.5) are scored with the season's `three_player_deck`; their
figures (rows of `THREE_ROW_LENGTH`, contract sizes up to T) are kept apart from the
four-player ones: the players' figures and the leaders are those of the games of four, as
before, and `season_three_player_stats` gives each player's figures at tables of three.
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
from scoring import (
    DEFAULT_THREE_PLAYER_DECK,
    UnknownPresetError,
    deck_for,
    get_preset,
    validate_deal,
)
from scoring.game import deals_seats
from scoring.stats import (
    ROW_LENGTH,
    THREE_ROW_LENGTH,
    DealStats,
    Leader,
    game_stats,
    season_leaders,
    sum_rows,
)

Row = tuple[int, ...]


def season_deal_stats(
    season: Season,
    game_ids: Collection[int],
    seats: Mapping[int, Sequence[Mapping[str, Any]]],
    preset_name: str,
    names: Mapping[int, PlayerName],
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK,
) -> tuple[dict[str, DealStatsData], DealLeaders | None]:
    """Each player's figures by slug and the season's leaders, over those of `game_ids`
    that have deal records, at tables of four. `seats` are each game's result rows (`seat`,
    `player_id`), `names` names every player by id. A game the engine cannot score (an
    unknown preset, an invalid deal) adds nothing; a game of three adds to
    `season_three_player_stats` only.
    """
    by_game = game_figures(season, game_ids, preset_name, three_player_deck)
    return players_figures(by_game, seats, names, 4)


def season_three_player_stats(
    season: Season,
    game_ids: Collection[int],
    seats: Mapping[int, Sequence[Mapping[str, Any]]],
    preset_name: str,
    names: Mapping[int, PlayerName],
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK,
) -> dict[str, DealStatsData]:
    """Each player's figures by slug over the games of three of `game_ids` that have deal
    records, scored with the season's `three_player_deck` (never summed with four's)."""
    by_game = game_figures(season, game_ids, preset_name, three_player_deck)
    return players_figures(by_game, seats, names, 3)[0]


def players_figures(
    by_game: Mapping[int, list[Row]],
    seats: Mapping[int, Sequence[Mapping[str, Any]]],
    names: Mapping[int, PlayerName],
    players: int,
) -> tuple[dict[str, DealStatsData], DealLeaders | None]:
    """Each player's figures by slug and the leaders over the games of `players` seats of
    `by_game` (`game_figures`)."""
    games = {game_id: rows for game_id, rows in by_game.items() if len(rows) == players}
    parts: dict[int, list[Row]] = defaultdict(list)
    for game_id, by_seat in games.items():
        for row in seats.get(game_id, ()):
            parts[row["player_id"]].append(by_seat[row["seat"]])
    figures = {player: DealStats.from_row(sum_rows(his, players)) for player, his in parts.items()}
    by_slug = {names[player]["player_slug"]: stats_json(s) for player, s in figures.items()}
    return by_slug, leaders_json(figures, len(games), names)


def game_figures(
    season: Season,
    game_ids: Collection[int],
    preset_name: str,
    three_player_deck: str = DEFAULT_THREE_PLAYER_DECK,
) -> dict[int, list[Row]]:
    """Each scorable game's figures by seat (`DealStats.to_row`: three rows of
    `THREE_ROW_LENGTH` for a game of three, scored with `three_player_deck`), by game id,
    for those of `game_ids` (confirmed games of `season`) that have deal records.

    The figures of a game are kept (`GameDealStats`) and reused while the game and the
    preset (and at three the deck: kept as `preset:deck`) are unchanged, so a publish
    scores only new or changed records: one query when nothing changed, three when some
    did, whatever their number.
    """
    three_key = _three_key(preset_name, three_player_deck)
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
        known = _kept(kept) if kept_at == updated_at else None
        if known is not None and kept_preset != (three_key if len(known) == 3 else preset_name):
            known = [] if not known and kept_preset == three_key else None
        if known is None:
            stale[game_id] = updated_at
        elif known:
            figures[game_id] = known
    if stale:
        # Streamed: each game's records are dropped once scored. Holding thousands of decoded
        # records at once made Python's garbage collector take ten times the decoding.
        records = Game.objects.filter(id__in=stale).values_list("id", "deals")
        scored, of_three = _score(records.iterator(chunk_size=100), preset_name, three_player_deck)
        GameDealStats.objects.bulk_create(
            [
                GameDealStats(
                    game_id=game_id,
                    game_updated_at=updated_at,
                    preset=three_key if game_id in of_three else preset_name,
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


def _three_key(preset_name: str, deck: str) -> str:
    """What a game of three's kept figures were scored with: its preset and deck."""
    return f"{preset_name}:{deck}"


_ROW_OF = {4: ROW_LENGTH, 3: THREE_ROW_LENGTH}


def _kept(seats: object) -> list[Row] | None:
    """Kept figures by seat (empty: the game is not scorable), or None if unreadable: four
    rows of `ROW_LENGTH`, or three of `THREE_ROW_LENGTH` for a game of three."""
    if not isinstance(seats, list) or len(seats) not in (0, 3, 4):
        return None
    for row in seats:
        if not isinstance(row, list) or len(row) != _ROW_OF[len(seats)]:
            return None
        if not all(type(n) is int for n in row):
            return None
    return [tuple(row) for row in seats]


def _score(
    records: Iterable[tuple[int, object]], preset_name: str, three_player_deck: str
) -> tuple[dict[int, list[Row]], set[int]]:
    """The engine's figures by seat of each game whose records it can score (a game of
    three with `three_player_deck`), and the ids of the games of three."""
    of_three: set[int] = set()
    try:
        preset = get_preset(preset_name)
    except UnknownPresetError:
        return {}, of_three
    scored = {}
    for game_id, deals in records:
        if not isinstance(deals, list):
            continue
        seats = deals_seats(deals)
        if seats == 3:
            of_three.add(game_id)
        deck = deck_for(seats, three_player_deck)
        by_seat = game_stats([validate_deal(deal, preset, deck) for deal in deals], seats)
        if by_seat[0].games:
            scored[game_id] = [seat.to_row() for seat in by_seat]
    return scored, of_three


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
