"""Who organizes which league: the permission questions that need only the user.

A league is asked about by its id or any object with a `pk`; the answers read the user's
`organized_leagues` (the reverse of `League.organizers`), so this module imports no app above.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


def is_organizer(user: Any, league: Any) -> bool:
    """True when `user` organizes `league` (a League or its id; superusers organize every
    league)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    league_id = league if isinstance(league, int) else league.pk
    return bool(user.organized_leagues.filter(pk=league_id).exists())


def is_any_organizer(user: Any) -> bool:
    """True when `user` organizes at least one league."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser) or bool(user.organized_leagues.exists())


def require_organizer(user: Any, league: Any) -> None:
    """Raise PermissionDenied unless `user` organizes `league`."""
    if not is_organizer(user, league):
        raise PermissionDenied(_("Only an organizer of this league may do this."))


def require_any_organizer(user: Any) -> None:
    """Raise PermissionDenied unless `user` organizes some league."""
    if not is_any_organizer(user):
        raise PermissionDenied(_("Only an organizer may do this."))
