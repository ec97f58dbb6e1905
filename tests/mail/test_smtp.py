"""Through a real SMTP server (aiosmtpd), with the task applied in this process: the server
down before the transfer, the message is kept and retried; back, it is delivered once, in
each of the three languages, with its HTML alternative and unsubscribe headers. (The
PostgreSQL pass does the same with the real worker: tests/integration/test_mail_smtp.py.)"""

from __future__ import annotations

import pytest

from mail.kinds import Kind
from mail.models import Outbound
from mail.outbox import enqueue
from mail.tasks import send_outbound
from tests.mail.support import letter, reader
from tests.smtpsupport import SmtpServer
from tests.smtpsupport import smtp_server as smtp_server  # the fixture

pytestmark = pytest.mark.django_db

SUBJECTS = {
    "en": "Your Whist league account",
    "he": "החשבון שלך בליגת הוויסט",
    "ru": "Ваша учётная запись в лиге виста",
}


def test_a_server_down_before_the_transfer_then_back_gets_each_letter_once(
    smtp_server: SmtpServer, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = "https://whist.example.org"
    users = {language: reader(language) for language in SUBJECTS}
    with django_capture_on_commit_callbacks(execute=False):  # queued, the worker not yet run
        for user in users.values():
            assert enqueue(user, Kind.DISPUTE, "version:1", letter)
    ids = list(Outbound.objects.order_by("pk").values_list("pk", flat=True))
    for outbound_id in ids:  # the server is down: each try fails and is kept for a retry
        with pytest.raises(ConnectionRefusedError):
            send_outbound.run(outbound_id)
    assert smtp_server.messages == []
    assert set(Outbound.objects.values_list("status", "attempts")) == {(Outbound.Status.QUEUED, 1)}
    smtp_server.start()
    for _ in range(2):  # the retry, and a duplicate task besides: one delivery each
        for outbound_id in ids:
            send_outbound.run(outbound_id)
    assert set(Outbound.objects.values_list("status", "attempts")) == {(Outbound.Status.SENT, 2)}
    assert sorted(str(m["To"]) for m in smtp_server.messages) == sorted(
        u.email for u in users.values()
    )
    for language, user in users.items():
        (message,) = [m for m in smtp_server.messages if m["To"] == user.email]
        assert str(message["Subject"]).strip() == SUBJECTS[language]  # a folded header
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert "/mail/unsubscribe/" in message["List-Unsubscribe"]
        html = message.get_body(("html",))
        assert html is not None
        direction = "rtl" if language == "he" else "ltr"
        assert f'dir="{direction}" lang="{language}"' in html.get_content()
        text = message.get_body(("plain",))
        assert text is not None and "second line" in text.get_content()
