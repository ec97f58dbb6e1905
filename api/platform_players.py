"""A platform's players by its own ids or by name: known ids first, new names create players."""

from __future__ import annotations

from collections.abc import Sequence

from api.errors import ApiErrorCode, InvalidRequest, error
from api.models import PlatformPlayer
from api.submissions import PlayerRef
from league.actions.errors import ActionError
from league.actions.players import clean_player_name, get_or_create_players
from league.models import Player


def resolve_players(platform: str, refs: Sequence[PlayerRef]) -> list[Player]:
    """The players the platform names, in order: by known platform id, else by name.

    A new name creates the player; an id sent with a name for the first time is remembered.
    Call inside a transaction: it may write players and platform ids.
    """
    ids = [r.platform_id for r in refs if r.platform_id]
    known = {
        link.external_id: link.player
        for link in PlatformPlayer.objects.select_related("player").filter(
            platform=platform, external_id__in=ids
        )
    }
    problems = [
        error(
            ApiErrorCode.UNKNOWN_PLAYER,
            f"players[{seat}].id",
            f"The platform id {ref.platform_id} is new; send it once with the player's name.",
        )
        for seat, ref in enumerate(refs)
        if ref.platform_id and ref.platform_id not in known and not ref.name
    ]
    if problems:
        raise InvalidRequest(problems)
    # New rows are inserted in sorted order so concurrent requests wait for each other
    # instead of deadlocking.
    try:
        named = {
            seat: clean_player_name(r.name)
            for seat, r in enumerate(refs)
            if r.name and not (r.platform_id and r.platform_id in known)
        }
        by_name = get_or_create_players(sorted(set(named.values()))) if named else {}
    except ActionError as refused:
        raise InvalidRequest([error(ApiErrorCode.MALFORMED, "players", refused.message)]) from None
    new_links = {
        r.platform_id: by_name[named[seat]]
        for seat, r in enumerate(refs)
        if r.platform_id and r.platform_id not in known
    }
    for platform_id in sorted(new_links):
        PlatformPlayer.objects.create(
            platform=platform, external_id=platform_id, player=new_links[platform_id]
        )
    known.update(new_links)
    return [
        known[r.platform_id] if r.platform_id else by_name[named[seat]]
        for seat, r in enumerate(refs)
    ]
