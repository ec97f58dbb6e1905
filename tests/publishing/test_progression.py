"""The snapshot's table after every round and its race chart: each is the standings of the
games played by then, as the pure standings compute them from scratch (RULES.md 3.1)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from games.season_import import import_season
from league.standings import StandingRow, compute_standings
from publishing.snapshots import RACE_PLAYERS, build_snapshot_data
from standings.loader import season_standings
from tests.league.factories import random_rounds_season, season_file

pytestmark = pytest.mark.django_db

BRIEF = ("rank", "player", "points", "gap", "games", "counted", "dropped", "eligible")


def _brief(rows: list[StandingRow], names: dict[Any, str]) -> list[dict[str, Any]]:
    return [{key: row.as_json(names[row.player])[key] for key in BRIEF} for row in rows]


def _tables_from_scratch(season: Any, label_of: Any) -> tuple[list[str], dict[str, Any], Any]:
    """Each label's table computed afresh from the games played by its end."""
    table = season_standings(season)
    names = {player.id: player.name for player in table.players.values()}
    entries = [entry for row in table.rows for entry in row.entries]
    labels = sorted({label_of(entry) for entry in entries})
    tables = {
        label: compute_standings(
            table.rules,
            [entry for entry in entries if label_of(entry) <= label],
            season_end=season.end,
            tiebreak=names.__getitem__,
        )
        for label in labels
    }
    return labels, tables, names


def test_the_table_after_each_round_is_the_standings_of_the_games_played_by_then():
    # 12 players in 34 rounds: each plays every round, so the drops at 10, 20, 25 and 30
    # games and the podium windows of the last rounds all come in
    season = import_season(random_rounds_season(12, rounds=34, seed=3)).season
    data = build_snapshot_data(season)
    labels, tables, names = _tables_from_scratch(season, lambda entry: entry.round)
    assert [r["number"] for r in data["rounds"]] == labels
    for round_ in data["rounds"]:
        expected = tables[round_["number"]]
        assert [{k: row[k] for k in BRIEF} for row in round_["standings_after"]] == _brief(
            expected, names
        )
        assert [row["podium_eligible"] for row in round_["standings_after"]] == [
            row.podium_eligible for row in expected
        ]
    _assert_race(data, labels, tables, names)


def test_the_race_of_a_rated_league_is_the_standings_of_the_games_played_by_each_month():
    # 6 players in 70 dated games over six months: the drops at 10, 20 and 30 games, then
    # every 7, and the final month's minimum all come in
    rng = random.Random(5)
    players = [f"Player {i}" for i in range(6)]
    games = [
        {
            "date": (dt.date(2024, 1, 1) + dt.timedelta(days=day)).isoformat(),
            "scores": {name: rng.choice([-40, 0, 25, 25, 90]) for name in rng.sample(players, 4)},
        }
        for day in sorted(rng.randrange(0, 181) for _ in range(70))
    ]
    season = import_season(season_file(slug="rated", preset="whist-online-1200", games=games))
    data = build_snapshot_data(season.season)
    labels, tables, names = _tables_from_scratch(
        season.season, lambda entry: entry.date.strftime("%Y-%m")
    )
    assert any(row.dropped > 4 for row in tables[labels[-1]])
    _assert_race(data, labels, tables, names)


def _assert_race(
    data: Any, labels: list[Any], tables: dict[Any, list[StandingRow]], names: dict[Any, str]
) -> None:
    race = data["race"]
    assert race["labels"] == [str(label) for label in labels]
    slugs = {row["player_slug"]: row["player_id"] for row in data["standings"]}
    for slug, ranks in race["positions"].items():
        by_label = [{row.player: row.rank for row in tables[label]} for label in labels]
        assert ranks == [ranked.get(slugs[slug]) for ranked in by_label]
    top = [row["player_id"] for row in data["standings"][:RACE_PLAYERS]]
    for player, series in zip(top, race["series"], strict=True):
        points = [{row.player: float(row.points) for row in tables[label]} for label in labels]
        assert series["player"] == names[player]
        assert series["points"] == [by_label.get(player, 0.0) for by_label in points]
