# ruff: noqa: RUF001  -- Russian text: its Cyrillic letters look like Latin ones on purpose
"""The four messages to players through the real worker (Redis, PostgreSQL) to a real SMTP
server (aiosmtpd), in English, Hebrew and Russian: beat's sweep has the worker enqueue the
reminder, the drawn tables, the call to confirm and the results; the server is down before
the transfer, the tries are retried; back, each letter is delivered exactly once, and
sweeps run again deliver nothing twice."""

from __future__ import annotations

import datetime as dt
import time
from collections import Counter

import pytest
from django.utils import timezone

from draws.actions import do_draw_round, publish_draw
from games.actions import submit_result
from league.models import Round, Table
from mail.kinds import Kind
from mail.models import Outbound
from notices import tasks
from publishing.actions import do_publish_season
from tests.integration.conftest import wait_for
from tests.integration.test_worker import forget_queued, queue_empty
from tests.notices.support import account
from tests.publishing import factories as f
from tests.smtpsupport import HOST, SmtpServer
from tests.smtpsupport import smtp_server as smtp_server  # the fixture

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

NAMES = ["Dana", "Eli", "Noa", "Omer"]  # Omer has no account
LANGUAGES = {"dana": "en", "eli": "he", "noa": "ru"}
# Each kind's subject in each language, as it starts.
SUBJECTS = {
    Kind.REMINDER: {
        "en": "Registration for round 3",
        "he": "ההרשמה למחזור 3",
        "ru": "Регистрация на тур 3",
    },
    Kind.TABLE_DRAWN: {
        "en": "Round 2 draw",
        "he": "הגרלת השולחנות של מחזור 2",
        "ru": "Тур 2: жеребьёвка",
    },
    Kind.CONFIRM_RESULT: {
        "he": "תוצאה ממתינה לאישורך: שולחן 1, מחזור 2",
        "ru": "Результат ждёт вашего подтверждения: стол 1, тур 2",
    },
    Kind.RESULTS: {"en": "Round 1 results", "he": "תוצאות מחזור 1", "ru": "Тур 1: результаты"},
}
LETTERS = sum(len(by_language) for by_language in SUBJECTS.values())  # 11


def an_evening() -> None:
    """Round 1 played and its results published; round 2 drawn and published now, Dana has
    entered its result; round 3 open, its registration closing in an hour."""
    now = timezone.now()
    today = timezone.localdate()
    season = f.season(start=today - dt.timedelta(days=30), end=today + dt.timedelta(days=90))
    users = {name: account(name, LANGUAGES[name.lower()]) for name in NAMES[:3]}
    first = f.round_(
        season,
        1,
        today - dt.timedelta(days=1),
        status=Round.Status.FINISHED,
        draw_published_at=now - dt.timedelta(days=1),
        results_published_at=now,
    )
    f.table_game(season, first, 1, dict(zip(NAMES, [90, 40, 10, -20], strict=True)))
    second = f.round_(season, 2, today)
    f.register(second, NAMES)
    do_draw_round(second, seed=7)
    publish_draw(second)
    f.round_(
        season, 3, today + dt.timedelta(days=1), registration_deadline=now + dt.timedelta(hours=1)
    )
    do_publish_season(season.pk)
    table = Table.objects.get(round=second, number=1)
    submit_result(table, actor=users["Dana"], scores=[90, 40, 10, -20])


def _tried_twice() -> bool:
    return Outbound.objects.filter(attempts__gte=2).count() == LETTERS


def _all_sent() -> bool:
    return Outbound.objects.filter(status=Outbound.Status.SENT).count() == LETTERS


def test_the_four_messages_reach_each_player_once_in_his_language(
    start_worker, smtp_server: SmtpServer
):
    an_evening()
    forget_queued()  # what the evening's announcements queued: beat's sweep does it all
    start_worker(
        {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_URL": f"smtp://{HOST}:{smtp_server.port}",
        }
    )
    tasks.sweep.apply_async()
    wait_for(_tried_twice, timeout=90, what="each letter tried twice, the server down")
    assert smtp_server.messages == []
    smtp_server.start()
    wait_for(_all_sent, timeout=120, what="each letter sent once the server is back")
    tasks.sweep.apply_async()  # beat's sweep again: nothing new
    wait_for(queue_empty, what="the sweep run")
    time.sleep(2)  # a duplicate would have arrived by now
    assert Outbound.objects.count() == LETTERS
    received = Counter((str(m["To"]), str(m["Subject"]).strip()) for m in smtp_server.messages)
    assert len(received) == LETTERS and set(received.values()) == {1}
    for kind, by_language in SUBJECTS.items():
        for row in Outbound.objects.filter(kind=kind).select_related("user"):
            language = LANGUAGES[row.user.get_username()]
            (message,) = [
                m
                for m in smtp_server.messages
                if m["To"] == row.address and str(m["Subject"]).strip() == row.subject
            ]
            assert by_language[language] in row.subject, (kind, language, row.subject)
            direction = "rtl" if language == "he" else "ltr"
            html = message.get_body(("html",))
            assert html is not None and f'dir="{direction}" lang="{language}"' in html.get_content()
    assert "dana" not in {
        row.user.get_username() for row in Outbound.objects.filter(kind=Kind.CONFIRM_RESULT)
    }
