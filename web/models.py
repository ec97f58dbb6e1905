"""The versions of what the public pages show (web.versions): what their ETags and their
cached fragments are keyed by, so a page is never rendered to learn that it is unchanged."""

from __future__ import annotations

from django.db import models

from league.models import Season


class SeasonVersion(models.Model):
    """The version of one season's public pages (its table, rounds, rules, draw checks):
    one more with every change the domain announces for the season (league.signals)."""

    season = models.OneToOneField(
        Season, primary_key=True, on_delete=models.CASCADE, related_name="page_version"
    )
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.season_id}: {self.version}"


class SiteVersion(models.Model):
    """The version of the pages across seasons (home, archive, players, head-to-head,
    ratings): one row (`ROW`), one more with every change the domain announces."""

    ROW = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=ROW)
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return str(self.version)
