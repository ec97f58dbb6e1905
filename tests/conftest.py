"""Project-wide pytest fixtures, and the property tests' profiles."""

import os

import pytest
from axes.handlers.proxy import AxesProxyHandler
from django.core.cache import cache
from django.utils import translation
from hypothesis import settings as hypothesis_settings

# CI (.ci/run: HYPOTHESIS_PROFILE=ci) tries each property on a fixed set of examples, so a
# commit passes or fails there the same way every time; a developer's `make test` draws new
# examples on every run and finds what a fixed set never would (a failure prints the
# example to add with @example).
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):  # type: ignore[no-untyped-def]
    """Hash passwords cheaply in tests; production keeps Django's default hashers."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache_for_each_test():  # type: ignore[no-untyped-def]
    """Each test starts with an empty cache: the pages' cached fragments are keyed by
    versions kept in the database (web.versions), which every test's rollback takes back,
    so a fragment another test left would match a version of this test's."""
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language_after_each_test():  # type: ignore[no-untyped-def]
    """A request in Hebrew activates Hebrew for the thread; put the default language back so a
    later test never reads another test's language."""
    yield
    translation.deactivate()


@pytest.fixture
def shared_cache_down(settings):  # type: ignore[no-untyped-def]
    """The shared cache as production configures it (django-redis, settings.CACHES), on a
    Redis that is down: nothing listens on port 1. Axes keeps its handler (and the handler its
    cache) once made: it is made again on this cache, and after it on the test's own."""
    settings.CACHES = {
        "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    }
    AxesProxyHandler.implementation = None
    yield
    AxesProxyHandler.implementation = None
