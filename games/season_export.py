"""Writing a season as a season file (FORMATS.md 4): the club's copy of its own data.

The file is what `import_season` reads: every round with its date, every confirmed game
(the games the standings count) with its scores by seat and, where entered, its deal
records under "record"; so importing it into an empty database gives the same rounds,
games and standings. `rules` lists only the values that differ from the preset.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from games.models import Game, GameResult
from league.actions.common import season_rules
from league.models import Season
from league.rules import PRESETS


def season_file_data(season: Season) -> dict[str, Any]:
    """The season file of `season` as JSON-ready data (4 queries).

    Raises ActionError when the season's stored rules are invalid.
    """
    rules = season_rules(season).to_dict()
    entries = [
        (game, _game_entry(game, results, rules["scoring_preset"], rules["three_player_deck"]))
        for game, results in _confirmed_games(season)
    ]
    by_round: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for game, entry in entries:
        if game.round_id is not None:
            by_round[game.round_id].append(entry)
    data: dict[str, Any] = {
        "league": season.league.name,
        "season": season.slug,
        "name": season.name,
        "preset": season.rules_preset,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "rules": _overrides(rules, season.rules_preset),
    }
    if rules["kind"] == "rated":
        data["games"] = [
            {"date": game.date.isoformat(), **entry}
            for game, entry in entries
            if game.round_id is None
        ]
    else:
        data["rounds"] = [
            {"number": r.number, "date": r.date.isoformat(), "games": by_round.get(r.pk, [])}
            for r in season.rounds.order_by("number")
        ]
    return data


def _confirmed_games(season: Season) -> list[tuple[Game, list[GameResult]]]:
    games = list(
        Game.objects.filter(season=season, status=Game.Status.CONFIRMED)
        .select_related("table")
        .order_by("date", "round__number", "table__number", "id")
    )
    results: dict[int, list[GameResult]] = defaultdict(list)
    for result in (
        GameResult.objects.filter(game__in=[g.pk for g in games])
        .select_related("player")
        .order_by("game_id", "seat")
    ):
        results[result.game_id].append(result)
    return [(game, results[game.pk]) for game in games]


def _game_entry(
    game: Game, results: list[GameResult], scoring_preset: str, three_player_deck: str
) -> dict[str, Any]:
    """A game as the file lists it; a game of three's record names the league's deck."""
    entry: dict[str, Any] = {"scores": {r.player.name: r.score for r in results}}
    if game.deals:
        record: dict[str, Any] = {
            "players": [r.player.name for r in results],
            "preset": scoring_preset,
        }
        if len(results) == 3:
            record["deck"] = three_player_deck
        entry["record"] = {**record, "deals": game.deals}
    return entry


def _overrides(rules: dict[str, Any], preset_name: str) -> dict[str, Any]:
    """The top-level rule values that differ from the preset's (all of them when the preset
    is unknown)."""
    preset = PRESETS.get(preset_name, {})
    return {key: value for key, value in rules.items() if preset.get(key) != value}
