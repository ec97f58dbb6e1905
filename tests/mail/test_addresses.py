"""A player's own e-mail address (issue 31 item 3 follow-up): sign-up asks for it (optional,
normalised, refused when another account uses it, any case) and /me/ sets, changes or clears
it with the same checks; a player who signed up with one gets the notices' letters."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.http.response import HttpResponseBase
from django.test import Client
from django.urls import reverse

from mail.addresses import address_in_use, normalised_address
from mail.kinds import UNSUBSCRIBABLE, Kind
from mail.models import Outbound
from mail.outbox import enqueue
from mail.tokens import BadToken, read_token, unsubscribe_token
from tests.mail.support import letter, reader

pytestmark = pytest.mark.django_db

PASSWORDS = {"password1": "a-long-pass-123", "password2": "a-long-pass-123"}
IN_USE = "Another account already uses the e-mail address \u2068{}\u2069."


def _sign_up(client: Client, username: str, email: str | None) -> HttpResponseBase:
    data = {"username": username, **PASSWORDS}
    if email is not None:
        data["email"] = email
    return client.post(reverse("signup"), data)


def _me(client: Client) -> str:
    return html.unescape(client.get(reverse("web:my_rounds")).content.decode())


def test_normalised_address_strips_and_lowers_the_domain_only():
    assert normalised_address("  Dana.Levi@Example.ORG ") == "Dana.Levi@example.org"
    assert normalised_address("   ") == ""


def test_address_in_use_ignores_case_and_the_user_himself():
    user = reader()
    assert address_in_use(user.email.upper())
    assert not address_in_use(user.email.upper(), user)
    assert not address_in_use("")


def test_sign_up_offers_the_optional_e_mail_field_saying_what_it_is_for(client):
    page = html.unescape(client.get(reverse("signup")).content.decode())
    assert 'type="email" name="email"' in page
    assert "results waiting for your confirmation" in page
    assert "you can unsubscribe from each" in page


def test_sign_up_keeps_the_address_normalised(client):
    response = _sign_up(client, "dana", "  Dana@Example.ORG ")
    assert response.status_code == 302
    assert User.objects.get(username="dana").email == "Dana@example.org"


def test_sign_up_without_an_address_is_allowed(client):
    response = _sign_up(client, "dana", None)
    assert response.status_code == 302
    assert User.objects.get(username="dana").email == ""
    assert _sign_up(client.__class__(), "noa", "").status_code == 302


def test_sign_up_refuses_an_address_another_account_uses_at_the_field(client):
    reader(username="rina")  # rina@example.org
    response = _sign_up(client, "dana", "RINA@example.org")
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == [IN_USE.format("RINA@example.org")]
    assert not User.objects.filter(username="dana").exists()


def test_sign_up_refuses_a_bad_address_at_the_field(client):
    response = _sign_up(client, "dana", "not an address")
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == ["Enter a valid email address."]


def test_a_player_who_signed_up_with_an_address_gets_the_notices_letters(
    client, django_capture_on_commit_callbacks
):
    _sign_up(client, "dana", "dana@example.org")
    _sign_up(client.__class__(), "noa", "")
    dana, noa = User.objects.get(username="dana"), User.objects.get(username="noa")
    with django_capture_on_commit_callbacks(execute=True):
        assert enqueue(dana, Kind.RESULTS, "version:1", letter) is True
        assert enqueue(noa, Kind.RESULTS, "version:1", letter) is False
    assert [message.to for message in mail.outbox] == [["dana@example.org"]]


def test_me_shows_the_address_form_with_the_current_address(client):
    user = reader()
    client.force_login(user)
    page = _me(client)
    assert f'action="{reverse("web:mail_address")}"' in page
    assert f'value="{user.email}"' in page


def test_me_changes_the_address_normalised(client):
    user = reader()
    client.force_login(user)
    response = client.post(reverse("web:mail_address"), {"email": " New@Example.ORG "})
    assert response.status_code == 302
    assert response["Location"] == reverse("web:my_rounds") + "#emails"
    user.refresh_from_db()
    assert user.email == "New@example.org"
    assert "Your e-mails go to \u2068New@example.org\u2069." in _me(client)


def test_me_clears_the_address_and_then_gets_no_e_mails(client):
    user = reader()
    client.force_login(user)
    client.post(reverse("web:mail_address"), {"email": ""})
    user.refresh_from_db()
    assert user.email == ""
    page = _me(client)
    assert "Your account has no e-mail address now: it gets no e-mails." in page
    assert enqueue(user, Kind.RESULTS, "version:1", letter) is False
    # the kinds he is subscribed to do not say he gets them: not without an address
    kinds = page[page.index('<ul class="mail-kinds">') :].split("</ul>", 1)[0]
    assert "you get them" not in kinds
    assert kinds.count("you will get them once your account has an address") == len(UNSUBSCRIBABLE)


def test_me_refuses_a_bad_address(client):
    user = reader()
    client.force_login(user)
    response = client.post(reverse("web:mail_address"), {"email": "dana@"}, follow=True)
    assert response.status_code == 200
    assert "Enter a valid email address." in html.unescape(response.content.decode())
    user.refresh_from_db()
    assert user.email.endswith("@example.org")


def test_me_refuses_an_address_another_account_uses(client):
    other = reader()
    user = reader()
    client.force_login(user)
    response = client.post(reverse("web:mail_address"), {"email": other.email.upper()}, follow=True)
    shown = normalised_address(other.email.upper())  # USER1@example.org
    assert IN_USE.format(shown) in html.unescape(response.content.decode())
    user.refresh_from_db()
    assert user.email != other.email


def test_me_keeps_his_own_address_in_another_case(client):
    user = reader()
    client.force_login(user)
    client.post(reverse("web:mail_address"), {"email": user.email.upper()})
    user.refresh_from_db()
    assert user.email == user.email.split("@")[0].upper() + "@" + user.email.split("@")[1]


def test_an_anonymous_post_to_the_address_is_sent_to_sign_in(client):
    response = client.post(reverse("web:mail_address"), {"email": "dana@example.org"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not User.objects.filter(email="dana@example.org").exists()


def _changes_letters() -> list[Any]:
    return list(Outbound.objects.filter(kind=Kind.ADDRESS_CHANGED).order_by("pk"))


def test_an_address_change_tells_the_former_address_in_the_players_language(
    client, django_capture_on_commit_callbacks
):
    user = reader(language="he")
    before = user.email
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("web:mail_address"), {"email": "taken-over@example.org"})
    [message] = mail.outbox
    assert message.to == [before]
    assert message.subject == 'החשבון שלך בליגת הוויסט: כתובת הדוא"ל שלו שונתה'
    body = message.body
    assert "\u2068taken-over@example.org\u2069" in body
    assert f"\u2068{user.username}\u2069" in body
    assert "ולשנות את הסיסמה" in body
    assert "/me/" in body
    assert "Unsubscribe" not in body and "ביטול" not in body  # no way to silence it
    assert "List-Unsubscribe" not in message.extra_headers
    assert "The address it had got an e-mail saying so." in _me(client)
    [stored] = _changes_letters()
    assert (stored.address, stored.key, stored.language) == (before, "address:1", "he")


def test_clearing_the_address_tells_the_former_one_that_no_more_e_mails_come(
    client, django_capture_on_commit_callbacks
):
    user = reader()
    before = user.email
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("web:mail_address"), {"email": ""})
    [message] = mail.outbox
    assert message.to == [before]
    assert "was removed: the league sends this address no more e-mails." in message.body


def test_each_address_change_tells_the_address_it_replaced(
    client, django_capture_on_commit_callbacks
):
    user = reader()
    first = user.email
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("web:mail_address"), {"email": "second@example.org"})
        client.post(reverse("web:mail_address"), {"email": "third@example.org"})
    assert [message.to for message in mail.outbox] == [[first], ["second@example.org"]]
    assert [letter.key for letter in _changes_letters()] == ["address:1", "address:2"]


def test_no_change_letter_for_a_first_address_or_the_same_one_in_another_case(
    client, django_capture_on_commit_callbacks
):
    user = reader()
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("web:mail_address"), {"email": user.email.upper()}, follow=True)
        client.post(reverse("web:mail_address"), {"email": ""}, follow=True)  # told: it had one
        back = client.post(reverse("web:mail_address"), {"email": "back@example.org"}, follow=True)
    assert "The address it had got an e-mail saying so." not in back.content.decode()
    assert len(_changes_letters()) == 1
    assert len(mail.outbox) == 1


def test_a_refused_address_changes_nothing_and_tells_nobody(client):
    other, user = reader(), reader()
    client.force_login(user)
    client.post(reverse("web:mail_address"), {"email": other.email})
    assert _changes_letters() == []


def test_the_address_change_notice_cannot_be_unsubscribed_from(client):
    user = reader()
    assert Kind.ADDRESS_CHANGED not in UNSUBSCRIBABLE
    with pytest.raises(BadToken):
        read_token(unsubscribe_token(user.pk, Kind.ADDRESS_CHANGED))
    client.force_login(user)
    refused = client.post(
        reverse("web:mail_subscription", args=[Kind.ADDRESS_CHANGED]), follow=True
    )
    assert "There is no such kind of e-mail to unsubscribe from." in refused.content.decode()
