"""The outbox: a letter to a user about one event becomes one stored, rendered e-mail, and
its sending task is queued when the transaction commits.

`enqueue` is what the rest of the site calls. It writes a letter in its recipient's
language, once per (user, kind, key) whatever the retries or repeats, and never for a user
with no address or who unsubscribed from the kind. The task (mail.tasks) sends it and
retries; the beat sweep queues again what a dead worker or broker left queued.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import translation

from mail.kinds import Kind
from mail.letters import Letter
from mail.models import Outbound
from mail.recipients import language_of, preferences
from mail.render import render_letter
from mail.tasks import send_outbound
from mail.tokens import unsubscribe_url

__all__ = ["enqueue", "language_of", "queue_send"]

logger = logging.getLogger(__name__)


def queue_send(outbound_id: int) -> None:
    """Queue the task that sends message `outbound_id`; a broker that is down (or, with no
    broker, a send that failed all its tries) is logged: the beat sweep tries again."""
    try:
        send_outbound.delay(outbound_id)
    except Exception:  # the broker's errors, or an eager send's last failure
        logger.warning("e-mail %s not queued; the sweep will", outbound_id, exc_info=True)


def enqueue(
    user: Any, kind: Kind, key: str, compose: Callable[[], Letter], *, to: str = ""
) -> bool:
    """Store the e-mail `compose()` writes to `user` about event `key` of `kind` and queue
    its sending on commit, to his address (or to `to`: the one an address change replaced).
    False, and nothing written, when there is no address, `user` has unsubscribed from
    `kind`, or has this message already. Safe inside an atomic block: `compose` runs in
    `user`'s language, the row in a savepoint of its own."""
    address = (to or getattr(user, "email", "") or "").strip()
    if not address:
        return False
    chosen = preferences(user)  # one query: his language and the kinds he unsubscribed from
    if kind in chosen.unsubscribed:
        return False
    if Outbound.objects.filter(user_id=user.pk, kind=kind, key=key).exists():
        return False
    language = chosen.language
    with translation.override(language):
        letter = compose()
        rendered = render_letter(letter, kind, unsubscribe_url(user.pk, kind))
    try:
        with transaction.atomic():
            outbound = Outbound.objects.create(
                user_id=user.pk,
                kind=kind,
                key=key,
                address=address,
                language=language,
                subject=letter.subject,
                text=rendered.text,
                html=rendered.html,
            )
    except IntegrityError:  # a concurrent enqueue of the same message won
        return False
    transaction.on_commit(lambda: queue_send(outbound.pk))
    return True
