"""Each account's language (issue 31 item 3): existing accounts start with their league's
(Hebrew for the demo club), a new one takes the browser's at sign-up, an invited one the
inviting page's; /me/ changes it (each language named in itself) and the kinds of e-mail
he gets."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import reverse

from mail.kinds import UNSUBSCRIBABLE, Kind
from mail.models import Recipient
from mail.recipients import language_of, set_language, unsubscribed_kinds
from tests.mail.support import reader
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register

pytestmark = pytest.mark.django_db

migration = importlib.import_module("mail.migrations.0002_recipient_languages")


def test_the_migration_gives_existing_accounts_their_leagues_language(settings):
    demo = make_season("demo-season", league_name="Whist Online League")
    other = make_season("other-season", league_name="Another Club League")
    in_demo, in_other = make_players(2, with_users=True)
    register(make_round(demo), [in_demo])
    register(make_round(other), [in_other])
    no_player = reader()
    chose = reader("ru")
    Recipient.objects.exclude(user=chose).delete()
    migration.give_languages(apps, None)
    assert language_of(in_demo.user) == "he"
    assert language_of(in_other.user) == settings.LANGUAGE_CODE == "en"
    assert language_of(no_player) == settings.LANGUAGE_CODE
    assert language_of(chose) == "ru"  # a language already chosen is kept
    assert Recipient.objects.count() == get_user_model().objects.count()


def test_the_migration_prefers_a_leagues_own_language():
    class League:
        name = "Whist Online League"
        language = "ru"

    assert migration.league_language(League()) == "ru"
    League.language = ""
    assert migration.league_language(League()) == "he"
    League.name = "Elsewhere"
    assert migration.league_language(League()) is None


@pytest.mark.parametrize(
    ("accept", "language"), [("he", "he"), ("ru-RU,ru;q=0.9", "ru"), ("en", "en")]
)
def test_sign_up_keeps_the_browsers_language(client, accept, language):
    response = client.post(
        reverse("signup"),
        {"username": "dana", "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    assert response.status_code == 302
    assert language_of(get_user_model().objects.get(username="dana")) == language


def test_sign_up_keeps_the_language_switchs_choice(client):
    client.cookies["django_language"] = "ru"
    client.post(
        reverse("signup"),
        {"username": "dana", "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
        HTTP_ACCEPT_LANGUAGE="he",
    )
    assert language_of(get_user_model().objects.get(username="dana")) == "ru"


def test_an_invited_account_takes_the_inviting_pages_language(
    client, mailoutbox, django_capture_on_commit_callbacks
):
    client.force_login(make_organizer(make_season()))
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("invite_player"),
            {"name": "Dana", "email": "dana@example.com"},
            HTTP_ACCEPT_LANGUAGE="he",
        )
    invited = get_user_model().objects.get(email="dana@example.com")
    assert language_of(invited) == "he"
    (invitation,) = mailoutbox
    assert invitation.subject == "החשבון שלך בליגת הוויסט"
    assert 'dir="rtl" lang="he"' in invitation.alternatives[0][0]
    assert "List-Unsubscribe" not in invitation.extra_headers


def test_me_offers_each_language_named_in_itself(client):
    user = reader("ru")
    client.force_login(user)
    page = client.get(reverse("web:my_rounds")).content.decode()
    assert '<option value="he" lang="he">עברית</option>' in page
    assert '<option value="en" lang="en">English</option>' in page
    assert '<option value="ru" lang="ru" selected>Русский</option>' in page


def test_me_changes_the_language_and_keeps_it(client):
    user = reader("en")
    client.force_login(user)
    response = client.post(reverse("web:mail_language"), {"language": "he"}, follow=True)
    assert response.status_code == 200
    assert language_of(user) == "he"
    assert "עברית" in response.content.decode()


def test_me_refuses_a_language_it_does_not_offer(client):
    user = reader("en")
    client.force_login(user)
    response = client.post(reverse("web:mail_language"), {"language": "xx"}, follow=True)
    assert response.status_code == 200
    assert "Choose one of the languages offered." in response.content.decode()
    assert language_of(user) == "en"


def test_me_lists_the_kinds_and_subscribes_back(client):
    user = reader()
    client.force_login(user)
    page = client.get(reverse("web:my_rounds")).content.decode()
    for kind in UNSUBSCRIBABLE:
        assert reverse("web:mail_subscription", args=[kind.value]) in page
    assert reverse("web:mail_subscription", args=["invitation"]) not in page
    url = reverse("web:mail_subscription", args=[Kind.RESULTS.value])
    client.post(url, {"subscribed": "0"})
    assert unsubscribed_kinds(user) == {Kind.RESULTS}
    assert "Subscribe again" in client.get(reverse("web:my_rounds")).content.decode()
    client.post(url, {"subscribed": "1"})
    assert unsubscribed_kinds(user) == frozenset()


def test_me_refuses_a_kind_one_cannot_unsubscribe_from(client):
    user = reader()
    client.force_login(user)
    response = client.post(
        reverse("web:mail_subscription", args=["invitation"]), {"subscribed": "0"}, follow=True
    )
    assert response.status_code == 200
    assert "There is no such kind of e-mail to unsubscribe from." in response.content.decode()
    assert unsubscribed_kinds(user) == frozenset()


def test_set_language_keeps_only_the_sites_languages():
    user = reader()
    assert set_language(user, "he-IL") == "he"
    assert set_language(user, "de") == "en"
