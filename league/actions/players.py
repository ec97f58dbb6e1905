"""Find players by name, creating the new ones with a unique slug; or, for organizers'
forms, match names against the known players and create only the ones confirmed new."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import ActionCode, ActionError
from league.models import Player
from league.name_match import (
    NameMatch,
    describe_character,
    first_invisible,
    match_names,
    name_key,
    shown_with_invisibles,
    trim_name,
)

# The organizer's answer for a typed name that is a new player (else a candidate's id).
NEW_PLAYER = "new"
LEFT_OUT = "skip"  # the organizer's answer for a name he leaves out (a typo, a stray line)

NAME_MAX_LENGTH = Player._meta.get_field("name").max_length or 80


def clean_player_name(raw: object, field: str = "") -> str:
    """A player's name with repeated spaces as one and no space or direction mark at its ends
    (league.name_match.trim_name); refuses empty, too long, and a name that still holds an
    invisible format character (Unicode Cf), naming `field` (default: "Player's name")."""
    if not isinstance(raw, str):
        raise ActionError(ActionCode.NAME_NOT_TEXT, _("A player's name must be text."))
    name = trim_name(raw)
    if not name:
        raise ActionError(ActionCode.NAME_EMPTY, _("A player's name cannot be empty."))
    if len(name) > NAME_MAX_LENGTH:
        raise ActionError(
            ActionCode.NAME_TOO_LONG,
            _("The name %(name)s… is longer than %(max)d characters.")
            % {"name": name[:20], "max": NAME_MAX_LENGTH},
        )
    refusal = invisible_refusal(name, field or _("Player's name"))
    if refusal is not None:
        raise ActionError(ActionCode.NAME_INVISIBLE_CHARACTER, refusal)
    return name


def invisible_refusal(text: str, field: str) -> str | None:
    """The sentence refusing `text` typed in `field` for its first invisible format character
    (Unicode Cf), shown by code point; None when it has none."""
    invisible = first_invisible(text)
    if invisible is None:
        return None
    return _(
        "%(field)s: “%(text)s” holds an invisible character (%(character)s); "
        "type it again without it."
    ) % {
        "field": field,
        "text": shown_with_invisibles(text),
        "character": describe_character(text[invisible]),
    }


def get_or_create_players(names: Iterable[str]) -> dict[str, Player]:
    """The players named `names` (cleaned), by each cleaned spelling: the player of that name,
    else the one player whose name has its key (league.name_match.name_key: `dana` is Dana),
    else a new player, one for the names of one key. One query when every name is known as
    written; refuses a name with the key of two players (an organizer renames one)."""
    cleaned = list(dict.fromkeys(clean_player_name(n) for n in names))
    with transaction.atomic():
        found = {p.name: p for p in Player.objects.filter(name__in=cleaned)}
        unknown = [n for n in cleaned if n not in found]
        if unknown:
            by_key = _players_by_key(unknown)
            taken = set(
                Player.objects.filter(slug__in=[_base_slug(n) for n in unknown]).values_list(
                    "slug", flat=True
                )
            )
            for name in unknown:
                key = name_key(name)
                if key not in by_key:
                    by_key[key] = _create_player(name, taken)
                found[name] = by_key[key]
    return {n: found[n] for n in cleaned}


def _players_by_key(names: Sequence[str]) -> dict[str, Player]:
    """The known players whose names have the key of one of `names`, by key; refuses, naming
    them, when two have the key of one name."""
    wanted = {name_key(n): n for n in names}
    alike: dict[str, list[int]] = {}
    for pk, known in Player.objects.values_list("pk", "name"):
        key = name_key(known)
        if key in wanted:
            alike.setdefault(key, []).append(pk)
    players = Player.objects.in_bulk([pk for pks in alike.values() for pk in pks])
    for key, pks in alike.items():
        if len(pks) > 1:
            raise ActionError(
                ActionCode.NAME_AMBIGUOUS,
                _("“%(name)s” is written like %(players)s: use one of their names as written.")
                % {"name": wanted[key], "players": ", ".join(players[pk].name for pk in pks)},
            )
    return {key: players[pks[0]] for key, pks in alike.items()}


def _create_player(name: str, taken: set[str]) -> Player:
    slug = _unique_slug(_base_slug(name), taken)
    taken.add(slug)
    return Player.objects.create(name=name, slug=slug)


def match_players(names: Iterable[str], field: str = "") -> list[NameMatch]:
    """The cleaned `names` (refused naming `field`, see clean_player_name), one for each key
    (its first spelling), matched against every player (one query)."""
    distinct: dict[str, str] = {}
    for raw in names:
        name = clean_player_name(raw, field)
        distinct.setdefault(name_key(name), name)
    return match_names(list(distinct.values()), list(Player.objects.values_list("pk", "name")))


class NameChoiceMissing(ActionError):
    """A typed name needs the organizer's choice (a candidate or a new player) first."""


def confirmed_players(
    names: Iterable[str], choices: Mapping[str, str] | None = None
) -> list[Player]:
    """The players for `names`: exact matches as they are, every other name as the
    organizer chose in `choices` (a candidate's id, NEW_PLAYER to create it, LEFT_OUT for
    none). Without `choices` (a program, not a form), a name with no near player is created.

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
            if choice == LEFT_OUT and choices is not None:
                continue
            if choice == NEW_PLAYER or (choices is None and not match.candidates):
                chosen[match.name] = None
            elif choice in ids:
                chosen[match.name] = ids[choice]
            else:
                raise NameChoiceMissing(
                    ActionCode.NAME_NEEDS_CHOICE,
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
            if match.name not in chosen:  # left out
                continue
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
