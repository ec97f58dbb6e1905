"""Who has a letter already: one query for a whole round's letters of a kind, so a sweep
that finds nothing new costs a few queries, not a few per player. (`enqueue` still decides:
this only spares it the players told before.)"""

from __future__ import annotations

from collections.abc import Iterable

from mail.kinds import Kind
from mail.models import Outbound


def already_told(kind: Kind, keys: Iterable[str]) -> set[tuple[int, str]]:
    """The (user id, key) pairs of `kind` and `keys` the outbox holds."""
    return set(Outbound.objects.filter(kind=kind, key__in=list(keys)).values_list("user_id", "key"))
