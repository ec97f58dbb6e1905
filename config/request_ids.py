"""The request id: one short name for everything a request causes, in every log line.

The id of the request (or task) being handled lives in a context variable, so each thread
and each asyncio task sees its own. `config.request_id_middleware` sets it for a request,
`config.task_request_ids` carries it into the Celery tasks that request queues, and
`config.log_records` puts it on every log record (`-` outside any request or task).

This module imports nothing of Django's: gunicorn loads the log records before the app.
"""

from __future__ import annotations

import contextlib
import re
import uuid
from collections.abc import Iterator
from contextvars import ContextVar

NONE = "-"
# What we accept from the proxy (nginx's $request_id is 32 hex digits): short, and nothing
# that could break a log line or a header.
_ACCEPTED = re.compile(r"[A-Za-z0-9._:-]{1,128}")

_current: ContextVar[str | None] = ContextVar("request_id", default=None)


def current() -> str | None:
    """The id of the request or task this code runs for, or None."""
    return _current.get()


def new() -> str:
    """A fresh id: 32 hex digits, like nginx's."""
    return uuid.uuid4().hex


def accepted(given: str | None) -> str | None:
    """`given` when it may serve as a request id, else None.

    >>> accepted("5f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5")
    '5f0c1d2e3a4b5c6d7e8f90a1b2c3d4e5'
    >>> accepted("two words") is None, accepted("") is None, accepted(None) is None
    (True, True, True)
    """
    if given and _ACCEPTED.fullmatch(given):
        return given
    return None


def start(request_id: str) -> None:
    """From now on this thread (or asyncio task) runs as part of `request_id`, until end()."""
    _current.set(request_id)


def end() -> None:
    """This thread runs outside any request again."""
    _current.set(None)


@contextlib.contextmanager
def bound(request_id: str | None) -> Iterator[None]:
    """Run the block as part of `request_id` (None: outside any request)."""
    token = _current.set(request_id)
    try:
        yield
    finally:
        _current.reset(token)
