"""The worker survives Redis going away while it holds an unacknowledged message."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from kombu.transport import redis as kombu_redis

from config.broker import guard_closed_redis_channels


def test_closing_a_channel_whose_connection_is_gone_raises_a_connection_error():
    guard_closed_redis_channels()  # as the Celery app does on import
    channel = kombu_redis.Channel.__new__(kombu_redis.Channel)
    channel.connection = SimpleNamespace(client=None)
    # kombu ignores the transport's connection errors while closing; an AttributeError
    # (what kombu raised before) was fatal to the worker
    assert kombu_redis.redis.exceptions.ConnectionError in kombu_redis.Transport.connection_errors
    with pytest.raises(kombu_redis.redis.exceptions.ConnectionError, match="already closed"):
        channel._connparams()


def test_the_guard_is_installed_once():
    guard_closed_redis_channels()
    patched = kombu_redis.Channel._connparams
    guard_closed_redis_channels()
    assert kombu_redis.Channel._connparams is patched
    assert patched.guarded
