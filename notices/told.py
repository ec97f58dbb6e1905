"""Who has a letter already: one query for a whole round's letters of a kind, so a sweep
that finds nothing new costs a few queries, not a few per player. (`enqueue` still decides:
this only spares it the players told before.)"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from mail.kinds import Kind
from mail.models import Outbound


def already_told(kind: Kind, keys: Iterable[str]) -> set[tuple[int, str]]:
    """The (user id, key) pairs of `kind` and `keys` the outbox holds."""
    return set(Outbound.objects.filter(kind=kind, key__in=list(keys)).values_list("user_id", "key"))


def told_places(kind: Kind, places: Iterable[str]) -> dict[int, list[str]]:
    """For each user, the `places` (keys) of `kind` he was told, oldest first: a place told
    again carries a suffix in its key (`table:7:3`, his third letter), given here without it."""
    places = list(places)
    if not places:
        return {}
    matching = Q(key__in=places)
    for place in places:
        matching |= Q(key__startswith=f"{place}:")
    told: dict[int, list[str]] = {}
    letters = Outbound.objects.filter(matching, kind=kind).order_by("pk")
    for user_id, key in letters.values_list("user_id", "key"):
        place = key if key in places else key.rsplit(":", 1)[0]
        told.setdefault(user_id, []).append(place)
    return told
