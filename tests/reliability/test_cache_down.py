"""A shared cache (CACHE_URL on Redis) that is down must not stop confirmations or public
pages: Redis being down may delay publishing, never lose a write (issue 6)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.actions import confirm_result
from games.models import Game


@pytest.fixture
def cache_down(shared_cache_down):
    """Redis down under the production cache backend (tests/conftest.py)."""


def test_a_confirmation_succeeds_while_the_shared_cache_is_down(alpha, cache_down):
    confirm_result(alpha.table, 1, actor=alpha.user(1))
    assert Game.objects.filter(table=alpha.table).count() == 1


def test_public_pages_render_while_the_shared_cache_is_down(alpha, cache_down):
    response = Client(raise_request_exception=False).get(f"/seasons/{alpha.season.slug}/")
    assert response.status_code == 200


def test_signing_in_works_while_the_shared_cache_is_down(alpha, cache_down):
    client = Client(raise_request_exception=False)
    username = alpha.user(0).get_username()
    response = client.post("/accounts/login/", {"username": username, "password": "pw-secret-123"})
    assert response.status_code == 302


def test_the_api_answers_while_the_shared_cache_is_down(alpha, cache_down):
    response = Client(raise_request_exception=False).get("/api/v1/leagues/")
    assert response.status_code == 200
