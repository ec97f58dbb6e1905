"""Read the published rating list (FORMATS.md 7 `/ratings/`): the latest `RatingSnapshot`
and a player's `RatingSection`. The rating app builds and publishes it after every rating run
(`rating.list_publishing`); the pages and the API read it here and never recompute it.
"""

from __future__ import annotations

from typing import cast

from publishing.models import RatingSection, RatingSnapshot
from publishing.rating_schema import RATING_SCHEMA, PlayerRatingSection, rating_key


def latest_rating_snapshot() -> RatingSnapshot | None:
    """The latest rating list of the current schema (1 query), or None before the first."""
    return RatingSnapshot.objects.filter(schema=RATING_SCHEMA).order_by("-version").first()


def rating_section(slug: str) -> PlayerRatingSection | None:
    """The player's section of the latest rating list (1 query), or None."""
    latest = (
        RatingSnapshot.objects.filter(schema=RATING_SCHEMA).order_by("-version").values("pk")[:1]
    )
    found = (
        RatingSection.objects.filter(snapshot__in=latest, key=rating_key(slug))
        .values_list("data", flat=True)
        .first()
    )
    return None if found is None else cast(PlayerRatingSection, found)
