"""A user's own e-mail address, as sign-up and /me/ take it: optional (none = no e-mails),
normalised (spaces at its ends dropped, the domain in lower case) and refused when another
account already uses it, whatever its case. The form field and the check both pages share."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.utils.translation import gettext_lazy as _

from core.bidi import isolate


def normalised_address(text: str) -> str:
    """`text` without spaces at its ends and with its domain in lower case ("" stays "")."""
    return BaseUserManager.normalize_email(text.strip()) if text.strip() else ""


def address_in_use(address: str, user: Any = None) -> bool:
    """Whether an account other than `user` (None: any account) uses `address`, any case."""
    if not address:
        return False
    others = get_user_model().objects.filter(email__iexact=address)
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    return bool(others.exists())


class AddressField(forms.EmailField):
    """The optional "E-mail" field: an address, normalised, or "" for none."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("label", _("E-mail"))
        kwargs.setdefault(
            "help_text",
            _(
                "Optional. For reminders before registration closes, your table, results "
                "waiting for your confirmation and the round's results; you can unsubscribe "
                "from each."
            ),
        )
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str:
        return normalised_address(str(super().to_python(value)))


def unused_address(address: str, user: Any = None) -> str:
    """`address`, or a ValidationError naming it (isolated, so a Hebrew sentence keeps it
    whole) when another account than `user` uses it."""
    if address_in_use(address, user):
        raise forms.ValidationError(
            _("Another account already uses the e-mail address %(address)s."),
            code="address_in_use",
            params={"address": isolate(address)},
        )
    return address


class AddressForm(forms.Form):
    """/me/'s form: the signed-in user's address, set, changed or cleared."""

    email = AddressField()

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        return unused_address(self.cleaned_data["email"], self.user)
