"""A Celery task runs as part of the request (or task) that queued it (config.request_ids).

Publishing a task puts the current id in its message headers (`before_task_publish`);
the worker binds it while the task runs (`task_prerun`, undone at `task_postrun`). An eager
task (no broker: the quick start) runs inside the request and keeps its id as it is.
"""

from __future__ import annotations

import contextlib
from typing import Any

from celery import signals

from config import request_ids

HEADER = "request_id"

# The binding of each running task, by task id, until it ends.
_running: dict[str, contextlib.ExitStack] = {}


def sent_id(request: Any) -> str | None:
    """The id a task's message carries: a worker has the message's headers as the request's
    own fields, `Task.apply(headers=...)` keeps them in `request.headers`."""
    given = getattr(request, HEADER, None) or (getattr(request, "headers", None) or {}).get(HEADER)
    return request_ids.accepted(given if isinstance(given, str) else None)


def put_id_in_headers(headers: dict[str, Any] | None = None, **_: Any) -> None:
    """`before_task_publish`: the task carries the id its sender runs under."""
    current = request_ids.current()
    if headers is not None and current is not None:
        headers.setdefault(HEADER, current)


def bind_task_id(task_id: str, task: Any, **_: Any) -> None:
    """`task_prerun`: log the task's lines under the id it was sent with."""
    given = sent_id(task.request)
    if given is None:
        return
    stack = contextlib.ExitStack()
    stack.enter_context(request_ids.bound(given))
    _running[task_id] = stack


def unbind_task_id(task_id: str, **_: Any) -> None:
    """`task_postrun`: back to the worker's own context."""
    stack = _running.pop(task_id, None)
    if stack is not None:
        stack.close()


def connect() -> None:
    """Connect the three signals (weak=False: the receivers are module functions anyway)."""
    signals.before_task_publish.connect(put_id_in_headers, weak=False)
    signals.task_prerun.connect(bind_task_id, weak=False)
    signals.task_postrun.connect(unbind_task_id, weak=False)
