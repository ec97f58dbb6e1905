"""The kinds of e-mail the site sends; a user may unsubscribe from each but invitations and
the notice of an address change."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    """A kind of e-mail; its label names it on /me/ and on the unsubscribe page."""

    INVITATION = "invitation", _("Invitations to your account")
    DISPUTE = "dispute", _("Disputes of results you entered")
    REMINDER = "reminder", _("Registration reminders")
    TABLE_DRAWN = "table_drawn", _("Your table in the draw")
    CONFIRM_RESULT = "confirm_result", _("Results waiting for your confirmation")
    RESULTS = "results", _("A round's results")
    ADDRESS_CHANGED = "address_changed", _("Changes to your e-mail address")


# An invitation is the only way to an account's password, and the notice of an address
# change the only word of someone else taking it: neither can be unsubscribed.
UNSUBSCRIBABLE = tuple(kind for kind in Kind if kind not in (Kind.INVITATION, Kind.ADDRESS_CHANGED))


def may_unsubscribe(kind: str) -> bool:
    """Whether a user may unsubscribe from e-mails of `kind`."""
    return kind in UNSUBSCRIBABLE
