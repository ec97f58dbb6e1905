"""Sessions from the cache (config/sessions.py): one query fewer per signed-in request, and a
cache outage never breaks signing in, browsing or signing out."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.urls import reverse

from config import sessions
from config.sessions import SessionStore

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken_cache(shared_cache_down):  # type: ignore[no-untyped-def]
    """Redis down under the production cache backend (tests/conftest.py)."""


def test_a_cached_session_is_read_without_a_query(django_assert_num_queries):
    store = SessionStore()
    store["who"] = "dana"
    store.save(must_create=True)
    with django_assert_num_queries(0):
        assert SessionStore(store.session_key)["who"] == "dana"


def test_a_session_missing_from_the_cache_is_read_from_its_row_and_cached_again(
    django_assert_num_queries,
):
    store = SessionStore()
    store["who"] = "dana"
    store.save(must_create=True)
    cache.delete(SessionStore.cache_key_prefix + store.session_key)
    with django_assert_num_queries(1):
        assert SessionStore(store.session_key)["who"] == "dana"
    with django_assert_num_queries(0):
        assert SessionStore(store.session_key)["who"] == "dana"


def test_a_session_is_cached_for_at_most_the_cache_ttl(monkeypatch):
    kept: list[int] = []
    monkeypatch.setattr(cache, "set", lambda key, value, timeout: kept.append(timeout))
    store = SessionStore()
    store["who"] = "dana"
    store.save(must_create=True)  # the session itself lasts two weeks
    assert kept and max(kept) <= sessions.CACHE_TTL


def test_sessions_work_from_the_database_while_the_cache_is_down(broken_cache):
    store = SessionStore()
    store["who"] = "dana"
    store.create()
    key = store.session_key
    assert Session.objects.filter(session_key=key).exists()
    assert SessionStore(key)["who"] == "dana"
    SessionStore(key).delete()
    assert not Session.objects.filter(session_key=key).exists()


def test_signing_in_browsing_and_signing_out_survive_a_cache_outage(
    client, django_user_model, broken_cache
):
    client.force_login(django_user_model.objects.create_user(username="dana"))
    assert Session.objects.count() == 1
    page = client.get(reverse("web:my_rounds"))
    assert page.status_code == 200 and page.wsgi_request.user.username == "dana"
    assert client.post(reverse("logout")).status_code == 302
    assert not Session.objects.exists()
