"""Private seat links: result entry without an account.

A league's link names one seat (player) of one drawn table of one round. A tournament's link
names a player for the whole evening: it opens the table he sits at in the latest stage
whose draw is published (or at the final table), never an unpublished draw.

A token is an HMAC of a random 128-bit nonce under the site's secret key; only the token's
SHA-256 is looked up (a hash lookup, so no character-by-character comparison of secrets),
and the token is never logged. Opening a link stores the link's id in the session for that
table only (games.link_sessions); every request checks the link again (`link_problem`):
revoked, round finished, draw not yet published, or the player no longer at the table each
refuse it.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from core.acting import acting_user
from core.actor import Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from games.models import SeatLink
from games.permissions import PLAYABLE, LinkActor
from league.actions.common import lock_round, season_rules
from league.models import Round, Season, Seat, Table
from league.round_names import is_final_table, is_tournament

_SALT = "games.seat_links.token"


def token_for(link: SeatLink) -> str:
    """The link's token (recomputed from its nonce; only organizers' pages show it)."""
    return salted_hmac(_SALT, link.nonce, algorithm="sha256").hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def find_link(token: str) -> SeatLink | None:
    """The link a token opens, or None (looked up by the token's hash)."""
    return (
        SeatLink.objects.select_related("season", "round__season", "table", "player")
        .filter(token_hash=token_hash(token))
        .first()
    )


def link_problem(link: SeatLink, round_: Round, seated_player_ids: list[int]) -> str | None:
    """Why the link does not work at a table of `round_` now, in the player's language; None
    when it does."""
    if link.revoked_at is not None:
        return _("This private link was revoked by the organizer; ask him for a new one.")
    if round_.status not in PLAYABLE:
        if link.whole_evening:
            return _evening_over(round_)
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


def opens_table(link: SeatLink, table: Table) -> bool:
    """Whether the link may act at `table`: its own table, or for an evening link any table
    of its season (link_problem then checks the round and the seat)."""
    if link.whole_evening:
        return link.season_id == table.round.season_id
    return link.table_id == table.pk


@dataclass(frozen=True)
class LinkTarget:
    """Where a link opens now: the round and table (with its seats and their players), or
    why it opens nothing (`problem`; the round and table are then what it was about, if
    anything)."""

    round: Round | None
    table: Table | None
    seats: list[Seat]
    problem: str | None


def link_target(link: SeatLink) -> LinkTarget:
    """The table a link opens now: a league's link its own table; an evening link the
    player's table in the latest stage whose draw is published (two queries either way)."""
    if not link.whole_evening:
        assert link.table is not None  # a league's link always names its table
        seats = _seats(Q(table_id=link.table_id))
        problem = link_problem(link, link.round, [s.player_id for s in seats])
        return LinkTarget(link.round, link.table, seats, problem)
    if link.revoked_at is not None:
        return LinkTarget(None, None, [], link_problem(link, link.round, []))
    latest = (
        Round.objects.filter(Round.draw_public_q(), season_id=link.season_id)
        .order_by("-number")
        .first()
    )
    if latest is None:
        return LinkTarget(None, None, [], _evening_not_started(link.season))
    latest.season = link.season
    if latest.status not in PLAYABLE:
        return LinkTarget(latest, None, [], _evening_over(latest))
    seats = _seats(Q(table__round=latest, table__seats__player_id=link.player_id))
    if not seats:
        return LinkTarget(latest, None, [], _evening_no_table(link, latest))
    table = seats[0].table
    table.round = latest
    return LinkTarget(
        latest, table, seats, link_problem(link, latest, [s.player_id for s in seats])
    )


def _seats(where: Q) -> list[Seat]:
    return list(Seat.objects.filter(where).select_related("table", "player").order_by("seat"))


def _evening_not_started(season: Season) -> str:
    return _(
        "No stage of %(season)s has a published draw yet; this link opens your table once the "
        "first stage's draw is published."
    ) % {"season": season.name or season.slug}


def _evening_over(round_: Round) -> str:
    last = season_rules(round_.season).rounds_in_season
    if last is None or round_.number >= last:
        return _("The tournament is over; its private links no longer work.")
    return _(
        "Stage %(number)s is finished; this link opens your table of the next stage once its "
        "draw is published."
    ) % {"number": round_.number}


def _evening_no_table(link: SeatLink, round_: Round) -> str:
    if is_final_table(season_rules(link.season), round_.number):
        return _("%(player)s does not play at the final table; this link opens no table now.") % {
            "player": link.player.name
        }
    return _("%(player)s has no table in stage %(number)s; ask the organizer.") % {
        "player": link.player.name,
        "number": round_.number,
    }


def verify_link_actor(actor: LinkActor, table: Table, seats: list[Seat]) -> None:
    """Under the table's lock: refuse a link revoked (or expired) since the page opened."""
    link = SeatLink.objects.select_related("player").filter(pk=actor.link_id).first()
    if link is None or not opens_table(link, table):
        raise ActionError(ActionCode.FORBIDDEN, _("This private link is for another table."))
    problem = link_problem(link, table.round, [s.player_id for s in seats])
    if problem is not None:
        raise ActionError(ActionCode.FORBIDDEN, problem)


def evening_links(season: Season) -> bool:
    """Whether the season's links serve a whole evening (a tournament) or one round."""
    return is_tournament(season_rules(season))


def issue_links(round_: Round, *, actor: Actor) -> int:
    """Give every seat of the round's tables a live link (players who have one keep it: in
    a tournament, the one of the whole evening); returns how many were made. The round's
    row is locked, so two clicks make one set; in a tournament the season's row too, so two
    stages' desks make one link a player."""
    with transaction.atomic():
        if lock_round(round_.pk).status not in PLAYABLE:
            raise ActionError(
                ActionCode.CONFLICT,
                _("Private links are made for a drawn round that is not finished."),
            )
        evening = evening_links(round_.season)
        if evening:
            Season.objects.select_for_update(no_key=True).filter(pk=round_.season_id).first()
            live = set(
                SeatLink.objects.filter(
                    season_id=round_.season_id, table__isnull=True, revoked_at__isnull=True
                ).values_list("player_id", flat=True)
            )
        else:
            live = set(
                SeatLink.objects.filter(
                    round=round_, table__isnull=False, revoked_at__isnull=True
                ).values_list("player_id", flat=True)
            )
        seats = Seat.objects.filter(table__round=round_).order_by("table__number", "seat")
        made = []
        for seat in seats:
            if seat.player_id in live:
                continue
            link = SeatLink(
                season_id=round_.season_id,
                round=round_,
                table_id=None if evening else seat.table_id,
                player_id=seat.player_id,
                nonce=secrets.token_hex(16),
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
                f"{round_}: {len(made)} private seat links made"
                + (" (for the whole evening)" if evening else ""),
                round_id=round_.pk,
                count=len(made),
            )
    return len(made)


def round_link_filter(round_: Round) -> Q:
    """The links a round's desk lists and revokes: its own, and its season's evening links."""
    return Q(round=round_, table__isnull=False) | Q(season_id=round_.season_id, table__isnull=True)


def revoke_link(round_: Round, link_id: int, *, actor: Actor) -> SeatLink:
    """Revoke one live link of the round (the seat can then get a new one); in a tournament
    the player's link of the whole evening."""
    with transaction.atomic():
        link = (
            SeatLink.objects.select_for_update(of=("self",))
            .select_related("player", "table")
            .filter(round_link_filter(round_), pk=link_id, revoked_at__isnull=True)
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
            f"{link.table or round_.season}: private link of {link.player.name} revoked",
            round_id=round_.pk,
            table_id=link.table_id,
            player_id=link.player_id,
            player=link.player.name,
        )
    return link
