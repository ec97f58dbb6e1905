"""A platform's players by its own ids or by name: known ids first, new names create players.

Platform player ids belong to the token's league: another league's token naming the same
platform has its own ids, and an id keeps the player it was first sent with.
"""

from __future__ import annotations

from collections.abc import Sequence

from api.errors import ApiErrorCode, Rejected
from api.models import ApiToken, PlatformPlayer
from api.submissions import PlayerRef
from core.errors import ActionError
from league.actions.players import clean_player_name, get_or_create_players
from league.models import Player
from league.name_match import name_key
from scoring.problems import Problem


def resolve_players(token: ApiToken, refs: Sequence[PlayerRef]) -> list[Player]:
    """The players the token's platform names in its league, in order: by known id, else by name.

    A new name creates the player; an id sent with a name for the first time is remembered.
    A known id sent with another player's name is refused (`player_name_mismatch`).
    Call inside a transaction: it may write players and platform ids.
    """
    ids = [r.platform_id for r in refs if r.platform_id]
    known = {
        link.external_id: link.player
        for link in PlatformPlayer.objects.select_related("player").filter(
            league_id=token.league_id, platform=token.platform, external_id__in=ids
        )
    }
    named = _clean_names(refs)
    problems = [
        *_unnamed_new_ids(refs, known),
        *_mismatched_names(refs, known, named),
    ]
    if problems:
        raise Rejected(problems)
    # New rows are inserted in sorted order so concurrent requests wait for each other
    # instead of deadlocking.
    wanted = {name for seat, name in named.items() if refs[seat].platform_id not in known}
    try:
        by_name = get_or_create_players(sorted(wanted)) if wanted else {}
    except ActionError as refused:
        raise Rejected([Problem(ApiErrorCode.MALFORMED, "players", refused.message)]) from None
    new_links = {
        r.platform_id: by_name[named[seat]]
        for seat, r in enumerate(refs)
        if r.platform_id and r.platform_id not in known
    }
    for platform_id in sorted(new_links):
        PlatformPlayer.objects.create(
            league_id=token.league_id,
            platform=token.platform,
            external_id=platform_id,
            player=new_links[platform_id],
        )
    known.update(new_links)
    return [
        known[r.platform_id] if r.platform_id else by_name[named[seat]]
        for seat, r in enumerate(refs)
    ]


def _clean_names(refs: Sequence[PlayerRef]) -> dict[int, str]:
    """The seats' names as league.actions.players.clean_player_name cleans them, by seat;
    refuses, at its path, a name it refuses."""
    named = {}
    for seat, ref in enumerate(refs):
        if ref.name:
            where = ref.where or f"players[{seat}].name"
            try:
                named[seat] = clean_player_name(ref.name, where)
            except ActionError as refused:
                raise Rejected([Problem(ApiErrorCode.MALFORMED, where, refused.message)]) from None
    return named


def _unnamed_new_ids(refs: Sequence[PlayerRef], known: dict[str, Player]) -> list[Problem]:
    """An id seen for the first time must come with the player's name."""
    return [
        Problem(
            ApiErrorCode.UNKNOWN_PLAYER,
            f"players[{seat}].id",
            f"The platform id {ref.platform_id} is new; send it once with the player's name.",
        )
        for seat, ref in enumerate(refs)
        if ref.platform_id and ref.platform_id not in known and not ref.name
    ]


def _mismatched_names(
    refs: Sequence[PlayerRef], known: dict[str, Player], named: dict[int, str]
) -> list[Problem]:
    """A known id sent with a name must name the player it stands for."""
    problems = []
    for seat, ref in enumerate(refs):
        player = known.get(ref.platform_id or "")
        if player is not None and seat in named and name_key(named[seat]) != name_key(player.name):
            problems.append(
                Problem(
                    ApiErrorCode.PLAYER_NAME_MISMATCH,
                    f"players[{seat}].name",
                    f"The platform id {ref.platform_id} stands for {player.name}, "
                    f"not {named[seat]}.",
                )
            )
    return problems
