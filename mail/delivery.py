"""Sending one stored e-mail, once: the row is locked, sent only while still queued, and
marked sent in the same transaction, so a retried or repeated task never sends it twice."""

from __future__ import annotations

from typing import Final

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.utils import timezone

from mail.models import Outbound
from mail.tokens import unsubscribe_url

# The task's retries (mail.tasks) plus its first try; after them the message is failed.
MAX_RETRIES: Final = 8
MAX_ATTEMPTS: Final = MAX_RETRIES + 1


def unsubscribe_headers(outbound: Outbound) -> dict[str, str]:
    """RFC 8058's one-click unsubscribe headers, for the kinds one may unsubscribe from:
    the link is the page whose POST unsubscribes (a scanner's GET changes nothing). The
    header needs an absolute address: none without SITE_URL (the body's link stays)."""
    url = unsubscribe_url(outbound.user_id, outbound.kind)
    if not url.startswith(("https://", "http://")):  # no SITE_URL: no address to give
        return {}
    return {"List-Unsubscribe": f"<{url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def message(outbound: Outbound) -> EmailMultiAlternatives:
    """The e-mail of `outbound`: the text, its HTML alternative, the unsubscribe headers."""
    email = EmailMultiAlternatives(
        subject=outbound.subject,
        body=outbound.text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[outbound.address],
        headers={"Content-Language": outbound.language, **unsubscribe_headers(outbound)},
    )
    email.attach_alternative(outbound.html, "text/html")
    return email


def deliver(outbound_id: int) -> bool:
    """Send message `outbound_id` if it is still queued; True when it was sent now. A mail
    server's failure is stored (attempts, last error; failed after MAX_ATTEMPTS) and
    raised again, for the task to retry."""
    failure: OSError | None = None
    with transaction.atomic():
        outbound = Outbound.objects.select_for_update().filter(pk=outbound_id).first()
        if outbound is None or outbound.status != Outbound.Status.QUEUED:
            return False
        try:
            message(outbound).send()
        except OSError as error:  # smtplib's errors and a refused connection alike
            failure = error
        now = timezone.now()
        outbound.attempts += 1
        outbound.tried_at = now
        if failure is None:
            outbound.status = Outbound.Status.SENT
            outbound.sent_at = now
            outbound.last_error = ""
        else:
            outbound.last_error = f"{type(failure).__name__}: {failure}"[:2000]
            if outbound.attempts >= MAX_ATTEMPTS:
                outbound.status = Outbound.Status.FAILED
        outbound.save(update_fields=["attempts", "tried_at", "status", "sent_at", "last_error"])
    if failure is not None and outbound.status == Outbound.Status.QUEUED:
        raise failure
    return failure is None
