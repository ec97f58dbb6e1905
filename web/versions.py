"""The versions of what the public pages show, and what is keyed by them.

Two counters hold every change a public page can show (web.models): one per season (its
table, rounds, rules and draw checks) and one for the pages across seasons (home, archive,
players, head-to-head, ratings). The domain's announcement `league.signals.season_changed`
(sent last in the writer's transaction by every writer of what those pages show: a
registration, a draw or its seats, a result entered or confirmed, a published snapshot or
rating list, a league, season or round edited) moves the season's counter and the site's
on by one in that transaction (an upsert: UPDATE ... + 1), so the change and its version commit
together, or neither does.

A page's version (`PageVersion`) is read in one query before anything is rendered: its
counter, the page's language, the deployed build (settings.BUILD_ID) and, for the pages
that list what is still to come, today's date. It is the page's ETag for anonymous
visitors (web.http_cache) and part of every cached fragment's key
(`PageVersion.fragments`), which adds what the viewer may see and the page's address.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import get_language

from league.models import Season
from web.models import SeasonVersion, SiteVersion

PUBLIC = "public"  # what anyone may see
ORGANIZER = "organizer"  # what an organizer (or staff) may see besides


def bump(season_id: int | None) -> None:
    """One more for `season_id`'s pages (when given) and for the pages across seasons: one
    statement each, whether the row is there yet or not (INSERT ... ON CONFLICT, in SQLite
    and PostgreSQL alike), so every writer costs the same queries."""
    with connection.cursor() as cursor:
        if season_id is not None:
            cursor.execute(SEASON_BUMP, [season_id, season_id])
        cursor.execute(SITE_BUMP, [SiteVersion.ROW])


# A season deleted meanwhile (or never there) gets no row: its pages answer 404.
SEASON_BUMP = f"""
    INSERT INTO {SeasonVersion._meta.db_table} (season_id, version)
    SELECT %s, 1 WHERE EXISTS (SELECT 1 FROM {Season._meta.db_table} WHERE id = %s)
    ON CONFLICT (season_id) DO UPDATE SET version = {SeasonVersion._meta.db_table}.version + 1
"""
SITE_BUMP = f"""
    INSERT INTO {SiteVersion._meta.db_table} (id, version) VALUES (%s, 1)
    ON CONFLICT (id) DO UPDATE SET version = {SiteVersion._meta.db_table}.version + 1
"""


def on_season_changed(sender: Any, season_id: int | None = None, **kwargs: Any) -> None:
    """The receiver of `league.signals.season_changed` (web.apps)."""
    bump(season_id)


@dataclass(frozen=True)
class PageVersion:
    """What a page shows, as of now: the counter it reads (`scope`: a season's or the
    site's, with its value), the language, the build and the date when the page shows it."""

    scope: str
    language: str
    build: str
    day: str = ""

    @property
    def counter(self) -> int:
        """The counter's value (the last part of `scope`): what a live page compares
        (web.live)."""
        return int(self.scope.rsplit(":", 1)[1])

    @property
    def etag(self) -> str:
        """The page's ETag (quoted; strong: the same version is the same bytes)."""
        return f'"{self.digest(self.scope, self.language, self.build, self.day)}"'

    def fragments(self, request: HttpRequest) -> str:
        """The key of the page's cached fragments for this viewer: the page's version, what
        the viewer may see and the address (path and query: a sorted table is another)."""
        return self.digest(
            self.scope,
            self.language,
            self.build,
            self.day,
            sees(request),
            request.get_full_path(),
        )

    @staticmethod
    def digest(*parts: str) -> str:
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def sees(request: HttpRequest) -> str:
    """What the viewer may see: an organizer (staff, or known from his sign-in as one:
    accounts.signin's `organizes`) more than anyone; never the same fragment."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return PUBLIC
    if user.is_staff or request.session.get("organizes"):
        return ORGANIZER
    return PUBLIC


def _made(scope: str, *, dated: bool) -> PageVersion:
    return PageVersion(
        scope=scope,
        language=get_language() or settings.LANGUAGE_CODE,
        build=settings.BUILD_ID,
        day=timezone.localdate().isoformat() if dated else "",
    )


def season_version(season: str, *, dated: bool = False) -> PageVersion | None:
    """The version of a page of the season whose slug is `season` (one query), or None when
    there is no such season (the page answers 404)."""
    found = Season.objects.filter(slug=season).values_list("pk", "page_version__version").first()
    if found is None:
        return None
    pk, version = found
    return _made(f"season:{pk}:{version or 0}", dated=dated)


def season_counters(season_ids: list[int]) -> dict[int, int]:
    """The page counters of the seasons `season_ids` (one query; a season none of whose
    pages changed yet has none, which is 0)."""
    found = SeasonVersion.objects.filter(season_id__in=season_ids).values_list(
        "season_id", "version"
    )
    return dict.fromkeys(season_ids, 0) | dict(found)


def site_version(*, dated: bool = False) -> PageVersion:
    """The version of a page across seasons (one query)."""
    version = (
        SiteVersion.objects.filter(id=SiteVersion.ROW).values_list("version", flat=True).first()
    )
    return _made(f"site:{version or 0}", dated=dated)
