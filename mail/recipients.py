"""Each user's language for e-mails and the kinds he unsubscribed from (the Recipient row)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import translation

from mail.kinds import Kind, may_unsubscribe
from mail.models import Recipient

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def supported_language(code: str | None) -> str:
    """`code` (e.g. the request's active language, "he" or "en-us") as one of the site's
    languages; settings.LANGUAGE_CODE when it is none of them."""
    base = (code or "").lower().split("-")[0]
    return base if base in LANGUAGES else str(settings.LANGUAGE_CODE)


@dataclass(frozen=True)
class Preferences:
    """A user's e-mail preferences: his language and the kinds he unsubscribed from."""

    language: str
    unsubscribed: frozenset[str]


def preferences(user: Any) -> Preferences:
    """`user`'s e-mail preferences, in one query (the site's language and every kind when
    he has no Recipient row)."""
    row = Recipient.objects.filter(user_id=user.pk).values_list("language", "unsubscribed").first()
    language, unsubscribed = row if row is not None else (None, None)
    return Preferences(supported_language(language), frozenset(unsubscribed or ()))


def stored_language(user: Any) -> str | None:
    """The language `user` chose or was given (his Recipient row), or None when he has none."""
    found = Recipient.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    return supported_language(found) if found else None


def language_of(user: Any) -> str:
    """The language `user`'s e-mails are written in: his own, else the site's default."""
    return preferences(user).language


def set_language(user: Any, code: str) -> str:
    """Keep `code` (made one of the site's languages) as `user`'s language; returns it."""
    language = supported_language(code)
    Recipient.objects.update_or_create(user_id=user.pk, defaults={"language": language})
    return language


def remember_language(user: Any, code: str | None = None) -> None:
    """Give `user` a language unless he has one: `code`, else the active language (a new
    account: the browser's at sign-up, the organizer's page at an invitation)."""
    language = supported_language(code or translation.get_language())
    Recipient.objects.get_or_create(user_id=user.pk, defaults={"language": language})


def unsubscribed_kinds(user: Any) -> frozenset[str]:
    """The kinds of e-mail `user` unsubscribed from."""
    return preferences(user).unsubscribed


def set_subscribed(user: Any, kind: str, subscribed: bool) -> bool:
    """Subscribe `user` to e-mails of `kind` or unsubscribe him; False (nothing changed)
    for a kind that cannot be unsubscribed. Doing it twice is doing it once."""
    if not may_unsubscribe(kind):
        return False
    with transaction.atomic():
        row, _created = Recipient.objects.select_for_update().get_or_create(
            user_id=user.pk, defaults={"language": supported_language(translation.get_language())}
        )
        kinds = set(row.unsubscribed or ()) - {kind}
        if not subscribed:
            kinds.add(kind)
        row.unsubscribed = sorted(kinds, key=[k.value for k in Kind].index)
        row.save(update_fields=["unsubscribed"])
    return True
