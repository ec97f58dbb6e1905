"""The signed-in player's place in seasons, read from their published tables (never
computed in a request): what the season page's own part and /me/ show (web.my_place)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.http import HttpRequest
from django.template.loader import render_to_string

from league.actions.players import player_of
from league.models import Player, Season
from publishing.published import latest_tables
from web.my_place import MyPlace, my_place


@dataclass(frozen=True)
class SeasonPlace:
    """My place in one season's published table (its final standings once it finished)."""

    season: Season
    place: MyPlace
    final: bool


def places_of(player: Player, seasons: Sequence[Season]) -> list[SeasonPlace]:
    """The player's place in each of `seasons` whose published table has his row, in the
    order of `seasons` (one query, none without seasons)."""
    tables = latest_tables(seasons, "standings", "final_standings")
    found = []
    for season in seasons:
        final = season.status == Season.Status.FINISHED
        rows = tables.get(season.pk, {}).get("final_standings" if final else "standings") or []
        place = my_place(rows, player.slug)
        if place is not None:
            found.append(SeasonPlace(season, place, final))
    return found


def season_place_part(request: HttpRequest, season: Season) -> str:
    """The season page's part that is the viewer's own: his place in its table, or nothing
    (not signed in, no player, no row). Two queries: his player, the table."""
    player = player_of(request.user)
    if player is None:
        return ""
    places = places_of(player, [season])
    if not places:
        return ""
    return render_to_string("web/_my_place.html", {"item": places[0]}, request)


def running_seasons() -> list[Season]:
    """The running seasons, oldest first (one query): where /me/ looks for my place."""
    return list(Season.objects.filter(status=Season.Status.RUNNING).order_by("start", "pk"))
