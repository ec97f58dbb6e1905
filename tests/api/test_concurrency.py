"""Parallel submissions against PostgreSQL: each platform game id is stored exactly once."""

from __future__ import annotations

import threading
from collections import defaultdict
from typing import Any

import pytest
from django.db import connection, connections

from api.models import GameSubmission
from draws.actions import do_draw_round, publish_draw
from games.models import Game, GameResult, ResultVersion
from league.actions.players import get_or_create_players
from league.actions.registration import register_players
from league.models import Player, Round, Seat, Table
from tests.api.conftest import client_for

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs real concurrent writers (PostgreSQL)"
    ),
]

NEW_NAMES = [f"Racer {i}" for i in range(8)]


def game(index: int, bonus: int = 0) -> dict[str, Any]:
    """Distinct game `index`: four of eight new players (created by whichever request wins)."""
    seats = [NEW_NAMES[(index + k) % len(NEW_NAMES)] for k in range(4)]
    return {
        "game_id": f"race-{index}",
        "season": "season-10",
        "date": "2024-06-30",
        "players": [{"id": f"id-{name}", "name": name} for name in seats],
        "scores": [100 + index + bonus, 50, 0, -50],
    }


def post_in_parallel(token: Any, payloads: list[dict[str, Any]]) -> list[Any]:
    """POST every payload to /api/v1/games/ at the same moment, one thread each."""
    barrier = threading.Barrier(len(payloads))
    responses: list[Any] = [None] * len(payloads)

    def submit(slot: int, payload: dict[str, Any]) -> None:
        client = client_for(token)
        try:
            barrier.wait(timeout=30)
            responses[slot] = client.post("/api/v1/games/", payload, format="json")
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=submit, args=(slot, payload))
        for slot, payload in enumerate(payloads)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return responses


def run_in_parallel(token: Any, payloads: list[dict[str, Any]]) -> list[tuple[int, Any]]:
    return [(r.status_code, r.json()) for r in post_in_parallel(token, payloads)]


def test_twenty_parallel_submissions_store_exactly_the_distinct_games(platform_token, season):
    distinct = [game(i) for i in range(10)]
    payloads = [*distinct, *distinct]  # every game sent twice at the same moment
    answers = run_in_parallel(platform_token, payloads)

    assert [status for status, _ in answers] == [201] * 20, answers
    for first, second in zip(answers[:10], answers[10:], strict=True):
        assert first[1] == second[1]  # a retry answers exactly what the original did
    assert Game.objects.count() == 10
    assert GameSubmission.objects.count() == 10
    assert GameResult.objects.count() == 40
    assert set(Player.objects.values_list("name", flat=True)) == set(NEW_NAMES)
    stored = {g.submission.external_id: g for g in Game.objects.select_related("submission")}
    for payload in distinct:
        scores = sorted(r.score for r in stored[payload["game_id"]].results.all())
        assert scores == sorted(payload["scores"])


def test_parallel_conflicting_contents_store_one_and_refuse_the_others(platform_token, season):
    payloads = [game(i, bonus) for i in range(5) for bonus in (0, 0, 1, 2)]
    answers = run_in_parallel(platform_token, payloads)

    assert Game.objects.count() == 5
    by_id: dict[str, list[tuple[int, dict[str, Any], Any]]] = defaultdict(list)
    for payload, (status, data) in zip(payloads, answers, strict=True):
        by_id[payload["game_id"]].append((status, payload, data))
    for game_id, attempts in by_id.items():
        stored = Game.objects.get(submission__external_id=game_id)
        stored_scores = sorted(r.score for r in stored.results.all())
        for status, payload, data in attempts:
            if sorted(payload["scores"]) == stored_scores:
                assert status == 201
                assert data["id"] == stored.pk
            else:
                assert status == 409
                assert data["errors"][0]["code"] == "conflict"


def test_parallel_results_for_one_drawn_table_store_exactly_one(platform_token, season):
    round_ = Round.objects.get(season=season, number=1)
    register_players(round_, list(get_or_create_players(NEW_NAMES[:4]).values()))
    do_draw_round(round_, seed=4)
    publish_draw(round_)
    payloads = []
    for index in range(6):
        payload = game(0, bonus=index)
        payload["game_id"] = f"table-race-{index}"
        payload["players"] = [{"name": name} for name in NEW_NAMES[:4]]
        payloads.append(payload)
    answers = run_in_parallel(platform_token, payloads)

    statuses = sorted(status for status, _ in answers)
    assert statuses == [201, 409, 409, 409, 409, 409], answers
    assert Game.objects.count() == 1
    assert GameSubmission.objects.count() == 1
    assert ResultVersion.objects.filter(status=ResultVersion.Status.CONFIRMED).count() == 1


def test_identical_parallel_results_for_a_drawn_table_all_get_the_replay(platform_token, season):
    """Every identical retry answers 201, also the ones that lose the race to the table's
    check (issue 12 item 10: some answered 409 table_has_game); eight tables, eight each."""
    players = list(get_or_create_players(NEW_NAMES).values())
    tables = 0
    for round_ in Round.objects.filter(season=season).order_by("number"):
        register_players(round_, players)
        do_draw_round(round_, seed=4)
        publish_draw(round_)  # results wait for a published draw
        for table in Table.objects.filter(round=round_).order_by("number"):
            tables += 1
            seated = Seat.objects.filter(table=table).order_by("seat").select_related("player")
            payload = game(0)
            payload.update(
                game_id=f"same-{round_.number}-{table.number}",
                date=round_.date.isoformat(),
                players=[{"name": seat.player.name} for seat in seated],
            )
            responses = post_in_parallel(platform_token, [payload] * 8)

            answers = [(r.status_code, r.json()) for r in responses]
            assert [status for status, _ in answers] == [201] * 8, answers
            assert sorted(r["Idempotent-Replayed"] for r in responses) == ["false"] + ["true"] * 7
            assert len({data["id"] for _, data in answers}) == 1
    assert Game.objects.count() == GameSubmission.objects.count() == tables == 8
