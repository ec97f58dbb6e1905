"""The calendar feeds' addresses (FORMATS.md 7): `/seasons/SEASON/calendar.ics` and
`/players/PLAYER/calendar.ics`, versioned and cached like the pages they follow."""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse

from core.site import site_address
from league.latin_slug import latin_slug
from web import queries
from web.calendar_feed import calendar_bytes, player_events, season_events
from web.models import SeasonVersion
from web.views import season_page, site_page

CONTENT_TYPE = "text/calendar; charset=utf-8"


@season_page()
def season_calendar(request: HttpRequest, season: str) -> HttpResponse:
    """The season's rounds (5 queries)."""
    season_obj = queries.get_season(season)
    version = _versions([season_obj.pk]).get(season_obj.pk, 0)
    name = f"{season_obj.league.name} · {season_obj.name}"
    body = calendar_bytes(name, season_events(season_obj, version, site_address(request)))
    return _feed(body, latin_slug(season_obj.slug) or "season")


@site_page
def player_calendar(request: HttpRequest, player: str) -> HttpResponse:
    """The rounds the player is registered for (5 queries)."""
    found = queries.get_player(player)
    season_ids = set(found.registrations.values_list("round__season_id", flat=True))
    body = calendar_bytes(
        found.name, player_events(found, _versions(season_ids), site_address(request))
    )
    return _feed(body, latin_slug(found.slug) or "player")


def _versions(season_ids: Iterable[int]) -> dict[int, int]:
    return dict(
        SeasonVersion.objects.filter(season_id__in=season_ids).values_list("season_id", "version")
    )


def _feed(body: bytes, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{name}.ics"'
    return response
