"""Celery tasks of mail: sending one stored e-mail (retried with back-off) and the sweep
that queues again what was left queued (a worker that died, a broker that was down)."""

from __future__ import annotations

import datetime as dt
from typing import Final

from celery import shared_task
from django.db.models import Q
from django.utils import timezone

from mail.delivery import MAX_RETRIES, deliver
from mail.models import Outbound

# The longest wait between two tries (retry_backoff doubles it from 1 s up to this).
BACKOFF_MAX: Final = 1800
# A queued message untouched for this long has lost its task: the sweep queues it again.
STALE: Final = dt.timedelta(seconds=BACKOFF_MAX + 600)
# The first try is queued on commit; the sweep leaves a new message this long to it.
GRACE: Final = dt.timedelta(minutes=5)
SWEEP_BATCH: Final = 200


@shared_task(
    name="mail.send",
    autoretry_for=(OSError,),  # smtplib.SMTPException is an OSError
    retry_backoff=True,
    retry_backoff_max=BACKOFF_MAX,
    retry_jitter=True,
    max_retries=MAX_RETRIES,
)
def send_outbound(outbound_id: int) -> bool:
    """Send stored message `outbound_id` unless it was sent already; True when sent now."""
    return deliver(outbound_id)


@shared_task(name="mail.sweep")
def sweep_outbox() -> int:
    """Queue again the messages left queued with no live task; returns how many."""
    now = timezone.now()
    lost = (
        Outbound.objects.filter(status=Outbound.Status.QUEUED, created_at__lt=now - GRACE)
        .filter(Q(tried_at__isnull=True) | Q(tried_at__lt=now - STALE))
        .order_by("created_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    ids = list(lost)
    for outbound_id in ids:
        send_outbound.delay(outbound_id)
    return len(ids)
