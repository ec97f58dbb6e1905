"""The account an action records as having acted: the signed-in user, else nobody."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied

from core.actor import Actor


def acting_user(actor: Actor) -> User | None:
    """The signed-in user behind `actor`; None for SYSTEM, anonymous visitors and seat links."""
    if isinstance(actor, User) and actor.is_authenticated:
        return actor
    return None


def signed_in_user(user: User | AnonymousUser) -> User:
    """The account of a request that passed login_required (or an organizer check); refuses
    an anonymous visitor instead of querying with him."""
    if not isinstance(user, User):
        raise PermissionDenied
    return user
