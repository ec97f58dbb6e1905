"""E-mails through the real worker (Redis, PostgreSQL) to a real SMTP server (aiosmtpd): the
server is down before the transfer, the worker's tries fail and are retried with back-off;
the server comes back and each letter, in Hebrew, English and Russian, is delivered exactly
once: nothing lost, no duplicate, even when the beat sweep queues them again."""

from __future__ import annotations

import time

import pytest

from mail.kinds import Kind
from mail.models import Outbound
from mail.outbox import enqueue
from mail.tasks import sweep_outbox
from tests.integration.conftest import wait_for
from tests.integration.test_worker import forget_queued, queue_empty
from tests.mail.support import letter, reader
from tests.smtpsupport import HOST, SmtpServer
from tests.smtpsupport import smtp_server as smtp_server  # the fixture

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

SUBJECTS = {
    "en": "Your Whist league account",
    "he": "החשבון שלך בליגת הוויסט",
    "ru": "Ваша учётная запись в лиге виста",
}


def _tried_twice() -> bool:
    return Outbound.objects.filter(attempts__gte=2).count() == len(SUBJECTS)


def _all_sent() -> bool:
    return Outbound.objects.filter(status=Outbound.Status.SENT).count() == len(SUBJECTS)


def test_the_worker_retries_until_the_smtp_server_is_back_and_delivers_each_once(
    start_worker, smtp_server: SmtpServer, settings
):
    settings.SITE_URL = "https://whist.example.org"  # the letters' links, written here
    forget_queued()
    start_worker(
        {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_URL": f"smtp://{HOST}:{smtp_server.port}",
            "SITE_URL": "https://whist.example.org",
        }
    )
    users = {language: reader(language) for language in SUBJECTS}
    for user in users.values():  # no transaction open: each is queued at once
        assert enqueue(user, Kind.DISPUTE, "version:1", letter)
    wait_for(_tried_twice, timeout=60, what="each letter tried twice, the server down")
    assert smtp_server.messages == []
    assert not Outbound.objects.exclude(status=Outbound.Status.QUEUED).exists()
    assert all(
        "Connection refused" in e for e in Outbound.objects.values_list("last_error", flat=True)
    )
    smtp_server.start()
    wait_for(_all_sent, timeout=90, what="each letter sent once the server is back")
    sweep_outbox.apply_async()  # beat's sweep: nothing left to send
    wait_for(queue_empty, what="the sweep run")
    time.sleep(2)  # a duplicate delivery would have arrived by now
    received = sorted(str(message["To"]) for message in smtp_server.messages)
    assert received == sorted(user.email for user in users.values())
    for language, user in users.items():
        (message,) = [m for m in smtp_server.messages if m["To"] == user.email]
        assert str(message["Subject"]).strip() == SUBJECTS[language]
        html = message.get_body(("html",))
        assert html is not None
        direction = "rtl" if language == "he" else "ltr"
        assert f'dir="{direction}" lang="{language}"' in html.get_content()
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert (
            str(message["List-Unsubscribe"]).strip().startswith("<https://whist.example.org/mail/")
        )
