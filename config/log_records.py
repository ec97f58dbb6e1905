"""What a log line may carry: never a private link's token, a refused request in one line,
and the request id.

Every log record is made by the record factory installed here, at Django's logging set-up
(settings.LOGGING_CONFIG) and by gunicorn's logger class (config/gunicorn_logging.py), so
these rules hold for every logger and every handler alike, before any handler or filter sees
the record: Django's, gunicorn's, Celery's and the app's own.

- A private link's address (`/links/TOKEN/`, games.seat_links) is logged as
  `/links/<hidden>/`: the message is formatted as the record is made and the token hidden in
  it, in its traceback and in its stack, whatever the token (a bad one too).
- A refused request is one line: Django's 4xx warnings on `django.request` (a 403 raised as
  PermissionDenied carries its traceback there) and the `django.security.*` loggers'
  answers to a SuspiciousOperation (a 400: a bad Host, a tampered session) lose their
  traceback, so no visitor can fill the error log with them. A server error (5xx) keeps it.
- Every record carries `request_id`: the id of the request or Celery task it was logged
  for (config.request_ids), `-` outside one, so every format (settings.LOGGING, the
  Celery worker's) can name it.

This module imports nothing of Django's: gunicorn loads it before the app.
"""

from __future__ import annotations

import logging
import logging.config
import re
from typing import Any

from config import request_ids

HIDDEN = "<hidden>"
# `links/` then the token: up to the next `/` (or `%2F`), space, quote, `?`, `#` or `&`.
_LINK = re.compile(r"(?:\b|(?<=%2f))(links(?:/|%2f))(?:[^/\s?#&'\"<>%]|%(?!2f))+", re.IGNORECASE)
_REFUSAL_LOGGERS = "django.security."
_FORMATTER = logging.Formatter()


def hide_links(text: str) -> str:
    """`text` with every private link's token replaced by <hidden>."""
    return _LINK.sub(rf"\g<1>{HIDDEN}", text)


def link_tokens(text: str) -> set[str]:
    """The tokens of the private links in `text`: what hide_links hides."""
    return {match.group(0)[len(match.group(1)) :] for match in _LINK.finditer(text)}


def is_refusal(name: str, level: int) -> bool:
    """Whether a record of this logger and level tells of a refused request (4xx)."""
    return (name == "django.request" and level < logging.ERROR) or name.startswith(_REFUSAL_LOGGERS)


def _message(record: logging.LogRecord) -> str:
    try:
        return record.getMessage()
    except Exception:  # a logging call must never raise; the handler would report it
        return f"{record.msg!s} (its arguments did not fit the message)"


def keep_private(record: logging.LogRecord) -> None:
    """Apply the module's two rules to a new record, in place."""
    if is_refusal(record.name, record.levelno):
        record.exc_info = None
    record.msg, record.args = hide_links(_message(record)), ()
    if record.exc_info:
        # Formatters use exc_text when it is set: the traceback is rendered once, hidden.
        record.exc_text = hide_links(_FORMATTER.formatException(record.exc_info))
    if record.stack_info:
        record.stack_info = hide_links(record.stack_info)


class PrivateRecords:
    """The record factory: the one it replaces makes the record, then keep_private, then
    the request id."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record: logging.LogRecord = self.make(*args, **kwargs)
        keep_private(record)
        record.request_id = request_ids.current() or request_ids.NONE
        return record


def install() -> None:
    """Make every record of this process through PrivateRecords (once)."""
    current = logging.getLogRecordFactory()
    if not isinstance(current, PrivateRecords):
        logging.setLogRecordFactory(PrivateRecords(current))


def configure(config: dict[str, Any]) -> None:
    """settings.LOGGING_CONFIG: Django's dictConfig of settings.LOGGING, then install()."""
    logging.config.dictConfig(config)
    install()
