"""Who may do what: organizers per league, players for themselves (checked on the server)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from games.models import GameResult
from league.models import League, Player, Registration


def is_organizer(user: Any, league: League | int) -> bool:
    """True when `user` organizes `league` (superusers organize every league)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    league_id = league if isinstance(league, int) else league.pk
    return League.organizers.through.objects.filter(league_id=league_id, user_id=user.pk).exists()


def is_any_organizer(user: Any) -> bool:
    """True when `user` organizes at least one league."""
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        bool(user.is_superuser)
        or League.organizers.through.objects.filter(user_id=user.pk).exists()
    )


def require_organizer(user: Any, league: League | int) -> None:
    """Raise PermissionDenied unless `user` organizes `league`."""
    if not is_organizer(user, league):
        raise PermissionDenied(_("Only an organizer of this league may do this."))


def require_any_organizer(user: Any) -> None:
    """Raise PermissionDenied unless `user` organizes some league."""
    if not is_any_organizer(user):
        raise PermissionDenied(_("Only an organizer may do this."))


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


def player_of(user: Any) -> Player | None:
    """The player record linked to `user`, or None (anonymous or not yet linked)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Player.objects.filter(user_id=user.pk).first()
