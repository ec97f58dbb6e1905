"""Which players an organizer may reach: claims he decides, accounts he links, the audit league.

The organizer questions that need only the user are in `core.permissions`."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Q

from games.models import GameResult
from league.models import League, Player, Registration


def claims_scope(user: Any) -> Q:
    """Which claims `user` may decide (a filter on PlayerClaim): those for a player he may
    link to an account (see `linkable_players_scope`)."""
    return _players_in_reach(user, OuterRef("player"))


def linkable_players_scope(user: Any) -> Q:
    """Which players `user` may link to an account (a filter on Player): those with a
    registration or a season's result in a league he organizes, or with neither anywhere (a
    new record). Superusers link every player. Claims, invitations and the admin all follow
    this one scope."""
    return _players_in_reach(user, OuterRef("pk"))


def may_link_player(user: Any, player: Player) -> bool:
    """True when `user` may link `player` to an account (`linkable_players_scope`)."""
    return Player.objects.filter(linkable_players_scope(user), pk=player.pk).exists()


def league_of_player_action(user: Any, player: Player) -> int | None:
    """The league an action by `user` on `player` belongs to, for the audit log: the first of
    the player's leagues (registered or playing there) that `user` organizes, any of them for
    a superuser; None for a player with no league yet."""
    leagues = set(
        Registration.objects.filter(player=player).values_list(
            "round__season__league_id", flat=True
        )
    ) | set(
        GameResult.objects.filter(player=player, season__isnull=False).values_list(
            "season__league_id", flat=True
        )
    )
    if not getattr(user, "is_superuser", False):
        leagues &= set(
            League.organizers.through.objects.filter(user_id=user.pk).values_list(
                "league_id", flat=True
            )
        )
    return min(leagues, default=None)


def _players_in_reach(user: Any, player: OuterRef) -> Q:
    if getattr(user, "is_superuser", False):
        return Q()
    mine = League.organizers.through.objects.filter(user_id=user.pk).values("league_id")
    registered = Registration.objects.filter(player=player)
    played = GameResult.objects.filter(player=player, season__isnull=False)
    in_mine = Exists(registered.filter(round__season__league__in=mine)) | Exists(
        played.filter(season__league__in=mine)
    )
    return Q(in_mine) | ~Q(Exists(registered) | Exists(played))
