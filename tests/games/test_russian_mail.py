# ruff: noqa: RUF001  -- Russian text: its Cyrillic letters look like Latin ones on purpose
"""E-mails in Russian (issue 31 items 3-4): the dispute notice is written in its reader's
language (Russian chosen), the invitation in the language of the page that invites (Accept-
Language ru), and the password reset in the account's language (the page's without one)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from django.utils import translation

from games.actions import dispute_result, submit_result
from mail.recipients import set_language
from tests.games.test_dispute_notice import REASON, with_addresses
from tests.games.test_result_pages import table as table  # the fixture
from tests.roundsupport import make_organizer, make_season

pytestmark = pytest.mark.django_db


def test_the_dispute_notice_is_in_russian_when_its_reader_chose_russian(
    table, django_capture_on_commit_callbacks
):
    a, b, *_ = with_addresses(table)
    set_language(a, "ru")
    submit_result(table, actor=a, scores=[10, 20, 30, 40])
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        dispute_result(table, 1, actor=b, reason=REASON)
    (message,) = mail.outbox
    assert (
        message.subject == f"Тур {table.round.number}, стол {table.number}: ваш результат оспорен"
    )
    assert "оспорил результат, который вы ввели для стола" in message.body
    assert "Указанная причина:" in message.body and REASON in message.body
    assert "Решение примет организатор." in message.body


def test_the_invitation_and_the_password_reset_are_in_russian_for_a_russian_browser(
    client, mailoutbox, django_capture_on_commit_callbacks
):
    client.force_login(make_organizer(make_season()))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("invite_player"),
            {"name": "Dana", "email": "dana@example.com"},
            HTTP_ACCEPT_LANGUAGE="ru",
            follow=True,
        )
    assert 'lang="ru"' in response.content.decode()
    assert "Dana приглашён" in response.content.decode()
    client.logout()
    user = response.context["user"].__class__.objects.get(email="dana@example.com")
    user.set_password("a-long-pass-123")  # a reset is sent to a usable password only
    user.save()
    client.post(reverse("password_reset"), {"email": "dana@example.com"}, HTTP_ACCEPT_LANGUAGE="ru")
    invitation, reset = mailoutbox
    assert invitation.subject == "Ваша учётная запись в лиге виста"
    assert invitation.body.startswith("Вас пригласили в лигу виста как игрока Dana.")
    assert "Кто-то попросил сбросить пароль вашей учётной записи в лиге виста." in reset.body
    assert "Ваше имя пользователя:" in reset.body


def test_the_password_reset_is_in_the_accounts_language_whatever_the_page(client, mailoutbox):
    """A Russian account asking from a Hebrew page, a Hebrew one from an English page; an
    account with no language of its own gets the page's."""
    for name, language in (("dana", "ru"), ("eli", "he"), ("noa", None)):
        user = get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-pass-123")
        if language:
            set_language(user, language)
    client.post(reverse("password_reset"), {"email": "dana@example.com"}, HTTP_ACCEPT_LANGUAGE="he")
    client.post(reverse("password_reset"), {"email": "eli@example.com"}, HTTP_ACCEPT_LANGUAGE="en")
    client.post(reverse("password_reset"), {"email": "noa@example.com"}, HTTP_ACCEPT_LANGUAGE="ru")
    dana, eli, noa = mailoutbox
    assert "Кто-то попросил сбросить пароль вашей учётной записи в лиге виста." in dana.body
    assert eli.body.startswith("מישהו ביקש לאפס את הסיסמה של החשבון שלך בליגת הוויסט.")
    assert "Кто-то попросил сбросить пароль" in noa.body
