"""The database failing under a request: a clear retryable 503, never a traceback, nothing
half-written, and the same request succeeds once the database is back."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from games.models import Game, ResultEvent, ResultVersion

DOWN = "server closed the connection unexpectedly"


@contextlib.contextmanager
def database_fails(when: Callable[[str], bool] = lambda sql: True) -> Iterator[None]:
    """Every query matching `when` fails as a lost PostgreSQL connection does."""

    def execute(run: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if when(sql):
            raise OperationalError(DOWN)
        return run(sql, params, many, context)

    with connection.execute_wrapper(execute):
        yield


def assert_retryable(response: Any) -> None:
    assert response.status_code == 503
    assert response["Retry-After"].isdigit()
    assert b"Traceback" not in response.content
    assert DOWN.encode() not in response.content  # no internals shown


def test_public_page_answers_503_with_retry_after_when_the_database_is_down(alpha):
    client = Client(raise_request_exception=False)
    with database_fails():
        response = client.get(reverse("web:season", args=[alpha.season.slug]))
    assert_retryable(response)
    assert b"try again" in response.content


def test_api_answers_a_json_503_when_the_database_is_down(alpha):
    client = Client(raise_request_exception=False)
    with database_fails():
        response = client.get("/api/v1/leagues/")
    assert_retryable(response)
    assert response.json()["errors"][0]["code"] == "unavailable"


def test_confirmation_cut_off_by_the_database_writes_nothing_and_can_be_retried(alpha):
    client = Client(raise_request_exception=False)
    client.force_login(alpha.user(1))
    url = reverse("games:confirm", args=[alpha.table.pk])
    # The connection drops after the version is marked confirmed, at the game's insert.
    with database_fails(lambda sql: sql.startswith('INSERT INTO "games_game"')):
        response = client.post(url, {"version": "1"})
    assert_retryable(response)
    assert ResultVersion.objects.get(table=alpha.table).status == ResultVersion.Status.PENDING
    assert not Game.objects.filter(table=alpha.table).exists()
    assert not ResultEvent.objects.filter(action=ResultEvent.Action.CONFIRMED).exists()

    assert client.post(url, {"version": "1"}).status_code == 302
    assert ResultVersion.objects.get(table=alpha.table).status == ResultVersion.Status.CONFIRMED
    assert Game.objects.filter(table=alpha.table).count() == 1


def test_submission_cut_off_by_the_database_keeps_the_earlier_version(alpha):
    client = Client(raise_request_exception=False)
    client.force_login(alpha.user(2))
    form = {"mode": "scores", "score-0": "1", "score-1": "2", "score-2": "3", "score-3": "4"}
    url = reverse("games:submit", args=[alpha.table.pk])
    with database_fails(lambda sql: sql.startswith('INSERT INTO "games_resultevent"')):
        response = client.post(url, form)
    assert_retryable(response)
    versions = ResultVersion.objects.filter(table=alpha.table)
    assert list(versions.values_list("number", "status")) == [(1, "pending")]
