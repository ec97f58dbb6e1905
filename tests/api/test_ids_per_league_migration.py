"""Migration api 0002-0004: stored platform player ids and game ids get the league they came
from, and stay valid there (issue 12 item 2)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("api", "0001_initial")


def _leaves(executor: MigrationExecutor, api_node: tuple[str, str]) -> list[tuple[str, str]]:
    others = [n for n in executor.loader.graph.leaf_nodes() if n[0] != "api"]
    return [*others, api_node]


@pytest.fixture
def old_apps() -> Iterator[Any]:
    """The models as they were before the ids belonged to a league; migrates forward after."""
    executor = MigrationExecutor(connection)
    latest = _leaves(executor, executor.loader.graph.leaf_nodes("api")[0])
    executor.migrate([BEFORE])
    executor.loader.build_graph()
    try:
        yield executor.loader.project_state(_leaves(executor, BEFORE)).apps
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(latest)


def _migrate_to_latest() -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    executor.loader.build_graph()
    return executor.loader.project_state(executor.loader.graph.leaf_nodes()).apps


def test_stored_ids_get_the_league_they_came_from(old_apps):
    user = old_apps.get_model("auth", "User").objects.create(username="organizer")
    league_model = old_apps.get_model("league", "League")
    club_a = league_model.objects.create(name="A", slug="a")
    club_b = league_model.objects.create(name="B", slug="b")
    club_c = league_model.objects.create(name="C", slug="c")
    token_model = old_apps.get_model("api", "ApiToken")
    token_a, token_b = (
        token_model.objects.create(
            name=club.name, platform="p", league=club, key_hash=club.slug, created_by=user
        )
        for club in (club_a, club_b)
    )
    season_a = old_apps.get_model("league", "Season").objects.create(
        league=club_a,
        slug="sa",
        name="SA",
        rules_preset="x",
        start=dt.date(2024, 1, 1),
        end=dt.date(2024, 12, 31),
    )
    player_model = old_apps.get_model("league", "Player")
    dana, eli, noa = (
        player_model.objects.create(name=name, slug=name.lower()) for name in ("Dana", "Eli", "Noa")
    )
    game_model = old_apps.get_model("games", "Game")
    game_a = game_model.objects.create(
        season=season_a, date=dt.date(2024, 3, 1), status="confirmed", source="api"
    )
    game_b = game_model.objects.create(date=dt.date(2024, 3, 1), status="confirmed", source="api")
    old_apps.get_model("games", "GameResult").objects.create(
        game=game_a, seat=0, player=dana, score=10
    )
    submission = old_apps.get_model("api", "GameSubmission").objects
    submission.create(platform="p", external_id="g1", fingerprint="f", game=game_a)
    submission.create(platform="p", external_id="g2", fingerprint="f", game=game_b, token=token_b)
    link = old_apps.get_model("api", "PlatformPlayer").objects
    link.create(platform="p", external_id="u1", player=dana)  # played in league A
    link.create(platform="p", external_id="u2", player=eli)  # no trace: every league of "p"
    link.create(platform="q", external_id="u3", player=noa)  # no league has a "q" token

    new_apps = _migrate_to_latest()

    stored = new_apps.get_model("api", "GameSubmission").objects
    assert sorted(stored.values_list("external_id", "league__slug")) == [("g1", "a"), ("g2", "b")]
    links = new_apps.get_model("api", "PlatformPlayer").objects
    assert sorted(links.values_list("external_id", "league__slug", "player__name")) == [
        ("u1", "a", "Dana"),
        ("u2", "a", "Eli"),
        ("u2", "b", "Eli"),
    ]
    assert club_c.pk not in links.values_list("league_id", flat=True)
    assert token_a.league_id == club_a.pk
