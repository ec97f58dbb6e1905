"""Who acts: a signed-in user, an anonymous visitor, or the system (command line, scheduler).

Plain Python (no Django import), so the lowest layers can name the actor's type.
"""

from __future__ import annotations

from typing import Any, Protocol


class Actor(Protocol):
    """What an action asks of its actor: Django's users and anonymous users, and SYSTEM."""

    @property
    def is_authenticated(self) -> bool: ...

    @property
    def pk(self) -> Any: ...


class SystemActor:
    """The command line and scheduled tasks: acts with an organizer's powers."""

    is_authenticated = False
    pk = None

    def __repr__(self) -> str:
        return "SYSTEM"


# The default actor of every action. Pass a user (or an anonymous user) from web requests
# and API calls; None is never the system (a deleted user stays powerless).
SYSTEM = SystemActor()
