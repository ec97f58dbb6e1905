"""The player who entered a result is e-mailed when it is disputed, with the reason, in his
own language; the mail goes through the outbox after the dispute commits, and a failing mail
server never undoes the dispute."""

from __future__ import annotations

import smtplib

import pytest
from django.core import mail
from django.urls import reverse

from games.actions import dispute_result, submit_result
from games.models import ResultVersion
from mail.models import Outbound
from mail.recipients import set_language
from tests.games.test_result_pages import seated_users
from tests.games.test_result_pages import table as table  # the fixture

pytestmark = pytest.mark.django_db

REASON = "Deal 4: Omer took 5 tricks, not 6"


def with_addresses(table):  # type: ignore[no-untyped-def]
    users = seated_users(table)
    for user in users:
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    return users


def test_the_submitter_is_emailed_the_reason_when_his_result_is_disputed(
    table, django_capture_on_commit_callbacks
):
    a, b, *_ = with_addresses(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(table, 1, actor=b, reason=REASON)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [a.email]
    assert f"table {table.number}" in message.subject
    assert REASON in message.body
    disputer = table.seats.get(seat=1).player.name
    assert disputer in message.body
    assert reverse("games:table", args=[table.pk]) in message.body


def test_the_notice_is_sent_only_after_the_dispute_commits(
    table, django_capture_on_commit_callbacks
):
    a, b, *_ = with_addresses(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        dispute_result(table, 1, actor=b, reason=REASON)
    assert mail.outbox == []
    assert len(callbacks) == 1


def test_a_failing_mail_server_never_undoes_the_dispute(
    table, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    a, b, *_ = with_addresses(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])

    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise smtplib.SMTPServerDisconnected("the mail server went away")

    monkeypatch.setattr("mail.delivery.EmailMultiAlternatives.send", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(table, 1, actor=b, reason=REASON)
    assert ResultVersion.objects.get(table=table).status == ResultVersion.Status.DISPUTED
    outbound = Outbound.objects.get(user=a)
    assert outbound.attempts >= 1 and "went away" in outbound.last_error
    assert outbound.status != Outbound.Status.SENT


def test_a_submitter_without_an_address_gets_no_mail(table, django_capture_on_commit_callbacks):
    a, b, *_ = seated_users(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(table, 1, actor=b, reason=REASON)
    assert mail.outbox == []
    assert ResultVersion.objects.get(table=table).status == ResultVersion.Status.DISPUTED


def test_the_notice_is_in_the_submitters_language_whatever_the_disputers_page(
    client, table, django_capture_on_commit_callbacks
):
    a, b, *_ = with_addresses(table)
    set_language(a, "he")
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    client.force_login(b)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("games:dispute", args=[table.pk]),
            {"version": 1, "reason": REASON},
            HTTP_ACCEPT_LANGUAGE="en",
        )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert REASON in mail.outbox[0].body
    assert "שולחן" in mail.outbox[0].subject


def test_the_notices_link_is_absolute_from_site_url(
    table, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = "https://whist.example.org"
    a, b, *_ = with_addresses(table)
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    with django_capture_on_commit_callbacks(execute=True):
        dispute_result(table, 1, actor=b, reason=REASON)
    link = "https://whist.example.org" + reverse("games:table", args=[table.pk])
    assert f"The table's page: {link}" in mail.outbox[0].body
    assert "https://whist.example.org/mail/unsubscribe/" in mail.outbox[0].body
