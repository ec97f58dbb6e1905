"""What the mail tests share: a user with an address and a letter from existing strings."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from mail.letters import Letter
from mail.recipients import set_language
from tests.roundsupport import make_user


def reader(language: str | None = None, **extra: object) -> Any:
    """A user with an address and, when given, his language."""
    user = make_user(**extra)
    user.email = f"{user.username}@example.org"
    user.save(update_fields=["email"])
    if language is not None:
        set_language(user, language)
    return user


def letter() -> Letter:
    """A letter in the active language, from strings the catalogues translate."""
    return Letter(
        subject=_("Your Whist league account"),
        paragraphs=(_("Registration reminders"), "second line"),
        action=(_("My rounds"), "https://whist.example.org/me/"),
    )
