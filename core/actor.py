"""Who acts: a signed-in user, an anonymous visitor, or the system (command line, scheduler)."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


class SystemActor:
    """The command line and scheduled tasks: acts with an organizer's powers."""

    is_authenticated = False
    pk = None

    def __repr__(self) -> str:
        return "SYSTEM"


# The default actor of every action. Pass a user (or an anonymous user) from web requests
# and API calls; None is never the system (a deleted user stays powerless).
SYSTEM = SystemActor()

Actor: TypeAlias = AbstractBaseUser | AnonymousUser | SystemActor
