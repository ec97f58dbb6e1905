"""Which seat a browser acts for with private links (games.seat_links), table by table.

Opening a link stores its id in the session for the table it opens. Once the session has
acted for a seat of a table (entered, saved a draft of, confirmed or disputed its result
with that seat's link), or when the signed-in account is the player of one of its seats,
the session acts for that seat only: another seat's link of that table is refused
(`other_seat`), so one player cannot enter a result with his link and confirm it with a
neighbour's in the same browser.
"""

from __future__ import annotations

from django.contrib.sessions.backends.base import SessionBase
from django.utils.translation import gettext as _

from core.actor import Actor
from games.models import SeatLink
from games.permissions import LinkActor
from games.seat_links import link_problem, opens_table
from league.models import Seat, Table

SESSION_KEY = "seat_links"
ACTED_KEY = "seat_links_acted"


def _by_table(session: SessionBase, key: str) -> dict[str, int]:
    stored = session.get(key)
    return dict(stored) if isinstance(stored, dict) else {}


def remember(session: SessionBase, link: SeatLink, table: Table) -> None:
    """Open the link's identity in this session, for `table` only."""
    links = _by_table(session, SESSION_KEY)
    links[str(table.pk)] = link.pk
    session[SESSION_KEY] = links


def session_has_links(session: SessionBase) -> bool:
    return bool(session.get(SESSION_KEY))


def holds_link_for(session: SessionBase, table: Table) -> bool:
    """Whether this session opened a private link for `table`, working or not."""
    return str(table.pk) in _by_table(session, SESSION_KEY)


def mark_acted(session: SessionBase, actor: Actor) -> None:
    """After a write with a private link: this session now acts for that seat only."""
    if isinstance(actor, LinkActor):
        acted = _by_table(session, ACTED_KEY)
        acted[str(actor.table_id)] = actor.player_id
        session[ACTED_KEY] = acted


def acted_for(session: SessionBase, table_id: int) -> int | None:
    """The player whose seat this session has acted for at the table with a link."""
    player_id = _by_table(session, ACTED_KEY).get(str(table_id))
    return player_id if isinstance(player_id, int) else None


def other_seat(session: SessionBase, user: object, player_id: int, seats: list[Seat]) -> str | None:
    """Why this session may not act for `player_id`'s seat of the table of `seats` (the
    sentence), or None when it may: it has acted for another seat there with a link, or the
    signed-in account is the player of another seat."""
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    own = next(
        (s.player for s in seats if user_id is not None and s.player.user_id == user_id), None
    )
    if own is not None and own.pk != player_id:
        return _(
            "You are signed in as %(player)s, who sits at this table, so this browser acts "
            "for his seat only: another player's private link does not open here. Each "
            "player enters or confirms the result with his own link or account."
        ) % {"player": own.name}
    acted = acted_for(session, seats[0].table_id) if seats else None
    if acted is not None and acted != player_id:
        name = next((s.player.name for s in seats if s.player_id == acted), "")
        return _(
            "This browser has already entered or confirmed this table's result for "
            "%(player)s, so another player's private link does not open here. Each player "
            "enters or confirms the result with his own link, on his own phone."
        ) % {"player": name}
    return None


def actor_for(session: SessionBase, table: Table, seats: list[Seat]) -> LinkActor | None:
    """The seat identity this session holds for `table`, if its link still works."""
    link_id = _by_table(session, SESSION_KEY).get(str(table.pk))
    if not isinstance(link_id, int):
        return None
    link = SeatLink.objects.select_related("player").filter(pk=link_id).first()
    if link is None or not opens_table(link, table):
        return None
    if link_problem(link, table.round, [s.player_id for s in seats]) is not None:
        return None
    acted = acted_for(session, table.pk)
    if acted is not None and acted != link.player_id:
        return None
    return LinkActor(link_id=link.pk, player_id=link.player_id, table_id=table.pk)
