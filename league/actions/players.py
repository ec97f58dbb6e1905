"""Find players by name (creating the new ones with a unique slug) or by their user account."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import ActionCode, ActionError
from league.models import Player

NAME_MAX_LENGTH = Player._meta.get_field("name").max_length or 80


def clean_player_name(raw: object) -> str:
    """A player's name with surrounding and repeated spaces removed; refuses empty/too long."""
    if not isinstance(raw, str):
        raise ActionError(ActionCode.INVALID, _("A player's name must be text."))
    name = " ".join(raw.split())
    if not name:
        raise ActionError(ActionCode.INVALID, _("A player's name cannot be empty."))
    if len(name) > NAME_MAX_LENGTH:
        raise ActionError(
            ActionCode.INVALID,
            _("The name %(name)s… is longer than %(max)d characters.")
            % {"name": name[:20], "max": NAME_MAX_LENGTH},
        )
    return name


def get_or_create_players(names: Iterable[str]) -> dict[str, Player]:
    """The players named `names` (cleaned), creating missing ones; one query to look up."""
    cleaned = list(dict.fromkeys(clean_player_name(n) for n in names))
    with transaction.atomic():
        found = {p.name: p for p in Player.objects.filter(name__in=cleaned)}
        missing = [n for n in cleaned if n not in found]
        if missing:
            taken = set(
                Player.objects.filter(slug__in=[_base_slug(n) for n in missing]).values_list(
                    "slug", flat=True
                )
            )
            for name in missing:
                slug = _unique_slug(_base_slug(name), taken)
                taken.add(slug)
                found[name] = Player.objects.create(name=name, slug=slug)
    return {n: found[n] for n in cleaned}


def _base_slug(name: str) -> str:
    return (slugify(name, allow_unicode=True) or "player")[:90]


def _unique_slug(base: str, taken: set[str]) -> str:
    slug, counter = base, 2
    while slug in taken or Player.objects.filter(slug=slug).exists():
        slug = f"{base}-{counter}"
        counter += 1
    return slug


def player_of(user: Any) -> Player | None:
    """The player record linked to `user`, or None (anonymous or not yet linked)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Player.objects.filter(user_id=user.pk).first()
