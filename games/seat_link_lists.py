"""A round's private links as the organizer's round desk lists them: per table, each seat's
link with the words to send it with (one player at a time), and one text for the table's
chat that names who receives a link but never shows one."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import SeatLink
from games.seat_links import evening_links, round_link_filter, token_for
from league.actions.common import season_rules
from league.models import Round, Seat, Table
from league.round_names import round_title


@dataclass(frozen=True)
class SeatLinkRow:
    link_id: int
    seat: int
    player: str
    url: str
    message: str  # what the organizer sends this player with his link


@dataclass(frozen=True)
class TableLinks:
    """One table's live links as the organizer's round page shows them."""

    table: Table
    rows: list[SeatLinkRow]
    chat: str
    missing: int


@dataclass(frozen=True)
class RoundLinks:
    tables: list[TableLinks]
    whole_evening: bool  # a tournament's links: one a player for every stage

    @property
    def missing(self) -> int:
        """Seats of the round without a live link."""
        return sum(t.missing for t in self.tables)


def round_links(round_: Round, base_url: str) -> RoundLinks:
    """Every drawn table of the round with its seats' live links and one chat text (two
    queries). `base_url` is the site's address (SITE_URL, or the request's host)."""
    evening = evening_links(round_.season)
    title = round_title(season_rules(round_.season), round_.number)
    seats = list(
        Seat.objects.filter(table__round=round_)
        .select_related("table", "player")
        .order_by("table__number", "seat")
    )
    live = {
        (link.table_id, link.player_id): link
        for link in SeatLink.objects.filter(
            round_link_filter(round_), table__isnull=evening, revoked_at__isnull=True
        )
    }
    tables: dict[int, tuple[Table, list[SeatLinkRow], list[Seat]]] = {}
    for seat in seats:
        table, rows, missing = tables.setdefault(seat.table_id, (seat.table, [], []))
        link = live.get((None if evening else seat.table_id, seat.player_id))
        if link is None:
            missing.append(seat)
            continue
        url = base_url + reverse("games:seat_link", args=[token_for(link)])
        message = _message(seat.player.name, title, table.number, evening=evening)
        rows.append(SeatLinkRow(link.pk, seat.seat + 1, seat.player.name, url, message))
    return RoundLinks(
        [
            TableLinks(table, rows, _chat_text(title, table, rows, evening=evening), len(missing))
            for table, rows, missing in tables.values()
        ],
        evening,
    )


def _message(player: str, title: str, table: int, *, evening: bool) -> str:
    if evening:
        return _(
            "%(player)s, your private link for the whole tournament: it opens your table in "
            "each stage and at the final table once that draw is published. It is yours "
            "alone; do not pass it on."
        ) % {"player": player}
    return _(
        "%(player)s, your private link to enter and confirm the result of %(round)s, table "
        "%(table)s. It is yours alone; do not pass it on."
    ) % {"player": player, "round": title, "table": table}


def _chat_text(title: str, table: Table, rows: list[SeatLinkRow], *, evening: bool) -> str:
    heading = _(
        "%(round)s, table %(table)s: each player receives his own private link from the "
        "organizer, to enter and confirm the result. Open only yours: another player's "
        "link does not open in a browser that has used yours."
    ) % {"round": title, "table": table.number}
    lines = [heading]
    if evening:
        lines.append(
            _(
                "Your link serves the whole tournament: the same link opens your table in "
                "every stage and at the final table."
            )
        )
    lines += [
        _("Seat %(seat)s: %(player)s, link sent privately") % {"seat": r.seat, "player": r.player}
        for r in rows
    ]
    return "\n".join(lines)
