"""Project-wide pytest fixtures."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):  # type: ignore[no-untyped-def]
    """Hash passwords cheaply in tests; production keeps Django's default hashers."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _default_language_after_each_test():  # type: ignore[no-untyped-def]
    """A request in Hebrew activates Hebrew for the thread; put the default language back so a
    later test never reads another test's language."""
    yield
    translation.deactivate()
