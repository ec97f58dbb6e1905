"""Project-wide pytest fixtures."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):  # type: ignore[no-untyped-def]
    """Hash passwords cheaply in tests; production keeps Django's default hashers."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
