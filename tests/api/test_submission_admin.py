"""The admin of platform game submissions: the API writes each with its game, so the admin only
shows them (issue 26's smoke walk found its add form answering 500 on "Save")."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse


@pytest.mark.django_db
def test_a_game_submission_cannot_be_added_in_the_admin_only_the_api_writes_one(client):
    root = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(root)
    add = reverse("admin:api_gamesubmission_add")
    assert client.get(add).status_code == 403
    assert client.post(add, {"_save": "Save"}).status_code == 403
    assert client.get(reverse("admin:api_gamesubmission_changelist")).status_code == 200
