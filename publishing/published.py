"""Read-only views of a season's latest published snapshot, each loading only what its page
shows (schema in publishing.snapshot_schema): the summary for the season page, one round's
section for a round page, one player's sections for a player page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, cast

from django.db.models import Max, OuterRef, QuerySet, Subquery
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.models import Season
from publishing.models import SeasonSnapshot, SnapshotSection
from publishing.snapshot_schema import (
    SCHEMA,
    DealLeaders,
    DroppedGame,
    GameData,
    LatestTexts,
    PlayerSection,
    Provisional,
    RaceChart,
    RoundSection,
    RoundTexts,
    StandingsRow,
    player_key,
    round_key,
)
from publishing.snapshots import latest_snapshot

TableKey = Literal["standings", "final_standings"]


@dataclass(frozen=True)
class MessageText:
    """A text to paste into the club's messaging group."""

    title: str
    body: str


def texts_in_language(texts: Mapping[str, RoundTexts], titles: dict[str, str]) -> list[MessageText]:
    """A round's messaging texts in the active language, in the order of `titles`."""
    language = get_language() or "en"
    found = texts.get(language) or texts.get(language.split("-")[0])
    if found is None:
        return []
    by_key = cast(Mapping[str, str | None], found)
    return [MessageText(title, text) for key, title in titles.items() if (text := by_key.get(key))]


def text_titles(tournament: bool = False) -> dict[str, str]:
    """Titles of a round's (or a tournament stage's) messaging texts, by their key in the
    snapshot."""
    if tournament:
        return {"draw": _("The draw"), "results": _("Results and tournament standing")}
    return {"draw": _("The draw"), "results": _("Results and league table")}


class Published:
    """A season's published summary: the tables, the race chart and the latest texts."""

    def __init__(self, snapshot: SeasonSnapshot) -> None:
        self.snapshot = snapshot
        self.summary = snapshot.typed_summary

    @property
    def published_at(self) -> dt.datetime:
        """When this snapshot was published."""
        return parse_datetime(self.summary["published_at"]) or self.snapshot.created_at

    def standings(self, *, final: bool) -> list[StandingsRow]:
        """The league table rows: the final standings, or the in-season table."""
        return list(self.summary["final_standings" if final else "standings"])

    @property
    def dropped_games(self) -> dict[str, list[DroppedGame]]:
        """The dropped games the league table lists, by player slug."""
        return self.summary["dropped_games"]

    @property
    def last_round_with_results(self) -> LatestTexts | None:
        """The most recent round whose results are published, with its texts."""
        return self.summary["latest_texts"]

    @property
    def deal_leaders(self) -> DealLeaders | None:
        """The season's deal-statistics leaders, or None without a game entered deal by deal."""
        return self.summary["deal_leaders"]

    @property
    def deal_leaders_three(self) -> DealLeaders | None:
        """The leaders at tables of three, or None without such a game entered deal by deal."""
        return self.summary.get("deal_leaders_three")

    @property
    def provisional(self) -> Provisional | None:
        """Tonight's mark: the round in play whose confirmed results the table counts and
        each player's move since the last finished round; None when the table is final."""
        return self.summary.get("provisional")

    @property
    def race(self) -> RaceChart:
        """The race chart data: labels and each top player's points after each label."""
        return self.summary["race"]


@dataclass(frozen=True)
class PublishedRound:
    """One round's published section: its results and its texts."""

    section: RoundSection

    def results_by_table(self) -> dict[int, GameData]:
        """The round's published games by table number."""
        return {game["table"]: game for game in self.section["round"]["results"] if game["table"]}

    def texts(self, titles: dict[str, str]) -> list[MessageText]:
        """The round's messaging texts in the active language, in the order of `titles`."""
        return texts_in_language(self.section["texts"], titles)


def published(season: Season) -> Published | None:
    """The season's latest summary (one query), or None before the first publish."""
    snapshot = latest_snapshot(season)
    return None if snapshot is None else Published(snapshot)


def _newest_snapshots(season_ids: list[int]) -> QuerySet[SeasonSnapshot]:
    """The latest snapshot of the current schema of each of the seasons, as one query."""
    newest = (
        SeasonSnapshot.objects.filter(season_id=OuterRef("season_id"), schema=SCHEMA)
        .values("season_id")
        .annotate(top=Max("version"))
        .values("top")
    )
    return SeasonSnapshot.objects.filter(
        season_id__in=season_ids, schema=SCHEMA, version=Subquery(newest)
    )


def _latest_sections(season_ids: list[int], key: str) -> dict[int, object]:
    """Section `key` of each season's latest snapshot, by season id, in one query."""
    rows = SnapshotSection.objects.filter(
        key=key, snapshot__in=_newest_snapshots(season_ids)
    ).values_list("snapshot__season_id", "data")
    return dict(rows)


def published_round(season: Season, number: int) -> PublishedRound | None:
    """Round `number`'s section of the season's latest snapshot (one query), or None."""
    section = _latest_sections([season.pk], round_key(number)).get(season.pk)
    return None if section is None else PublishedRound(cast(RoundSection, section))


def player_sections(seasons: Iterable[Season], slug: str) -> dict[int, PlayerSection]:
    """The player's section of each season's latest snapshot, by season id, in one query."""
    ids = [season.pk for season in seasons]
    if not ids:
        return {}
    found = _latest_sections(ids, player_key(slug))
    return {season_id: cast(PlayerSection, data) for season_id, data in found.items()}


def latest_tables(
    seasons: Iterable[Season], *keys: TableKey
) -> dict[int, dict[str, list[StandingsRow]]]:
    """Only the named tables of each season's latest summary, in one query.

    The home page needs a few rows of the table, not the whole summary, so the database
    extracts just those keys.
    """
    ids = [season.pk for season in seasons]
    if not ids:
        return {}
    rows = _newest_snapshots(ids).values("season_id", *(f"summary__{key}" for key in keys))
    return {row["season_id"]: {key: row[f"summary__{key}"] for key in keys} for row in rows}
