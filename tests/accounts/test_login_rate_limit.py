"""Failed sign-ins are limited per client address and user name, and per address, by one
limiter (django-axes, accounts/signin_limits.py) that every password check goes through:
the login page, the admin's login; the API accepts no password at all."""

import base64
import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.core.management import call_command
from django.http import HttpRequest

from accounts.signin_limits import MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS

ADMIN_LOGIN = "/admin/login/"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def dana(db):
    return get_user_model().objects.create_user("dana", password="right-password-123")


def _login(client, password, username="dana", **extra):
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def _admin_login(client, username, password):
    return client.post(ADMIN_LOGIN, {"username": username, "password": password, "next": "/admin/"})


def test_login_is_refused_with_429_after_too_many_failures(client, dana):
    for _ in range(MAX_FAILURES_PER_ACCOUNT - 1):
        assert _login(client, "wrong").status_code == 200
    # The failure that reaches the limit is answered with the lockout already.
    assert _login(client, "wrong").status_code == 429
    response = _login(client, "right-password-123")
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    assert "Too many failed sign-ins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lockout_message_is_translated(client, dana):
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        _login(client, "wrong")
    response = _login(client, "right-password-123", HTTP_ACCEPT_LANGUAGE="he")
    assert response.status_code == 429
    assert "יותר מדי" in response.content.decode()


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


def test_user_names_differing_in_case_count_together(client, dana):
    for name in ["dana", "Dana", "DANA ", "dAna"] * 3:
        _login(client, "wrong", username=name)
    assert _login(client, "right-password-123").status_code == 429


def test_an_address_is_locked_after_50_failures_whatever_the_user_name(client, dana):
    for i in range(MAX_FAILURES_PER_ADDRESS):
        _login(client, "wrong", username=f"nobody{i}")
    assert _login(client, "right-password-123").status_code == 429
    other_visitor = _login(client, "right-password-123", REMOTE_ADDR="203.0.113.9")
    assert other_visitor.status_code == 302


def test_behind_a_proxy_the_limit_counts_the_forwarded_address(client, dana, settings):
    settings.CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        _login(client, "wrong", HTTP_X_FORWARDED_FOR="198.51.100.7")
    other_visitor = _login(client, "right-password-123", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert other_visitor.status_code == 302


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_superuser("boss", password="boss-password-123")


def test_admin_login_is_locked_after_too_many_failures(client, staff):
    for _ in range(MAX_FAILURES_PER_ACCOUNT - 1):
        assert _admin_login(client, "boss", "wrong").status_code == 200
    assert _admin_login(client, "boss", "wrong").status_code == 429
    response = _admin_login(client, "boss", "boss-password-123")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_locked_account_cannot_sign_in_anywhere(client, staff):
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        _login(client, "wrong", username="boss")
    assert _admin_login(client, "boss", "boss-password-123").status_code == 429
    assert _login(client, "boss-password-123", username="boss").status_code == 429
    # Nor with the API's old side door: Basic credentials are not even checked.
    basic = base64.b64encode(b"boss:boss-password-123").decode()
    response = client.get("/api/v1/leagues/", HTTP_AUTHORIZATION=f"Basic {basic}")
    assert "_auth_user_id" not in client.session
    assert response.status_code in (200, 401)
    assert client.get("/manage/").status_code == 302  # still signed out: sent to the login


@pytest.mark.parametrize("path", ["/api/schema/", "/api/docs/", "/api/redoc/", "/api/v1/leagues/"])
def test_basic_credentials_on_the_api_are_not_checked(client, dana, path):
    basic = base64.b64encode(b"dana:wrong-password").decode()
    with mock.patch.object(AbstractBaseUser, "check_password") as check_password:
        for _ in range(MAX_FAILURES_PER_ACCOUNT + 2):
            response = client.get(path, HTTP_AUTHORIZATION=f"Basic {basic}")
            assert response.status_code in (200, 401)
    check_password.assert_not_called()
    assert _login(client, "right-password-123").status_code == 302


def test_the_test_client_login_works_with_a_request_as_axes_documents(client, dana):
    assert client.login(request=HttpRequest(), username="dana", password="right-password-123")


def test_an_organizer_unlocks_a_visitor_with_axes_reset_ip_username(client, dana):
    for _ in range(MAX_FAILURES_PER_ACCOUNT):
        _login(client, "wrong")
    assert _login(client, "right-password-123").status_code == 429
    call_command("axes_reset_ip_username", "127.0.0.1", "dana", stdout=io.StringIO())
    assert _login(client, "right-password-123").status_code == 302
