"""Organizers create API tokens in the admin: the secret appears once, only its hash is kept."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages

from api.models import ApiToken
from api.tokens import hash_secret

pytestmark = pytest.mark.django_db


def test_admin_creates_a_token_and_shows_its_secret_once(client, league):
    admin = get_user_model().objects.create_superuser("root", password="pw")
    client.force_login(admin)
    response = client.post(
        "/admin/api/apitoken/add/",
        {"name": "platform", "platform": "whist-online", "league": league.pk, "scope": "platform"},
        follow=True,
    )
    assert response.status_code == 200
    shown = " ".join(str(m) for m in get_messages(response.wsgi_request))
    secret = re.search(r"whist_\S+", shown)
    assert secret is not None, shown
    token = ApiToken.objects.get()
    assert token.key_hash == hash_secret(secret.group(0))
    assert token.created_by == admin


def test_admin_revoke_action(client, platform_token):
    admin = get_user_model().objects.create_superuser("root", password="pw")
    client.force_login(admin)
    client.post(
        "/admin/api/apitoken/",
        {"action": "revoke", "_selected_action": [platform_token.token.pk]},
    )
    platform_token.token.refresh_from_db()
    assert platform_token.token.revoked_at is not None


def test_a_staff_organizer_only_sees_his_leagues_in_the_token_form(client, organizer, league):
    from django.contrib.auth.models import Permission

    from league.models import League

    other = League.objects.create(name="Other", slug="other")
    organizer.is_staff = True
    organizer.save()
    organizer.user_permissions.add(Permission.objects.get(codename="add_apitoken"))
    client.force_login(organizer)
    response = client.post(
        "/admin/api/apitoken/add/",
        {"name": "x", "platform": "p", "league": other.pk, "scope": "platform"},
    )
    assert response.status_code == 200  # the form is shown again with the error
    assert not ApiToken.objects.exists()
    client.post(
        "/admin/api/apitoken/add/",
        {"name": "x", "platform": "p", "league": league.pk, "scope": "platform"},
    )
    assert ApiToken.objects.get().created_by == organizer
