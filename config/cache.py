"""Django's Redis cache, with one Redis client per server instead of one per call.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` object for every cache
call; its constructor fills a table of about 170 reply handlers, which was the largest
per-request cost left on a cached page (about 1,250 Python calls of a page's 3,250 for an
anonymous visitor, 2,500 for a signed-in one: `bench/profile_pages.py --profile`). The
client only wraps the connection pool, which Django already keeps, so it is kept beside it.
Django's caches are per thread, so each thread keeps its own clients.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient


class RedisCacheClient(DjangoRedisCacheClient):
    """Keeps the `redis.Redis` client of each connection pool."""

    # Django's, undeclared in the stubs: the pool of a read or a write, the client class.
    _get_connection_pool: Callable[[bool], Any]
    _client: Callable[..., Any]

    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    """Django's RedisCache on the client above."""

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
