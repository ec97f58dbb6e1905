"""Error reports to Sentry (sentry-sdk), started by the settings when SENTRY_DSN is set.

Django's and Celery's integrations (an exception in a request or a task, and error log
lines, are reported), no personal data (`send_default_pii` off: no user, cookies or
address; and no request bodies), performance traces only at SENTRY_TRACES_SAMPLE_RATE
(0: none).

No report carries a private link's token: every string of an event, a transaction and a
breadcrumb (the request's url, query string and headers, the messages, the exceptions'
values, every frame's variables, the dictionaries' keys too) goes through
config.log_records.hide_links (`/links/<hidden>/`), and a token seen in a link anywhere in
the report is hidden wherever else it stands alone (the view's `token` argument, a query's
parameters). sentry-sdk's own scrubber still runs first (passwords, tokens, cookies by name).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration

from config.log_records import HIDDEN, hide_links, link_tokens

# A token shorter than this is no real link's (those are 64 characters): hidden in its link
# only, so that a bad link such as /links/a/ does not hide every "a" of the report.
SHORTEST_TOKEN = 16


def _strings(value: object) -> Iterator[str]:
    """Every string in `value` (dictionaries' keys too), depth first."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _hidden(value: Any, tokens: frozenset[str]) -> Any:
    """`value` with every string's link tokens hidden, and every token in `tokens`."""
    if isinstance(value, str):
        text = hide_links(value)
        for token in tokens:
            text = text.replace(token, HIDDEN)
        return text
    if isinstance(value, dict):
        return {_hidden(key, tokens): _hidden(item, tokens) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_hidden(item, tokens) for item in value)
    return value


def scrub(report: dict[str, Any]) -> dict[str, Any]:
    """An event, transaction or breadcrumb without the private link tokens it held."""
    tokens = frozenset(
        token
        for text in _strings(report)
        for token in link_tokens(text)
        if len(token) >= SHORTEST_TOKEN
    )
    hidden: dict[str, Any] = _hidden(report, tokens)
    return hidden


def before_send(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    """sentry-sdk's before_send and before_send_transaction."""
    return scrub(event)


def before_breadcrumb(crumb: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    """sentry-sdk's before_breadcrumb."""
    return scrub(crumb)


def options(dsn: str, environment: str, traces_sample_rate: float) -> dict[str, Any]:
    """sentry_sdk.init's arguments (the tests add a transport of their own)."""
    return {
        "dsn": dsn,
        "environment": environment,
        "traces_sample_rate": traces_sample_rate,
        # send_default_pii stays unset, that is off: sentry-sdk 2.75 deprecates passing it
        # (data_collection replaces it), and derives its data collection from it: no user,
        # no address, cookies or forwarding headers, no query parameters of the database.
        "max_request_body_size": "never",
        "integrations": [DjangoIntegration(), CeleryIntegration()],
        "before_send": before_send,
        "before_send_transaction": before_send,
        "before_breadcrumb": before_breadcrumb,
    }


def start(dsn: str, environment: str, traces_sample_rate: float) -> None:
    """Start reporting to the project at `dsn` (settings: when SENTRY_DSN is set)."""
    sentry_sdk.init(**options(dsn, environment, traces_sample_rate))
