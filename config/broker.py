"""A guard around a kombu defect that kills the worker when Redis goes away.

When the broker connection drops while the worker holds an unacknowledged message, the
consumer closes its channel, and closing restores the message to Redis. By then the
channel's transport has no client any more, and kombu (5.x) fails with
`AttributeError: 'NoneType' object has no attribute 'hostname'`, which the worker treats as
unrecoverable and exits. Raising the transport's own connection error instead lets kombu
ignore it while closing and the worker reconnect; the message stays in Redis's unacked set,
which kombu restores after the visibility timeout (and the beat sweeps redo the work sooner).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


def guard_closed_redis_channels() -> None:
    """Patch `kombu.transport.redis.Channel._connparams` once (idempotent)."""
    original: Callable[..., Any] = kombu_redis.Channel._connparams
    if getattr(original, "guarded", False):
        return

    def _connparams(self: Any, asynchronous: bool = False) -> Any:
        if getattr(self.connection, "client", None) is None:
            raise RedisConnectionError("the broker connection is already closed")
        return original(self, asynchronous)

    _connparams.guarded = True  # type: ignore[attr-defined]  # a marker on a function object
    kombu_redis.Channel._connparams = _connparams  # type: ignore[method-assign]  # the patch itself
