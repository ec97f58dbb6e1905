"""A few seconds of bench/load_results.py in CI: players submitting and confirming over real
HTTP at once, then no 5xx, no lost or duplicated result, one confirmed result per table."""

from __future__ import annotations

import pytest
from django.db import connection

from bench.load_results import build, run_players, summarize

pytestmark = pytest.mark.postgres


@pytest.fixture
def on_postgres(transactional_db: None) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrent writers over HTTP need PostgreSQL (DATABASE_URL)")


def test_players_submitting_and_confirming_at_once_lose_nothing(on_postgres, live_server, settings):
    settings.CSRF_COOKIE_SECURE = settings.SESSION_COOKIE_SECURE = False  # plain http here
    clients, table_of = build(16, rounds=3)
    # Python's cookie jar keeps no cookie for the bare host name "localhost".
    base = live_server.url.replace("localhost", "127.0.0.1")
    run, elapsed, stuck = run_players(base, clients, table_of, seconds=3, grace=40)
    problems = summarize(run, elapsed, stuck)
    assert problems == []
    assert len(run.ledger.played) >= 4  # at least one full round of the four tables
    assert sum(run.ledger.confirmed.values()) == len(run.ledger.played)
