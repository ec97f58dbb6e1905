"""Published season snapshots: what the public pages and the API read, never recomputed live."""

from __future__ import annotations

from functools import cached_property
from typing import cast

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Game
from league.models import Season
from publishing.rating_schema import RATING_SCHEMA, RatingListData
from publishing.snapshot_schema import SCHEMA, SnapshotData, SnapshotSummary
from publishing.snapshot_split import join_snapshot, parts_from_sections


class SeasonSnapshot(models.Model):
    """One published state of a season (standings, rounds, texts); versions count up from 1.

    `fingerprint` hashes the inputs the snapshot was built from, so publishing the same
    inputs twice stores one snapshot. The snapshot is stored split by section (schema in
    `publishing.snapshot_schema`): `summary` holds the tables and the round list, and each
    heavy part (a round, a player's page, the open-play games) is a `SnapshotSection` row
    written in the same transaction. `schema` is the `SCHEMA` it was written in; readers
    only read snapshots of the current one.
    """

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="snapshots", verbose_name=_("season")
    )
    version = models.PositiveIntegerField(_("version"))
    schema = models.PositiveSmallIntegerField(_("schema"), default=SCHEMA)
    created_at = models.DateTimeField(_("published at"), default=timezone.now)
    fingerprint = models.CharField(_("inputs fingerprint"), max_length=64)
    summary = models.JSONField(_("summary"))

    class Meta:
        ordering = ["season", "-version"]
        get_latest_by = "version"
        verbose_name = _("season snapshot")
        verbose_name_plural = _("season snapshots")
        constraints = [
            models.UniqueConstraint(fields=["season", "version"], name="snapshot_version_unique"),
            models.CheckConstraint(
                condition=models.Q(version__gte=1), name="snapshot_version_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season.slug} v{self.version}"

    @classmethod
    def current(cls, season_id: int) -> models.QuerySet[SeasonSnapshot]:
        """The season's snapshots written in the current `SCHEMA`."""
        return cls.objects.filter(season_id=season_id, schema=SCHEMA)

    @property
    def typed_summary(self) -> SnapshotSummary:
        """The summary (tables, round list, race chart, latest texts) as its type."""
        return cast(SnapshotSummary, self.summary)

    def section(self, key: str) -> object | None:
        """The JSON of one section (one query), or None when it has none by that key."""
        return self.sections.filter(key=key).values_list("data", flat=True).first()

    @cached_property
    def data(self) -> SnapshotData:
        """The whole snapshot, joined from the summary and every section (one query).

        For tools, tests and the admin; a page reads only the summary or its own sections.
        A snapshot of an older schema was stored whole: it is returned as stored.
        """
        if self.schema != SCHEMA:
            return cast(SnapshotData, self.summary)
        sections = dict(self.sections.values_list("key", "data"))
        return join_snapshot(parts_from_sections(self.typed_summary, sections))


class SnapshotSection(models.Model):
    """One heavy part of a snapshot under its key (`publishing.snapshot_schema`: "round:17",
    "player:dana", "games"), so a page decodes only the part it shows."""

    snapshot = models.ForeignKey(
        SeasonSnapshot,
        on_delete=models.CASCADE,
        related_name="sections",
        verbose_name=_("snapshot"),
    )
    key = models.CharField(_("key"), max_length=140)
    data = models.JSONField(_("data"))

    class Meta:
        verbose_name = _("snapshot section")
        verbose_name_plural = _("snapshot sections")
        constraints = [
            models.UniqueConstraint(fields=["snapshot", "key"], name="snapshot_section_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.snapshot} {self.key}"


class GameDealStats(models.Model):
    """A game's deal statistics by seat (`scoring.stats` counters), kept so that a publish
    scores again only the games whose deal records changed (`publishing.deal_stats`).

    Derived data: `game_updated_at` and `preset` say what it was computed from; a row that
    no longer matches its game is computed again. `seats` is empty for a game the engine
    could not score (it adds nothing to the statistics).
    """

    game = models.OneToOneField(
        Game,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="deal_stats",
        verbose_name=_("game"),
    )
    game_updated_at = models.DateTimeField(_("game changed at"))
    preset = models.CharField(_("scoring preset"), max_length=60)
    seats = models.JSONField(_("counters by seat"))

    class Meta:
        verbose_name = _("game deal statistics")
        verbose_name_plural = _("game deal statistics")

    def __str__(self) -> str:
        return f"deal statistics of game {self.game_id}"


class RatingSnapshot(models.Model):
    """One published state of the rating list (`publishing.rating_schema`); versions count
    up from 1 and a new one is stored only when the list changed.

    `summary` holds the list; each `RatingSection` one player's biggest moves and opponents,
    written in the same transaction. Only the latest versions are kept (the history itself is
    `rating.RatingChange`).
    """

    version = models.PositiveIntegerField(_("version"), unique=True)
    schema = models.PositiveSmallIntegerField(_("schema"), default=RATING_SCHEMA)
    created_at = models.DateTimeField(_("published at"), default=timezone.now)
    summary = models.JSONField(_("summary"))

    class Meta:
        ordering = ["-version"]
        get_latest_by = "version"
        verbose_name = _("rating list snapshot")
        verbose_name_plural = _("rating list snapshots")

    def __str__(self) -> str:
        return f"ratings v{self.version}"

    @property
    def typed_summary(self) -> RatingListData:
        """The list as its type."""
        return cast(RatingListData, self.summary)


class RatingSection(models.Model):
    """One player's part of a rating snapshot under its key ("rating:dana"): his biggest
    rating moves and his opponents (`publishing.rating_schema.PlayerRatingSection`)."""

    snapshot = models.ForeignKey(
        RatingSnapshot,
        on_delete=models.CASCADE,
        related_name="sections",
        verbose_name=_("rating list snapshot"),
    )
    key = models.CharField(_("key"), max_length=140)
    data = models.JSONField(_("data"))

    class Meta:
        verbose_name = _("rating list section")
        verbose_name_plural = _("rating list sections")
        constraints = [
            models.UniqueConstraint(fields=["snapshot", "key"], name="rating_section_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.snapshot} {self.key}"
