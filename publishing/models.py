"""Published season snapshots: what the public pages and the API read, never recomputed live."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models import Season


class SeasonSnapshot(models.Model):
    """One published state of a season (standings, rounds, texts); versions count up from 1.

    `fingerprint` hashes the inputs the snapshot was built from, so publishing the same
    inputs twice stores one snapshot. `data` follows the schema in `publishing.snapshots`.
    """

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="snapshots", verbose_name=_("season")
    )
    version = models.PositiveIntegerField(_("version"))
    created_at = models.DateTimeField(_("published at"), default=timezone.now)
    fingerprint = models.CharField(_("inputs fingerprint"), max_length=64)
    data = models.JSONField(_("data"))

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
