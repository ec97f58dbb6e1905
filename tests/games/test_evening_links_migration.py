"""Migration games 0007: every stored private link gets its round's season (a tournament's
links since serve the whole evening and name their season, not a table)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("games", "0006_result_played_order")
AFTER = ("games", "0007_evening_seat_links")


def _apps(executor: MigrationExecutor, node: tuple[str, str]):  # type: ignore[no-untyped-def]
    executor.loader.build_graph()
    return executor.loader.project_state([node]).apps


def test_stored_links_get_the_season_of_their_round():
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    executor.migrate([BEFORE])
    try:
        old = _apps(executor, BEFORE)
        league = old.get_model("league", "League").objects.create(name="A", slug="a")
        seasons = [
            old.get_model("league", "Season").objects.create(
                league=league,
                slug=slug,
                name=slug,
                rules_preset="whist-online-league",
                start=dt.date(2024, 1, 1),
                end=dt.date(2024, 12, 31),
            )
            for slug in ("s1", "s2")
        ]
        player = old.get_model("league", "Player").objects.create(name="Dana", slug="dana")
        for number, season in enumerate(seasons, start=1):
            round_ = old.get_model("league", "Round").objects.create(
                season=season, number=number, date=dt.date(2024, 2, number)
            )
            table = old.get_model("league", "Table").objects.create(round=round_, number=1)
            old.get_model("games", "SeatLink").objects.create(
                round=round_,
                table=table,
                player=player,
                nonce=f"n{number}",
                token_hash=f"h{number}",
            )
        executor = MigrationExecutor(connection)
        executor.migrate([AFTER])
        new = _apps(executor, AFTER)
        links = new.get_model("games", "SeatLink").objects.order_by("nonce")
        assert [(link.season.slug, link.round.season.slug) for link in links] == [
            ("s1", "s1"),
            ("s2", "s2"),
        ]
        assert all(link.table_id is not None for link in links)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(latest)
