"""The Redis cache keeps one client per connection pool (config/cache.py)."""

from __future__ import annotations

import pytest
import redis

from config.cache import RedisCache

SERVER = "redis://127.0.0.1:6379/12"


def test_the_redis_cache_reuses_its_client():
    cache = RedisCache(SERVER, {})
    client = cache._cache.get_client(write=False)
    assert cache._cache.get_client(write=True) is client  # one server: one pool, one client
    assert isinstance(client, redis.Redis)
    assert client.connection_pool is cache._cache._get_connection_pool(True)


def test_the_redis_cache_reads_what_it_wrote():
    cache = RedisCache(SERVER, {"OPTIONS": {"socket_connect_timeout": 0.5}})
    try:
        cache.set("config-cache-test", {"a": 1}, timeout=5)
    except redis.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    assert cache.get("config-cache-test") == {"a": 1}
    assert cache.get_many(["config-cache-test", "nothing"]) == {"config-cache-test": {"a": 1}}
    cache.delete("config-cache-test")
    assert cache.get("config-cache-test") is None
