"""A confirmed result visible through the proxy, for bench_service.py, all over HTTP.

At a table of tonight's round one player enters four scores and another confirms them, as
their browsers do (forms posted with their cookies); the clock starts when the confirming
POST is answered and stops at the first answer of the public round page, polled anonymously
every 50 ms, that shows the table's scores.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urljoin

import requests

from bench.rush import browser

POLL_SECONDS = 0.05
TIMEOUT_SECONDS = 60
REQUEST_TIMEOUT = 30
FLASH = re.compile(r'<li class="(success|error|info|warning)">')


def post_form(
    base: str, path: str, session: requests.Session, form: dict[str, str]
) -> requests.Response:
    """POST `form` as the browser `session` (its CSRF cookie as the form's token), without
    following the redirect."""
    data = {**form, "csrfmiddlewaretoken": session.cookies.get("csrftoken") or ""}
    return session.post(base + path, data=data, allow_redirects=False, timeout=REQUEST_TIMEOUT)


def flashed(base: str, response: requests.Response, session: requests.Session) -> str:
    """The level of the message shown by the page a form redirected to ('' when none)."""
    if response.status_code != 302:
        return f"answer {response.status_code}"
    page = session.get(urljoin(base, response.headers["Location"]), timeout=REQUEST_TIMEOUT)
    found = FLASH.search(page.text)
    return found.group(1) if found else ""


@dataclass(frozen=True)
class Shown:
    """One confirmation: when its answer came (the epoch, to set beside the worker's log)
    and the seconds until the page showed it."""

    confirmed_at: float
    seconds: float


def confirm_and_wait(
    base: str,
    page: str,
    table_id: int,
    cookies: Sequence[str],
    scores: Sequence[int],
    between: Callable[[], object] | None = None,
) -> Shown:
    """Enter `scores` at the table as the first cookie's player, confirm them as the second's
    (after `between()` returns, when given); returns when the confirming answer came and the
    seconds from it to the page showing them (raises RuntimeError when a form is refused or
    the page never shows them)."""
    form = {"mode": "scores", **{f"score-{seat}": str(s) for seat, s in enumerate(scores)}}
    with browser(cookies[0]) as enters, browser(cookies[1]) as confirms, browser() as visitor:
        entered = post_form(base, f"/tables/{table_id}/submit/", enters, form)
        if (outcome := flashed(base, entered, enters)) != "success":
            raise RuntimeError(f"table {table_id}: the scores were not accepted ({outcome})")
        if between is not None:
            between()
        confirmed = post_form(base, f"/tables/{table_id}/confirm/", confirms, {"version": "1"})
        confirmed_at, began = time.time(), time.perf_counter()
        marker = f'<td class="num">{scores[0]}</td>'
        while marker not in visitor.get(base + page, timeout=REQUEST_TIMEOUT).text:
            if time.perf_counter() - began > TIMEOUT_SECONDS:
                raise RuntimeError(f"table {table_id}: not shown within {TIMEOUT_SECONDS} s")
            time.sleep(POLL_SECONDS)
        spent = time.perf_counter() - began
        if (outcome := flashed(base, confirmed, confirms)) != "success":
            raise RuntimeError(f"table {table_id}: the confirmation was not accepted ({outcome})")
    return Shown(confirmed_at, spent)
