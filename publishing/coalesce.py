""" "A task is already waiting" flags in Redis, so a burst of requests sends one task."""

from __future__ import annotations

import contextlib
from functools import lru_cache

import redis
from celery import current_app
from django.conf import settings
from redis.backoff import NoBackoff
from redis.retry import Retry

# Longer than a task ever waits before it starts; a lost task frees the flag by then.
PENDING_SECONDS = 60
KEY_PREFIX = "whist:pending:"


@lru_cache(maxsize=4)
def _client(url: str) -> redis.Redis:
    # Fail fast and once: a writer waiting on a dead Redis would delay its response.
    return redis.Redis.from_url(
        url, socket_connect_timeout=1, socket_timeout=1, retry=Retry(NoBackoff(), 0)
    )


def _redis() -> redis.Redis | None:
    url = current_app.conf.broker_url or settings.REDIS_URL
    if (
        current_app.conf.task_always_eager
        or not url
        or not str(url).startswith(("redis://", "rediss://"))
    ):
        return None
    return _client(str(url))


def claim(name: str) -> bool:
    """Mark the task `name` (e.g. "publish:12") as waiting; False when it already is.

    Raises redis errors when Redis is down (the caller treats that as "not sent").
    """
    client = _redis()
    if client is None:
        return True
    return bool(client.set(f"{KEY_PREFIX}{name}", 1, nx=True, ex=PENDING_SECONDS))


def release(name: str) -> None:
    """Clear the waiting mark (when the task starts); ignores an unreachable Redis."""
    client = _redis()
    if client is None:
        return
    with contextlib.suppress(redis.RedisError):
        client.delete(f"{KEY_PREFIX}{name}")
