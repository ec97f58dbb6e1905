"""Python's cycle collector paused while large acyclic data (decoded JSON, verdicts, standings
rows) is built: the one helper, for the engine's command and the layers above it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused for the block; enabled again (if it was) however the
    block ends.

    Tens of thousands of containers that are all kept (a season's tallies and rows, a deal
    file's lists and the verdict on each deal) set off a collection every few hundred, and
    every so often one walks the whole heap of the process, finding nothing: none of them is
    garbage, and none is part of a cycle. Reference counting still frees as usual. In
    bench/bench_standings.py that was 0.1-0.2 s of a 0.8 s recompute; in bench_scoring.py's
    score_deals, 0.5-0.8 s of 1.8 s (and 0.5 s of json.load's own 0.8 s).

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
