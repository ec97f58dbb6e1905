"""The e-mail that tells the player who entered a result that it is disputed, and why.

It goes through the outbox (mail.outbox) while the dispute's transaction runs: written in
its recipient's language, stored once per disputed version, and sent (and retried) by the
mail task after the transaction commits; a mail server that fails never undoes the dispute.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from core.site import absolute_url
from games.models import ResultVersion
from league.models import Table
from mail.kinds import Kind
from mail.letters import Letter
from mail.outbox import enqueue


def submitter(version: ResultVersion) -> Any | None:
    """The account of whoever entered `version` (his own, or the account of the seat's
    player who entered it with his private link) that has an address; None when none has."""
    for user in (version.entered_by, getattr(version.entered_player, "user", None)):
        if user is not None and user.email:
            return user
    return None


def dispute_letter(table: Table, *, by: str, reason: str) -> Letter:
    """The dispute notice's words in the active language (the outbox sets the reader's)."""
    values = {
        "round": table.round.number,
        "table": table.number,
        "season": table.round.season.name,
        "by": by,
        "reason": reason,
        "link": absolute_url(reverse("games:table", args=[table.pk])),
    }
    body = (
        _(
            "%(by)s disputed the result you entered for table %(table)s of round "
            "%(round)s (%(season)s). The reason given:\n\n%(reason)s\n\n"
            "An organizer will decide. The table's page: %(link)s"
        )
        % values
    )
    return Letter(
        subject=_("Round %(round)s, table %(table)s: your result is disputed") % values,
        paragraphs=tuple(part.strip() for part in body.split("\n\n") if part.strip()),
    )


def send_dispute_notice(
    table: Table, version: ResultVersion, *, by: str, reason: str, by_address: str = ""
) -> bool:
    """Queue the e-mail about the dispute of `version` at `table` by `by` to its submitter;
    False when he has no address, disputed it himself, unsubscribed, or has it already."""
    user = submitter(version)
    if user is None or str(user.email).lower() == by_address.lower():
        return False
    return enqueue(
        user,
        Kind.DISPUTE,
        f"version:{version.pk}",
        lambda: dispute_letter(table, by=by, reason=reason),
    )
