"""The shared cache is django-redis (settings.CACHES): a Redis that is down is a logged miss,
never an error, and one that answers keeps what it was given."""

from __future__ import annotations

import logging

import pytest
import redis
from django.core.cache import cache
from django_redis.cache import RedisCache

SERVER = "redis://127.0.0.1:6379/12"


def test_the_redis_cache_reads_what_it_wrote():
    shared = RedisCache(SERVER, {"OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 0.5}})
    try:
        shared.set("config-cache-test", {"a": 1}, timeout=5)
    except redis.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    assert shared.get("config-cache-test") == {"a": 1}
    assert shared.get_many(["config-cache-test", "nothing"]) == {"config-cache-test": {"a": 1}}
    shared.delete("config-cache-test")
    assert shared.get("config-cache-test") is None


def test_a_redis_that_is_down_is_a_miss_and_a_log_line_not_an_error(shared_cache_down, caplog):
    caplog.set_level(logging.ERROR, logger="django_redis.cache")
    assert cache.get("anything", default="the default") == "the default"
    cache.set("anything", 1)
    assert cache.add("anything", 1) is None
    assert cache.incr("anything") is None
    assert cache.delete("anything") is None
    assert "anything" not in cache
    assert [r.name for r in caplog.records].count("django_redis.cache") >= 5
