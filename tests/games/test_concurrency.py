"""Four players at one table submitting and confirming at the same moment (PostgreSQL).

Real concurrent requests: one thread per player, each with its own test client and its own
database connection, released together by a barrier. The table row lock and the partial
unique constraint must leave exactly one current result and every version kept.
"""

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse

from games.actions import submit_result
from games.models import Game, GameResult, ResultEvent, ResultVersion
from tests.roundsupport import make_players, make_round, make_season, seat_table

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite has none)"
)


def run_together(requests):
    """Run each (client, path, data) POST in its own thread at the same moment."""
    barrier = threading.Barrier(len(requests))
    statuses = [None] * len(requests)

    def worker(index, client, path, data):
        try:
            barrier.wait()
            statuses[index] = client.post(path, data).status_code
        finally:
            connection.close()

    threads = [
        threading.Thread(target=worker, args=(i, *request)) for i, request in enumerate(requests)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


def clients_for(users):
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients


@pytest.fixture
def table(db):
    season = make_season()
    return seat_table(make_round(season), make_players(4, with_users=True))


def seated_users(table):
    return [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]


def scores(n):
    return {"mode": "scores", **{f"score-{i}": n * 10 + i for i in range(4)}}


@postgres_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_four_players_submitting_at_once_keep_every_version_and_one_current(table, attempt):
    clients = clients_for(seated_users(table))
    path = reverse("games:submit", args=[table.pk])
    statuses = run_together([(c, path, scores(n)) for n, c in enumerate(clients)])
    assert statuses == [302] * 4
    versions = list(ResultVersion.objects.filter(table=table).order_by("number"))
    assert [v.number for v in versions] == [1, 2, 3, 4]
    assert sum(v.status != ResultVersion.Status.SUPERSEDED for v in versions) == 1
    assert versions[-1].status == ResultVersion.Status.PENDING
    assert sorted(v.scores[0] for v in versions) == [0, 10, 20, 30]


@postgres_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_three_confirm_while_one_corrects_at_once(table, attempt):
    a, b, c, d = seated_users(table)
    submit_result(table, actor=a, scores=[1, 2, 3, 4])
    clients = clients_for([a, b, c, d])
    confirm = reverse("games:confirm", args=[table.pk])
    statuses = run_together(
        [
            (clients[0], reverse("games:submit", args=[table.pk]), scores(5)),
            (clients[1], confirm, {"version": 1}),
            (clients[2], confirm, {"version": 1}),
            (clients[3], confirm, {"version": 1}),
        ]
    )
    assert all(s in (302, 303) for s in statuses)
    current = ResultVersion.objects.exclude(status=ResultVersion.Status.SUPERSEDED).filter(
        table=table
    )
    assert current.count() == 1
    current = current.get()
    confirmations = ResultEvent.objects.filter(action=ResultEvent.Action.CONFIRMED)
    assert confirmations.count() <= 1
    if current.status == ResultVersion.Status.CONFIRMED:
        game = Game.objects.get(table=table)
        assert (
            list(
                GameResult.objects.filter(game=game)
                .order_by("seat")
                .values_list("score", flat=True)
            )
            == current.scores
        )
    else:
        assert current.number == 2 and current.status == ResultVersion.Status.PENDING
        assert not Game.objects.filter(status=Game.Status.CONFIRMED).exists()
    assert ResultVersion.objects.filter(table=table).count() in (1, 2)


@postgres_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_four_confirm_a_pending_result_at_once_exactly_one_wins(table):
    a, b, c, d = seated_users(table)
    submit_result(table, actor=a, scores=[1, 2, 3, 4])
    clients = clients_for([a, b, c, d])
    confirm = reverse("games:confirm", args=[table.pk])
    statuses = run_together([(cl, confirm, {"version": 1}) for cl in clients])
    # the one who entered it is refused (403) or told it is already confirmed; the others
    # get the outcome or a message: never a server error
    assert statuses[0] in (302, 403)
    assert statuses[1:] == [302, 302, 302]
    assert ResultEvent.objects.filter(action=ResultEvent.Action.CONFIRMED).count() == 1
    assert Game.objects.filter(table=table).count() == 1
    assert GameResult.objects.count() == 4


@pytest.mark.django_db
def test_the_database_refuses_two_current_results_for_one_table(table):
    ResultVersion.objects.create(table=table, number=1, scores=[1, 2, 3, 4])
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultVersion.objects.create(table=table, number=2, scores=[4, 3, 2, 1])
    ResultVersion.objects.create(table=table, number=2, scores=[4, 3, 2, 1], status="superseded")
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultVersion.objects.create(
            table=table, number=2, scores=[0, 0, 0, 0], status="superseded"
        )
