"""Which players an organizer may reach: claims he decides, accounts he links, the audit league.

What refers to a player, and in which league, is `league.player_leagues`. The organizer
questions that need only the user are in `core.permissions`."""

from __future__ import annotations

from typing import Any

from django.db.models import OuterRef, Q, QuerySet

from league.models import League, Player
from league.player_leagues import leagues_of, referred, referred_in


def claims_scope(user: Any) -> Q:
    """Which claims `user` may decide (a filter on PlayerClaim): those for a player he may
    link to an account (see `linkable_players_scope`)."""
    return _players_in_reach(user, OuterRef("player"))


def linkable_players_scope(user: Any) -> Q:
    """Which players `user` may link to an account (a filter on Player): those a row of a
    league he organizes refers to (a registration, a seat, a result, a private link, rating
    history, an API game or platform id of the league's token: `league.player_leagues`),
    or that nothing refers to (a new record). Superusers link every player. Claims,
    invitations and the admin all follow this one scope."""
    return _players_in_reach(user, OuterRef("pk"))


def may_link_player(user: Any, player: Player) -> bool:
    """True when `user` may link `player` to an account (`linkable_players_scope`)."""
    return Player.objects.filter(linkable_players_scope(user), pk=player.pk).exists()


def league_of_player_action(user: Any, player: Player) -> int | None:
    """The league an action by `user` on `player` belongs to, for the audit log: the first of
    the player's leagues that `user` organizes, any of them for a superuser; None for a
    player with no league yet."""
    leagues = leagues_of(player)
    if not getattr(user, "is_superuser", False):
        leagues &= set(_organized(user).values_list("league_id", flat=True))
    return min(leagues, default=None)


def _players_in_reach(user: Any, player: OuterRef) -> Q:
    if getattr(user, "is_superuser", False):
        return Q()
    return referred_in(player, _organized(user).values("league_id")) | ~referred(player)


def _organized(user: Any) -> QuerySet[Any]:
    return League.organizers.through.objects.filter(user_id=user.pk)
