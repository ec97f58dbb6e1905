"""Read-only view of a season's latest published snapshot (schema in publishing.snapshots)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db.models import Max, OuterRef, QuerySet, Subquery
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language

from league.models import Season
from publishing.models import SeasonSnapshot
from publishing.snapshots import latest_snapshot

Row = dict[str, Any]


@dataclass(frozen=True)
class MessageText:
    """A text to paste into the club's messaging group."""

    title: str
    body: str


class Published:
    """A season's published data: standings, rounds, race series and messaging texts."""

    def __init__(self, snapshot: SeasonSnapshot) -> None:
        self.snapshot = snapshot
        self.data: dict[str, Any] = snapshot.data

    @property
    def published_at(self) -> dt.datetime:
        """When this snapshot was published."""
        return parse_datetime(self.data.get("published_at") or "") or self.snapshot.created_at

    def standings(self, *, final: bool) -> list[Row]:
        """The league table rows: the final standings, or the in-season table."""
        return list(self.data.get("final_standings" if final else "standings", []))

    @cached_property
    def games(self) -> dict[int, Row]:
        """Every published game by id, with its round number (None in open play)."""
        games: dict[int, Row] = {}
        for round_ in self.data.get("rounds", []):
            for game in round_.get("results", []):
                games[game["game_id"]] = game
        for game in self.data.get("games", []):
            games[game["game_id"]] = game
        return games

    def round(self, number: int) -> Row | None:
        """The published round `number`, or None."""
        return next((r for r in self.data.get("rounds", []) if r["number"] == number), None)

    def results_by_table(self, number: int) -> dict[int, Row]:
        """The published games of round `number` by table number."""
        round_ = self.round(number)
        if round_ is None:
            return {}
        return {game["table"]: game for game in round_.get("results", []) if game["table"]}

    def last_round_with_results(self) -> Row | None:
        """The most recent round whose results are published."""
        rounds = [r for r in self.data.get("rounds", []) if r.get("results")]
        return rounds[-1] if rounds else None

    @property
    def race(self) -> Row:
        """The race chart data: labels and each top player's points after each label."""
        return self.data.get("race") or {"labels": [], "series": []}

    def round_texts(self, number: int, titles: dict[str, str]) -> list[MessageText]:
        """Round `number`'s messaging texts in the active language, in the order of `titles`."""
        messages = self.data.get("messages", {})
        language = get_language() or "en"
        by_language = messages.get(language) or messages.get(language.split("-")[0]) or {}
        texts = by_language.get("rounds", {}).get(str(number), {})
        return [MessageText(title, texts[key]) for key, title in titles.items() if texts.get(key)]

    def player_games(self, player_slug: str) -> list[tuple[Row, Row]]:
        """(game, the player's result line) for each of his published games, played order."""
        found = []
        for game in self.games.values():
            for line in game["results"]:
                if line["player_slug"] == player_slug:
                    found.append((game, line))
        found.sort(key=lambda pair: (pair[0]["date"], pair[0]["round"] or 0, pair[0]["game_id"]))
        return found

    def standing_of(self, player_slug: str, *, final: bool) -> Row | None:
        """The player's row of the league table, or None."""
        rows = self.standings(final=final)
        return next((row for row in rows if row["player_slug"] == player_slug), None)


def published(season: Season) -> Published | None:
    """The season's latest snapshot (one query), or None before the first publish."""
    snapshot = latest_snapshot(season)
    return None if snapshot is None else Published(snapshot)


def _newest_snapshots(season_ids: list[int]) -> QuerySet[SeasonSnapshot]:
    """The latest snapshot of each of the seasons, as one query."""
    newest = (
        SeasonSnapshot.objects.filter(season_id=OuterRef("season_id"))
        .values("season_id")
        .annotate(top=Max("version"))
        .values("top")
    )
    return SeasonSnapshot.objects.filter(season_id__in=season_ids, version=Subquery(newest))


def published_many(seasons: Iterable[Season]) -> dict[int, Published]:
    """The latest snapshot of each season, by season id, in one query."""
    ids = [season.pk for season in seasons]
    if not ids:
        return {}
    snapshots = _newest_snapshots(ids)
    return {snapshot.season_id: Published(snapshot) for snapshot in snapshots}


def latest_parts(seasons: Iterable[Season], *keys: str) -> dict[int, dict[str, Any]]:
    """Only the named top-level parts of each season's latest snapshot, in one query.

    The home page needs a few rows of the table, not the whole snapshot (which holds every
    round's results), so the database extracts just those keys.
    """
    ids = [season.pk for season in seasons]
    if not ids:
        return {}
    rows = _newest_snapshots(ids).values("season_id", *(f"data__{key}" for key in keys))
    return {row["season_id"]: {key: row[f"data__{key}"] for key in keys} for row in rows}
