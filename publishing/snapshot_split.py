"""Split a whole snapshot into the summary and sections it is stored as, and join them back.

Pure functions over the types of `publishing.snapshot_schema`: `join_snapshot(
split_snapshot(data)) == data` for every snapshot the writer builds.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import cast

from publishing.snapshot_schema import (
    GAMES_KEY,
    DroppedGame,
    GameData,
    LatestTexts,
    PlayerGame,
    PlayerSection,
    RoundData,
    RoundSection,
    RoundSummary,
    SectionData,
    SnapshotData,
    SnapshotSummary,
    StandingsRow,
    player_key,
    round_key,
)

ROUND_PREFIX = round_key(0)[:-1]
PLAYER_PREFIX = player_key("")


@dataclass(frozen=True)
class SnapshotParts:
    """A snapshot as it is stored: the summary and its sections."""

    summary: SnapshotSummary
    rounds: dict[int, RoundSection]
    players: dict[str, PlayerSection]
    games: list[GameData]

    def sections(self) -> Iterator[tuple[str, SectionData]]:
        """Every section with its key."""
        for number, section in self.rounds.items():
            yield round_key(number), section
        for slug, player in self.players.items():
            yield player_key(slug), player
        yield GAMES_KEY, self.games


def split_snapshot(data: SnapshotData) -> SnapshotParts:
    """The summary and sections of `data`."""
    games = _all_games(data)
    return SnapshotParts(
        summary=_summary(data, games),
        rounds={r["number"]: _round_section(data, r) for r in data["rounds"]},
        players=_player_sections(data, games),
        games=data["games"],
    )


def join_snapshot(parts: SnapshotParts) -> SnapshotData:
    """The whole snapshot again, from its summary and every section."""
    summary = parts.summary
    rounds = [parts.rounds[r["number"]] for r in summary["rounds"]]
    empty: list[int | None] = []
    positions = {
        row["player_slug"]: parts.players[row["player_slug"]]["positions"]
        if row["player_slug"] in parts.players
        else empty
        for row in summary["standings"]
    }
    data: SnapshotData = {
        "schema": summary["schema"],
        "published_at": summary["published_at"],
        "season": summary["season"],
        "rules": summary["rules"],
        "standings": summary["standings"],
        "final_standings": summary["final_standings"],
        "rounds": [section["round"] for section in rounds],
        "games": parts.games,
        "race": {**summary["race"], "positions": positions},
        "messages": {
            language: {
                "rounds": {
                    str(section["round"]["number"]): section["texts"][language]
                    for section in rounds
                }
            }
            for language in summary["languages"]
        },
        "deal_stats": {
            slug: section["deal_stats"]
            for slug, section in parts.players.items()
            if section["deal_stats"] is not None
        },
        "deal_leaders": summary["deal_leaders"],
    }
    three = {
        slug: section["deal_stats_three"]
        for slug, section in parts.players.items()
        if "deal_stats_three" in section
    }
    if three:
        data["deal_stats_three"] = three
    if "deal_leaders_three" in summary:
        data["deal_leaders_three"] = summary["deal_leaders_three"]
    if "provisional" in summary:
        data["provisional"] = summary["provisional"]
    return data


def parts_from_sections(summary: SnapshotSummary, sections: Mapping[str, object]) -> SnapshotParts:
    """The parts of a stored snapshot from its summary and its sections' JSON by key."""
    rounds: dict[int, RoundSection] = {}
    players: dict[str, PlayerSection] = {}
    games: list[GameData] = []
    for key, value in sections.items():
        if key.startswith(ROUND_PREFIX):
            rounds[int(key[len(ROUND_PREFIX) :])] = cast(RoundSection, value)
        elif key.startswith(PLAYER_PREFIX):
            players[key[len(PLAYER_PREFIX) :]] = cast(PlayerSection, value)
        elif key == GAMES_KEY:
            games = cast(list[GameData], value)
    return SnapshotParts(summary, rounds, players, games)


def _all_games(data: SnapshotData) -> dict[int, GameData]:
    games = {game["game_id"]: game for r in data["rounds"] for game in r["results"]}
    games.update((game["game_id"], game) for game in data["games"])
    return games


def _summary(data: SnapshotData, games: Mapping[int, GameData]) -> SnapshotSummary:
    summary: SnapshotSummary = {
        "schema": data["schema"],
        "published_at": data["published_at"],
        "season": data["season"],
        "rules": data["rules"],
        "standings": data["standings"],
        "final_standings": data["final_standings"],
        "rounds": [_round_summary(r) for r in data["rounds"]],
        "race": {"labels": data["race"]["labels"], "series": data["race"]["series"]},
        "languages": list(data["messages"]),
        "dropped_games": _dropped_games([*data["standings"], *data["final_standings"]], games),
        "latest_texts": _latest_texts(data),
        "deal_leaders": data["deal_leaders"],
    }
    if "deal_leaders_three" in data:
        summary["deal_leaders_three"] = data["deal_leaders_three"]
    if "provisional" in data:
        summary["provisional"] = data["provisional"]
    return summary


def _round_summary(round_: RoundData) -> RoundSummary:
    draw = round_["draw"]
    return {
        "number": round_["number"],
        "date": round_["date"],
        "status": round_["status"],
        "registration_deadline": round_["registration_deadline"],
        "draw": None
        if draw is None
        else {
            "method": draw["method"],
            "seed": draw["seed"],
            "drawn_at": draw["drawn_at"],
            "published_at": draw["published_at"],
            "recipe": draw["recipe"],
            "redraws": draw["redraws"],
            "check_path": draw["check_path"],
        },
        "results_published_at": round_["results_published_at"],
    }


def _round_section(data: SnapshotData, round_: RoundData) -> RoundSection:
    key = str(round_["number"])
    texts = {
        language: by_language["rounds"][key] for language, by_language in data["messages"].items()
    }
    return {"round": round_, "texts": texts}


def _dropped_games(
    rows: list[StandingsRow], games: Mapping[int, GameData]
) -> dict[str, list[DroppedGame]]:
    dropped: dict[str, list[DroppedGame]] = {}
    for row in rows:
        slug = row["player_slug"]
        if not row["dropped_game_ids"] or slug in dropped:
            continue
        dropped[slug] = []
        for game_id in row["dropped_game_ids"]:
            game = games.get(game_id)
            line = game and next((r for r in game["results"] if r["player_slug"] == slug), None)
            if game and line:
                dropped[slug].append(
                    {
                        "game_id": game_id,
                        "round": game["round"],
                        "date": game["date"],
                        "points": line["points"],
                        "gap": line["gap"],
                    }
                )
    return dropped


def _latest_texts(data: SnapshotData) -> LatestTexts | None:
    played = [r for r in data["rounds"] if r["results"]]
    if not played:
        return None
    key = str(played[-1]["number"])
    return {
        "number": played[-1]["number"],
        "date": played[-1]["date"],
        "texts": {language: texts["rounds"][key] for language, texts in data["messages"].items()},
    }


def _player_sections(data: SnapshotData, games: Mapping[int, GameData]) -> dict[str, PlayerSection]:
    by_slug = {row["player_slug"]: row for row in data["standings"]}
    final_by_slug = {row["player_slug"]: row for row in data["final_standings"]}
    played: dict[str, list[PlayerGame]] = {}
    for game in games.values():
        for line in game["results"]:
            played.setdefault(line["player_slug"], []).append(
                {
                    "game_id": game["game_id"],
                    "round": game["round"],
                    "table": game["table"],
                    "date": game["date"],
                    "line": line,
                }
            )
    positions = data["race"]["positions"]
    sections: dict[str, PlayerSection] = {}
    for slug in [*by_slug, *(s for s in played if s not in by_slug)]:
        his = sorted(played.get(slug, []), key=lambda g: (g["date"], g["round"] or 0, g["game_id"]))
        sections[slug] = {
            "row": by_slug.get(slug),
            "final_row": final_by_slug.get(slug),
            "games": his,
            "position_labels": data["race"]["labels"],
            "positions": positions.get(slug, []),
            "deal_stats": data["deal_stats"].get(slug),
        }
        if slug in data.get("deal_stats_three", {}):
            sections[slug]["deal_stats_three"] = data["deal_stats_three"][slug]
    return sections
