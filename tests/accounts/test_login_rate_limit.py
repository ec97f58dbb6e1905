"""Failed sign-ins are limited per client address and user name."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from accounts.login import MAX_FAILURES_PER_ACCOUNT


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def dana(db):
    return get_user_model().objects.create_user("dana", password="right-password-123")


def _login(client, password):
    return client.post("/accounts/login/", {"username": "dana", "password": password})


def test_login_is_refused_with_429_after_too_many_failures(client, dana):
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        assert _login(client, "wrong").status_code == 200
    response = _login(client, "right-password-123")
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_successful_login_clears_the_failure_count(client, dana):
    for _ in range(MAX_FAILURES_PER_ACCOUNT - 1):
        _login(client, "wrong")
    assert _login(client, "right-password-123").status_code == 302
    client.logout()
    for _ in range(MAX_FAILURES_PER_ACCOUNT - 1):
        assert _login(client, "wrong").status_code == 200


def test_the_limit_is_per_user_name(client, dana):
    get_user_model().objects.create_user("eli", password="eli-password-123")
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        _login(client, "wrong")
    response = client.post("/accounts/login/", {"username": "eli", "password": "eli-password-123"})
    assert response.status_code == 302


def test_behind_a_proxy_the_limit_counts_the_forwarded_address(client, dana, settings):
    settings.CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        client.post(
            "/accounts/login/",
            {"username": "dana", "password": "wrong"},
            HTTP_X_FORWARDED_FOR="198.51.100.7",
        )
    other_visitor = client.post(
        "/accounts/login/",
        {"username": "dana", "password": "right-password-123"},
        HTTP_X_FORWARDED_FOR="203.0.113.9",
    )
    assert other_visitor.status_code == 302
