"""Find players by name, creating the new ones with a unique slug; or, for organizers'
forms, match names against the known players and create only the ones confirmed new."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import ActionCode, ActionError
from league.models import Player
from league.name_match import NameMatch, match_names

# The organizer's answer for a typed name that is a new player (else a candidate's id).
NEW_PLAYER = "new"

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
                found[name] = _create_player(name, taken)
    return {n: found[n] for n in cleaned}


def _create_player(name: str, taken: set[str]) -> Player:
    slug = _unique_slug(_base_slug(name), taken)
    taken.add(slug)
    return Player.objects.create(name=name, slug=slug)


def match_players(names: Iterable[str]) -> list[NameMatch]:
    """The cleaned, distinct `names` matched against every player (one query)."""
    cleaned = list(dict.fromkeys(clean_player_name(n) for n in names))
    return match_names(cleaned, list(Player.objects.values_list("pk", "name")))


class NameChoiceMissing(ActionError):
    """A typed name needs the organizer's choice (a candidate or a new player) first."""


def confirmed_players(
    names: Iterable[str], choices: Mapping[str, str] | None = None
) -> list[Player]:
    """The players for `names`: exact matches as they are, every other name as the
    organizer chose in `choices` (a candidate's id, or NEW_PLAYER to create it). Without
    `choices` (a program, not a form), a name with no near player is created.

    Refuses, naming the name, when a choice is missing or is not one of its candidates;
    then nothing is created. Call inside the caller's transaction to keep it all or none.
    """
    with transaction.atomic():
        matches = match_players(names)
        chosen: dict[str, int | None] = {}
        for match in matches:
            if match.exact is not None:
                chosen[match.name] = match.exact
                continue
            choice = choices.get(match.name, "") if choices is not None else ""
            ids = {str(pk): pk for pk, _name in match.candidates}
            if choice == NEW_PLAYER or (choices is None and not match.candidates):
                chosen[match.name] = None
            elif choice in ids:
                chosen[match.name] = ids[choice]
            else:
                raise NameChoiceMissing(
                    ActionCode.INVALID,
                    _("Choose who “%(name)s” is: one of the players listed or a new player.")
                    % {"name": match.name},
                )
        existing = Player.objects.in_bulk([pk for pk in chosen.values() if pk is not None])
        gone = [name for name, pk in chosen.items() if pk is not None and pk not in existing]
        if gone:
            raise ActionError(
                ActionCode.UNKNOWN,
                _("The player chosen for “%(name)s” no longer exists.") % {"name": gone[0]},
            )
        taken: set[str] = set()
        players = []
        for match in matches:
            pk = chosen[match.name]
            players.append(existing[pk] if pk is not None else _create_player(match.name, taken))
    return list(dict.fromkeys(players))


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
