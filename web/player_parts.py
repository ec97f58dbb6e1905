"""The player page's rating and head-to-head parts, from his section of the published rating
list: the games that moved his rating most and his opponents, each linking to their
head-to-head."""

from __future__ import annotations

from league.models import Player
from publishing.rating_snapshots import rating_section


def player_rating_parts(player: Player) -> dict[str, object]:
    """The largest gains and losses (as ("gains" | "losses", moves) pairs; empty without
    any) and the opponents, from the player's section of the latest rating list (1 query)."""
    section = rating_section(player.slug)
    if section is None:
        return {"rating_moves": [], "opponents": []}
    moves = [("gains", section["gains"]), ("losses", section["losses"])]
    return {
        "rating_moves": moves if section["gains"] or section["losses"] else [],
        "opponents": section["opponents"],
    }
