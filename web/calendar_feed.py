"""The calendar feeds (FORMATS.md 7, RFC 5545): a season's rounds, and the rounds a player is
registered for with his table once the draw is published.

An event is a round's evening in the league's time (its zone's VTIMEZONE is in the feed):
from play to the results' publication, with the registration deadline, and, once the draw
is published, the tables (a player's own feed: his table and who sits with him). Its UID
is the round's (and the player's) and never changes; its SEQUENCE is the season's page
version (web.versions), which the domain moves on with every change it announces, so a
moved round is the same event with a higher SEQUENCE. DTSTAMP is the season's last stored
change, so the same version gives the same bytes (the feed's ETag is the page's).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.db.models import Prefetch, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import iri_to_uri
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from core.site import absolute_url
from league.actions.common import season_rules
from league.models import Player, Registration, Round, Season, Seat
from league.round_names import round_title
from league.rules import LeagueRules
from web.schedule import round_times

PRODUCT = "-//Whist League//Calendar feed//EN"
# A round with no publication time after play (results the same evening) lasts this long.
EVENING = dt.timedelta(hours=3)


@dataclass(frozen=True)
class RoundEvent:
    """One round's evening as a calendar event."""

    uid: str
    sequence: int
    stamp: dt.datetime
    start: dt.datetime
    end: dt.datetime
    summary: str
    description: str
    url: str


def calendar_bytes(name: str, events: Iterable[RoundEvent]) -> bytes:
    """The feed: a VCALENDAR named `name` with the events and the time zones they use."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    for item in events:
        event = Event()
        event.add("uid", item.uid)
        event.add("sequence", item.sequence)
        event.add("dtstamp", item.stamp.astimezone(dt.UTC))
        event.add("dtstart", item.start)
        event.add("dtend", item.end)
        event.add("summary", item.summary)
        event.add("description", item.description)
        event.add("url", item.url)
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return bytes(calendar.to_ical())


def season_events(season: Season, version: int, site: str) -> list[RoundEvent]:
    """Every round of the season (`season.league` loaded), with the published draws'
    tables (two queries); `site` is the site's address (core.site.site_address)."""
    rounds = list(_with_public_seats(season.rounds.order_by("number")))
    stamp = _last_change(season, rounds)
    rules = season_rules(season)
    return [
        _event(
            round_,
            season,
            rules,
            version,
            stamp,
            site,
            uid=f"round-{round_.pk}@{_host(site)}",
            tables=_tables(_public_seats(round_)),
        )
        for round_ in rounds
    ]


def player_events(player: Player, versions: dict[int, int], site: str) -> list[RoundEvent]:
    """The rounds `player` is registered for, each with his table once its draw is
    published (three queries); `versions` gives each season's page version (default 0)."""
    registrations = (
        Registration.objects.filter(player=player)
        .select_related("round__season__league")
        .order_by("round__date", "round__number")
    )
    rounds = [registration.round for registration in registrations]
    seats = _with_public_seats(Round.objects.filter(pk__in=[r.pk for r in rounds]))
    tables = {round_.pk: _tables(_public_seats(round_)) for round_ in seats}
    rules: dict[int, LeagueRules] = {}  # each season's, read once
    events = []
    for round_ in rounds:
        if round_.season_id not in rules:
            rules[round_.season_id] = season_rules(round_.season)
        mine = [table for table in tables.get(round_.pk, []) if player.name in table[1]]
        events.append(
            _event(
                round_,
                round_.season,
                rules[round_.season_id],
                versions.get(round_.season_id, 0),
                _last_change(round_.season, [round_]),
                site,
                uid=f"round-{round_.pk}.player-{player.pk}@{_host(site)}",
                tables=mine,
                mine=player.name,
            )
        )
    return events


def _with_public_seats(rounds: QuerySet[Round]) -> QuerySet[Round]:
    seats = Seat.objects.filter(round__draw_published_at__isnull=False).select_related(
        "table", "player"
    )
    return rounds.prefetch_related(
        Prefetch("seats", queryset=seats.order_by("table__number", "seat"), to_attr="public_seats")
    )


def _public_seats(round_: Round) -> list[Seat]:
    seats: list[Seat] = round_.public_seats  # type: ignore[attr-defined]  # Prefetch's to_attr
    return seats


Table = tuple[int, list[str]]  # a table's number and its players' names in seat order


def _tables(seats: Sequence[Seat]) -> list[Table]:
    by_table: dict[int, list[str]] = defaultdict(list)
    for seat in seats:
        by_table[seat.table.number].append(seat.player.name)
    return sorted(by_table.items())


def _last_change(season: Season, rounds: Sequence[Round]) -> dt.datetime:
    moments = [season.updated_at] + [
        moment
        for round_ in rounds
        for moment in (round_.drawn_at, round_.draw_published_at, round_.results_published_at)
        if moment is not None
    ]
    return max(moments)


def _event(
    round_: Round,
    season: Season,
    rules: LeagueRules,
    version: int,
    stamp: dt.datetime,
    site: str,
    *,
    uid: str,
    tables: Sequence[Table],
    mine: str | None = None,
) -> RoundEvent:
    times = round_times(round_, rules, season.league.timezone)
    start = times.play_start
    end = times.results_publish if times.results_publish > start else start + EVENING
    deadline = timezone.localtime(times.deadline, start.tzinfo)
    lines = [
        _("Registration closes %(when)s.")
        % {"when": date_format(deadline, "DATETIME_FORMAT", use_l10n=True)}
    ]
    for number, names in tables:
        others = [name for name in names if name != mine]
        if mine is not None:
            lines.append(
                _("Your table: table %(number)s, with %(players)s.")
                % {"number": number, "players": ", ".join(others)}
            )
        else:
            lines.append(
                _("Table %(table)s: %(players)s") % {"table": number, "players": ", ".join(names)}
            )
    path = reverse("web:round", args=[season.slug, round_.number])
    return RoundEvent(
        uid=uid,
        sequence=version,
        stamp=stamp,
        start=start,
        end=end,
        summary=f"{season.league.name}: {round_title(rules, round_.number)}",
        description="\n".join(lines),
        url=iri_to_uri(site + path),
    )


def _host(site: str) -> str:
    """The site's host name, the UIDs' right-hand side (stable while SITE_URL is)."""
    return urlsplit(site).hostname or "whist-league.invalid"


def feed_links(path: str, request: HttpRequest) -> dict[str, str]:
    """The feed at `path` as links: `subscribe` (webcal:, which calendar apps follow for
    updates) and `file` (the same address over http(s), for a one-time import)."""
    address = absolute_url(path, request)
    return {"subscribe": "webcal://" + address.split("://", 1)[-1], "file": address}
