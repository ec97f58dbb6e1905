"""The e-mail that tells the player who entered a result that it is disputed, and why.

It is written while the dispute's transaction runs (in the language of the page that
disputed) and sent after it commits; a mail server that fails is logged, and the dispute
stays.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.core.mail import send_mail
from django.urls import reverse
from django.utils.translation import gettext as _

from core.site import absolute_url
from games.models import ResultVersion
from league.models import Table

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DisputeNotice:
    """One e-mail to the player who entered the disputed result."""

    to: str
    subject: str
    body: str

    def send(self) -> None:
        """Send it; a failing mail server is logged, never raised (the dispute is stored)."""
        try:
            send_mail(self.subject, self.body, None, [self.to])
        except OSError:  # smtplib's errors and a refused connection alike
            logger.warning("dispute notice to %s not sent", self.to, exc_info=True)


def submitter_address(version: ResultVersion) -> str:
    """The e-mail address of whoever entered `version` (his account, or the account of the
    seat's player who entered it with his private link); empty when there is none."""
    for user in (version.entered_by, getattr(version.entered_player, "user", None)):
        address = getattr(user, "email", "") or ""
        if address:
            return str(address)
    return ""


def dispute_notice(
    table: Table, version: ResultVersion, *, by: str, reason: str, by_address: str = ""
) -> DisputeNotice | None:
    """The e-mail to send about the dispute of `version` at `table` by `by`, or None when
    its submitter has no address (or disputed it himself)."""
    to = submitter_address(version)
    if not to or to.lower() == by_address.lower():
        return None
    values = {
        "round": table.round.number,
        "table": table.number,
        "season": table.round.season.name,
        "by": by,
        "reason": reason,
        "link": absolute_url(reverse("games:table", args=[table.pk])),
    }
    return DisputeNotice(
        to=to,
        subject=_("Round %(round)s, table %(table)s: your result is disputed") % values,
        body=_(
            "%(by)s disputed the result you entered for table %(table)s of round "
            "%(round)s (%(season)s). The reason given:\n\n%(reason)s\n\n"
            "An organizer will decide. The table's page: %(link)s"
        )
        % values,
    )
