"""The sign-up form: Django's, with the username trimmed of the direction marks at its ends
(text pasted from a Hebrew chat carries them) and refused, naming the field, when it still
holds an invisible format character, as every place a name enters does; and an optional
e-mail address (mail.addresses: normalised, refused when another account uses it)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User

from league.actions.players import invisible_refusal
from league.name_match import trim_name
from mail.addresses import AddressField, unused_address


class SignupUsernameField(UsernameField):
    """A username without direction marks at its ends and with no invisible character."""

    def to_python(self, value: Any) -> Any:
        text = trim_name(value) if isinstance(value, str) else value
        refusal = invisible_refusal(text, str(self.label)) if isinstance(text, str) else None
        if refusal is not None:
            raise forms.ValidationError(refusal, code="invisible")
        return super().to_python(text)


class SignupForm(UserCreationForm[User]):
    """Django's UserCreationForm with SignupUsernameField and the optional address."""

    email = AddressField()

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        field_classes = {"username": SignupUsernameField}

    def clean_email(self) -> str:
        return unused_address(self.cleaned_data["email"])
