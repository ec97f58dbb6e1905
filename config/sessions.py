"""Sessions read from the shared cache, written through to the database, never broken by it.

Django's `cached_db` store, with two differences. A cache outage is the cache backend's
business: django-redis answers a miss and logs it (settings.DJANGO_REDIS_IGNORE_EXCEPTIONS),
so the store goes on with the database row, which stays the record. And a session is kept
in the cache at most `CACHE_TTL` seconds: a sign-out made while the cache was unreachable
removes the database row but cannot remove the cached copy, which then lives at most that
long.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDBStore
from django.contrib.sessions.backends.db import SessionStore as DBStore
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core.cache.backends.base import BaseCache

CACHE_TTL = 600


class SessionStore(CachedDBStore):
    """`cached_db`, with cache entries bounded in time."""

    # Set or defined by Django's stores; the stubs do not declare them.
    _cache: BaseCache
    _session: dict[str, Any]
    _get_session_from_db: Callable[[], AbstractBaseSession | None]

    def load(self) -> dict[str, Any]:
        data = self._cache.get(self.cache_key)
        if data is not None:
            cached: dict[str, Any] = data
            return cached
        row = self._get_session_from_db()
        if row is None:
            return {}
        loaded: dict[str, Any] = self.decode(row.session_data)
        self._keep(loaded, self.get_expiry_age(expiry=row.expire_date))
        return loaded

    def save(self, must_create: bool = False) -> None:
        DBStore.save(self, must_create)
        self._keep(self._session, self.get_expiry_age())

    def delete(self, session_key: str | None = None) -> None:
        DBStore.delete(self, session_key)
        key = session_key if session_key is not None else self.session_key
        if key is not None:
            self._cache.delete(self.cache_key_prefix + key)

    def _keep(self, data: dict[str, Any], age: int) -> None:
        self._cache.set(self.cache_key, data, min(age, CACHE_TTL))
