"""The messages to players through a real worker on Redis and PostgreSQL: a published draw's
announcement queues the season's sweep, the worker enqueues each player's letter and sends
it, and a sweep run again sends nothing twice. (The outbox rows are checked; the worker's
e-mail backend is Django's in-memory one, not an SMTP server.)"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from draws.actions import do_draw_round, publish_draw
from league.models import Player
from mail.kinds import Kind
from mail.models import Outbound
from notices import tasks
from tests.integration.conftest import wait_for
from tests.integration.test_worker import forget_queued, queue_empty
from tests.publishing import factories as f

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

NAMES = ["Dana", "Eli", "Noa", "Omer"]


def sent(kind: str) -> int:
    return Outbound.objects.filter(kind=kind, status=Outbound.Status.SENT).count()


def test_a_published_draw_is_told_to_each_player_once_by_the_worker(start_worker):
    season = f.season(start=dt.date(2026, 12, 1), end=dt.date(2027, 3, 28))
    round_ = f.round_(season, 1, dt.date(2026, 12, 20))
    f.register(round_, NAMES)
    for name in NAMES[:3]:  # Omer has no account
        user = get_user_model().objects.create_user(name.lower(), f"{name}@example.org", "pw")
        Player.objects.filter(name=name).update(user=user)
    do_draw_round(round_, seed=7)
    forget_queued()
    start_worker()
    publish_draw(round_)  # its announcement queues the season's sweep after commit
    wait_for(lambda: sent(Kind.TABLE_DRAWN) == 3, what="the three letters sent")
    tasks.sweep.apply_async()  # beat's sweep: nothing new
    tasks.sweep_season.apply_async((season.pk,))
    wait_for(queue_empty, what="the sweeps run")
    wait_for(lambda: Outbound.objects.filter(status=Outbound.Status.QUEUED).count() == 0)
    assert Outbound.objects.count() == 3 and sent(Kind.TABLE_DRAWN) == 3
