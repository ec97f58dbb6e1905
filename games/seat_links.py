"""Private seat links: result entry without an account.

A link names one seat (player) of one drawn table of one round. Its token is an HMAC of a
random 128-bit nonce under the site's secret key; only the token's SHA-256 is looked up
(a hash lookup, so no character-by-character comparison of secrets), and the token is
never logged. Opening a link stores the link's id in the session for that table only;
every request checks the link again (`link_problem`): revoked, round finished, draw not
yet published, or the player no longer at the table each refuse it.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from core.acting import acting_user
from core.actor import Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from games.models import SeatLink
from games.permissions import PLAYABLE, LinkActor
from league.actions.common import lock_round
from league.models import Round, Seat, Table

SESSION_KEY = "seat_links"
_SALT = "games.seat_links.token"


def token_for(link: SeatLink) -> str:
    """The link's token (recomputed from its nonce; only organizers' pages show it)."""
    return salted_hmac(_SALT, link.nonce, algorithm="sha256").hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def find_link(token: str) -> SeatLink | None:
    """The link a token opens, or None (looked up by the token's hash)."""
    return (
        SeatLink.objects.select_related("round__season", "table", "player")
        .filter(token_hash=token_hash(token))
        .first()
    )


def link_problem(link: SeatLink, seated_player_ids: list[int]) -> str | None:
    """Why the link does not work now, in the player's language; None when it does."""
    round_ = link.round
    if link.revoked_at is not None:
        return _("This private link was revoked by the organizer; ask him for a new one.")
    if round_.status not in PLAYABLE:
        return _("Round %(number)s is finished; its private links no longer work.") % {
            "number": round_.number
        }
    if not round_.draw_is_public:
        return _(
            "The draw of round %(number)s is not published yet; this link works once it is."
        ) % {"number": round_.number}
    if link.player_id not in seated_player_ids:
        return _("%(player)s no longer sits at this table; ask the organizer for a new link.") % {
            "player": link.player.name
        }
    return None


def seated_player_ids(table_id: int) -> list[int]:
    return list(Seat.objects.filter(table_id=table_id).values_list("player_id", flat=True))


def remember(session: SessionBase, link: SeatLink) -> None:
    """Open the link's identity in this session, for its table only."""
    stored = session.get(SESSION_KEY)
    links = dict(stored) if isinstance(stored, dict) else {}
    links[str(link.table_id)] = link.pk
    session[SESSION_KEY] = links


def session_has_links(session: SessionBase) -> bool:
    return bool(session.get(SESSION_KEY))


def actor_for(session: SessionBase, table: Table, seats: list[Seat]) -> LinkActor | None:
    """The seat identity this session holds for `table`, if its link still works."""
    links = session.get(SESSION_KEY) or {}
    link_id = links.get(str(table.pk)) if isinstance(links, dict) else None
    if not isinstance(link_id, int):
        return None
    link = (
        SeatLink.objects.select_related("player")
        .filter(pk=link_id, table_id=table.pk, round_id=table.round_id)
        .first()
    )
    if link is None:
        return None
    link.round = table.round
    if link_problem(link, [s.player_id for s in seats]) is not None:
        return None
    return LinkActor(link_id=link.pk, player_id=link.player_id, table_id=table.pk)


def verify_link_actor(actor: LinkActor, table: Table, seats: list[Seat]) -> None:
    """Under the table's lock: refuse a link revoked (or expired) since the page opened."""
    link = SeatLink.objects.select_related("player").filter(pk=actor.link_id).first()
    if link is None or link.table_id != table.pk:
        raise ActionError(ActionCode.FORBIDDEN, _("This private link is for another table."))
    link.round = table.round
    problem = link_problem(link, [s.player_id for s in seats])
    if problem is not None:
        raise ActionError(ActionCode.FORBIDDEN, problem)


def issue_links(round_: Round, *, actor: Actor) -> int:
    """Give every seat of the round's tables a live link (seats that have one keep it);
    returns how many were made. The round's row is locked, so two clicks make one set."""
    with transaction.atomic():
        if lock_round(round_.pk).status not in PLAYABLE:
            raise ActionError(
                ActionCode.CONFLICT,
                _("Private links are made for a drawn round that is not finished."),
            )
        live = set(
            SeatLink.objects.filter(round=round_, revoked_at__isnull=True).values_list(
                "table_id", "player_id"
            )
        )
        seats = Seat.objects.filter(table__round=round_).order_by("table__number", "seat")
        made = []
        for seat in seats:
            if (seat.table_id, seat.player_id) in live:
                continue
            nonce = secrets.token_hex(16)
            link = SeatLink(
                round=round_,
                table_id=seat.table_id,
                player_id=seat.player_id,
                nonce=nonce,
                created_by=acting_user(actor),
            )
            link.token_hash = token_hash(token_for(link))
            made.append(link)
        SeatLink.objects.bulk_create(made)
        if made:
            record_audit(
                actor,
                round_.season.league_id,
                "seat_links_issue",
                f"{round_}: {len(made)} private seat links made",
                round_id=round_.pk,
                count=len(made),
            )
    return len(made)


def revoke_link(round_: Round, link_id: int, *, actor: Actor) -> SeatLink:
    """Revoke one live link of the round (the seat can then get a new one)."""
    with transaction.atomic():
        link = (
            SeatLink.objects.select_for_update()
            .select_related("player", "table")
            .filter(pk=link_id, round=round_, revoked_at__isnull=True)
            .first()
        )
        if link is None:
            raise ActionError(ActionCode.UNKNOWN, _("There is no such live private link."))
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
        record_audit(
            actor,
            round_.season.league_id,
            "seat_link_revoke",
            f"{link.table}: private link of {link.player.name} revoked",
            round_id=round_.pk,
            table_id=link.table_id,
            player_id=link.player_id,
        )
    return link


@dataclass(frozen=True)
class SeatLinkRow:
    link_id: int
    seat: int
    player: str
    url: str


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

    @property
    def missing(self) -> int:
        """Seats of the round without a live link."""
        return sum(t.missing for t in self.tables)


def round_links(round_: Round, base_url: str) -> RoundLinks:
    """Every drawn table of the round with its seats' live links and one chat text (two
    queries). `base_url` is the site's address (SITE_URL, or the request's host)."""
    seats = list(
        Seat.objects.filter(table__round=round_)
        .select_related("table", "player")
        .order_by("table__number", "seat")
    )
    live = {
        (link.table_id, link.player_id): link
        for link in SeatLink.objects.filter(round=round_, revoked_at__isnull=True)
    }
    tables: dict[int, tuple[Table, list[SeatLinkRow], list[Seat]]] = {}
    for seat in seats:
        _table, rows, missing = tables.setdefault(seat.table_id, (seat.table, [], []))
        link = live.get((seat.table_id, seat.player_id))
        if link is None:
            missing.append(seat)
            continue
        url = base_url + reverse("games:seat_link", args=[token_for(link)])
        rows.append(SeatLinkRow(link.pk, seat.seat + 1, seat.player.name, url))
    return RoundLinks(
        [
            TableLinks(table, rows, _chat_text(round_, table, rows), len(missing))
            for table, rows, missing in tables.values()
        ]
    )


def site_url(request: HttpRequest) -> str:
    """The address links start with: SITE_URL, else the host the organizer is using."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")


def _chat_text(round_: Round, table: Table, rows: list[SeatLinkRow]) -> str:
    heading = _(
        "Round %(round)s, table %(table)s: each player's private link to enter and confirm "
        "the result (keep yours to yourself):"
    ) % {"round": round_.number, "table": table.number}
    return "\n".join([heading] + [f"{row.player}: {row.url}" for row in rows])
