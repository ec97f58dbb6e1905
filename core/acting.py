"""The account an action records as having acted: the signed-in user, else nobody."""

from __future__ import annotations

from django.contrib.auth.models import User

from core.actor import Actor


def acting_user(actor: Actor) -> User | None:
    """The signed-in user behind `actor`; None for SYSTEM, anonymous visitors and seat links."""
    if isinstance(actor, User) and actor.is_authenticated:
        return actor
    return None
