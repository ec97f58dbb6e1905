"""The outbox (issue 31 item 3): one message per user, kind and key whatever the repeats,
none to a user without an address or who unsubscribed, each written and laid out in its
reader's language (right to left in Hebrew), with RFC 8058's unsubscribe headers."""

from __future__ import annotations

import smtplib

import pytest
from django.core import mail
from django.db import transaction
from django.test import override_settings

from mail import outbox
from mail.delivery import MAX_ATTEMPTS, deliver
from mail.kinds import UNSUBSCRIBABLE, Kind
from mail.letters import Letter
from mail.models import Outbound
from mail.outbox import enqueue, language_of
from mail.recipients import set_subscribed
from tests.mail.support import letter, reader

pytestmark = pytest.mark.django_db

SUBJECTS = {
    "en": "Your Whist league account",
    "he": "החשבון שלך בליגת הוויסט",
    "ru": "Ваша учётная запись в лиге виста",
}


def test_enqueue_is_idempotent_one_message_per_user_kind_and_key(
    django_capture_on_commit_callbacks,
):
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        assert enqueue(user, Kind.DISPUTE, "version:1", letter) is True
        assert enqueue(user, Kind.DISPUTE, "version:1", letter) is False
    with django_capture_on_commit_callbacks(execute=True):
        assert enqueue(user, Kind.DISPUTE, "version:1", letter) is False
    assert Outbound.objects.count() == 1
    assert len(mail.outbox) == 1
    assert Outbound.objects.get().status == Outbound.Status.SENT


def test_another_key_or_kind_is_another_message(django_capture_on_commit_callbacks):
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        assert enqueue(user, Kind.DISPUTE, "version:1", letter)
        assert enqueue(user, Kind.DISPUTE, "version:2", letter)
        assert enqueue(user, Kind.RESULTS, "version:1", letter)
    assert len(mail.outbox) == 3


def test_unsubscribed_kinds_are_skipped(django_capture_on_commit_callbacks):
    user = reader()
    set_subscribed(user, Kind.RESULTS, subscribed=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert enqueue(user, Kind.RESULTS, "round:1", letter) is False
        assert enqueue(user, Kind.DISPUTE, "version:1", letter) is True
    assert Outbound.objects.filter(kind=Kind.RESULTS).count() == 0
    assert len(mail.outbox) == 1


def test_invitations_cannot_be_unsubscribed():
    user = reader()
    assert Kind.INVITATION not in UNSUBSCRIBABLE
    assert set_subscribed(user, Kind.INVITATION, subscribed=False) is False
    assert enqueue(user, Kind.INVITATION, "invite:1", letter) is True


def test_a_user_without_an_address_gets_nothing_and_compose_is_not_run():
    user = reader()
    user.email = ""
    user.save(update_fields=["email"])

    def compose() -> Letter:
        raise AssertionError("composed for nobody")

    assert enqueue(user, Kind.DISPUTE, "version:1", compose) is False
    assert Outbound.objects.count() == 0


def test_a_rolled_back_transaction_sends_nothing(django_capture_on_commit_callbacks):
    user = reader()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
        raise RuntimeError("the action failed")
    assert Outbound.objects.count() == 0
    assert mail.outbox == []


def test_the_message_is_sent_only_after_the_transaction_commits(
    django_capture_on_commit_callbacks,
):
    user = reader()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    assert mail.outbox == [] and len(callbacks) == 1
    callbacks[0]()
    assert len(mail.outbox) == 1


@pytest.mark.parametrize("language", ["en", "he", "ru"])
def test_each_letter_is_written_in_its_readers_language(
    language, django_capture_on_commit_callbacks
):
    user = reader(language)
    assert language_of(user) == language
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    (message,) = mail.outbox
    assert message.subject == SUBJECTS[language]
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    direction = "rtl" if language == "he" else "ltr"
    assert f'<html lang="{language}" dir="{direction}">' in html
    assert f'dir="{direction}" lang="{language}"' in html
    assert message.extra_headers["Content-Language"] == language
    assert "second line" in message.body and "second line" in html


def test_hebrew_html_is_right_to_left_and_aligned_right(django_capture_on_commit_callbacks):
    user = reader("he")
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    html = mail.outbox[0].alternatives[0][0]
    assert 'dir="rtl" lang="he"' in html and "text-align:right" in html
    assert "הסרה מרשימת התפוצה" in html  # the unsubscribe link, in Hebrew


def test_a_user_without_a_language_gets_the_sites_default(settings):
    assert language_of(reader()) == settings.LANGUAGE_CODE


@override_settings(SITE_URL="https://whist.example.org")
def test_the_headers_name_the_one_click_unsubscribe(django_capture_on_commit_callbacks):
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    (message,) = mail.outbox
    header = message.extra_headers["List-Unsubscribe"]
    assert header.startswith("<https://whist.example.org/mail/unsubscribe/") and header[-1] == ">"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "https://whist.example.org/mail/unsubscribe/" in message.body.split("-- \n")[-1]
    assert "https://whist.example.org/mail/unsubscribe/" in message.alternatives[0][0]


def test_without_site_url_the_body_keeps_its_link_but_no_header_names_a_bare_path(
    django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = ""
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    (message,) = mail.outbox
    assert "/mail/unsubscribe/" in message.body
    assert "List-Unsubscribe" not in message.extra_headers


def test_an_invitation_has_no_unsubscribe_link_nor_headers(django_capture_on_commit_callbacks):
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.INVITATION, "invite:1", letter)
    (message,) = mail.outbox
    assert "List-Unsubscribe" not in message.extra_headers
    assert "/mail/unsubscribe/" not in message.body + message.alternatives[0][0]


def test_the_button_is_a_link_in_the_html_and_a_line_in_the_text(
    django_capture_on_commit_callbacks,
):
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    (message,) = mail.outbox
    assert "My rounds: https://whist.example.org/me/" in message.body
    assert 'href="https://whist.example.org/me/"' in message.alternatives[0][0]


def test_a_sent_message_is_never_sent_again(django_capture_on_commit_callbacks):
    user = reader()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    outbound = Outbound.objects.get()
    assert deliver(outbound.pk) is False
    assert len(mail.outbox) == 1
    outbound.refresh_from_db()
    assert (outbound.status, outbound.attempts) == (Outbound.Status.SENT, 1)
    assert outbound.sent_at is not None


def test_a_failing_server_is_stored_raised_for_retry_and_failed_after_the_last_try(
    monkeypatch, django_capture_on_commit_callbacks
):
    user = reader()
    with django_capture_on_commit_callbacks(execute=False):
        enqueue(user, Kind.DISPUTE, "version:1", letter)
    outbound = Outbound.objects.get()

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise smtplib.SMTPServerDisconnected("the mail server went away")

    monkeypatch.setattr("mail.delivery.EmailMultiAlternatives.send", refuse)
    for _ in range(MAX_ATTEMPTS - 1):
        with pytest.raises(smtplib.SMTPServerDisconnected):
            deliver(outbound.pk)
    outbound.refresh_from_db()
    assert outbound.status == Outbound.Status.QUEUED
    assert outbound.attempts == MAX_ATTEMPTS - 1 and "went away" in outbound.last_error
    assert deliver(outbound.pk) is False  # the last try: failed, not raised (no retry left)
    outbound.refresh_from_db()
    assert (outbound.status, outbound.attempts) == (Outbound.Status.FAILED, MAX_ATTEMPTS)


def test_a_broker_that_is_down_at_enqueue_leaves_the_message_queued(
    monkeypatch, django_capture_on_commit_callbacks, caplog
):
    user = reader()

    def down(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionRefusedError("the broker is down")

    monkeypatch.setattr(outbox.send_outbound, "delay", down)
    with django_capture_on_commit_callbacks(execute=True):
        assert enqueue(user, Kind.DISPUTE, "version:1", letter)
    assert Outbound.objects.get().status == Outbound.Status.QUEUED
    assert "the sweep will" in caplog.text
