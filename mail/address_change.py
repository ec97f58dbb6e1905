"""A user's address changed (or cleared) on /me/: the address it had is told, in his
language, what it was changed to and what to do if he did not change it. An address is the
way to an account's password (a reset goes there), so a change made by someone else with
his session must not go unnoticed; the letter cannot be unsubscribed from."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from core.bidi import isolate
from core.site import absolute_url
from mail.kinds import Kind
from mail.letters import Letter
from mail.models import Outbound
from mail.outbox import enqueue


def change_address(user: Any, address: str) -> bool:
    """Keep `address` (normalised and checked: mail.addresses) as `user`'s e-mail address
    ("" for none) and queue the letter to the one it replaces; True when a letter was
    queued (there was an address before, and it is not the new one in another case)."""
    before = (user.email or "").strip()
    with transaction.atomic():  # the address and the letter to the one it replaces, or neither
        user.email = address
        user.save(update_fields=["email"])
        if not before or before.lower() == address.lower():
            return False
        earlier = Outbound.objects.filter(user_id=user.pk, kind=Kind.ADDRESS_CHANGED).count()
        return enqueue(
            user,
            Kind.ADDRESS_CHANGED,
            f"address:{earlier + 1}",
            lambda: changed_letter(user.get_username(), address),
            to=before,
        )


def changed_letter(account: str, address: str) -> Letter:
    """The letter to an account's former address, in the active language."""
    if address:
        changed = _(
            "The e-mail address of your account %(account)s was changed to %(address)s: "
            "the league's e-mails go there now, not to this address."
        ) % {"account": isolate(account), "address": isolate(address)}
    else:
        changed = _(
            "The e-mail address of your account %(account)s was removed: the league "
            "sends this address no more e-mails."
        ) % {"account": isolate(account)}
    return Letter(
        subject=_("Your Whist league account: its e-mail address was changed"),
        paragraphs=(
            changed,
            _(
                "If you did not change it, sign in, set your address again on your page "
                "and change your password; if you cannot sign in, tell an organizer of "
                "your league."
            ),
        ),
        action=(_("My rounds"), absolute_url(reverse("web:my_rounds"))),
    )
