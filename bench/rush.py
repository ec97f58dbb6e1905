"""The 20:15 rush for bench_service.py: visitors arriving evenly, each opening two pages.

Each visitor is a browser of his own (a thread, a new connection kept for his two pages):
anonymous or signed in (his cookies), Hebrew for three in four (as a club in Israel), he
opens the given pages one after the other, HTML only, and every answer is timed to its last
byte. An error is an answer other than 200 or no answer at all.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import requests

from bench.support import percentile

REQUEST_TIMEOUT = 30
LANGUAGES = ("he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7",) * 3 + ("en-US,en;q=0.9",)


@dataclass
class Rush:
    """What the visitors saw (appended to under `lock`)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    anonymous: list[float] = field(default_factory=list)  # seconds per answer
    signed_in: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    late_starts: int = 0  # visitors whose thread began more than 50 ms after their time

    @property
    def every(self) -> list[float]:
        return self.anonymous + self.signed_in

    def p99_ms(self, which: Sequence[float] | None = None) -> float:
        return percentile(self.every if which is None else which, 0.99) * 1000


def browser(cookie: str = "", language: str = LANGUAGES[0]) -> requests.Session:
    """A browser holding `cookie` ("name=value; ..."), whose jar then keeps what the
    answers set, as a browser does."""
    session = requests.Session()
    session.headers["Accept-Language"] = language
    for pair in filter(None, cookie.split("; ")):
        name, value = pair.split("=", 1)
        session.cookies.set(name, value, domain="127.0.0.1", path="/")
    return session


def visit(base: str, paths: Sequence[str], cookie: str, language: str, rush: Rush) -> None:
    """One visitor: `paths` in order on one connection; each answer timed and checked."""
    with browser(cookie, language) as session:
        for path in paths:
            began = time.perf_counter()
            try:
                response = session.get(base + path, timeout=REQUEST_TIMEOUT)
                spent = time.perf_counter() - began
            except requests.RequestException as error:
                with rush.lock:
                    rush.errors.append(f"GET {path}: {error!r}")
                continue
            with rush.lock:
                (rush.signed_in if cookie else rush.anonymous).append(spent)
                rush.statuses[response.status_code] += 1
                if response.status_code != 200:
                    rush.errors.append(f"GET {path}: {response.status_code}")


def run_rush(
    base: str, paths: Sequence[str], anonymous: int, cookies: Sequence[str], seconds: float
) -> Rush:
    """`anonymous` visitors and one per cookie (signed in), spread among them, arriving
    evenly over `seconds`; returns what they saw once the last has finished."""
    total = anonymous + len(cookies)
    # The signed-in visitors are spread evenly among the anonymous ones.
    signed_at = (
        {round(i * total / len(cookies)): c for i, c in enumerate(cookies)} if cookies else {}
    )
    rush = Rush()
    threads = []
    began = time.perf_counter()
    for index in range(total):
        start = began + index * seconds / total
        wait = start - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        elif wait < -0.05:
            rush.late_starts += 1
        cookie = signed_at.get(index, "")
        language = LANGUAGES[index % len(LANGUAGES)]
        thread = threading.Thread(
            target=visit, args=(base, paths, cookie, language, rush), daemon=True
        )
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join(REQUEST_TIMEOUT * len(paths) + 5)
    return rush
