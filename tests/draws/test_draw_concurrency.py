"""Two organizers drawing the same round at once end with one draw (PostgreSQL row locks)."""

import threading

import pytest
from django.db import connection

from draws.actions import do_draw_round
from draws.stored import load_draw
from league.actions.registration import register_player
from league.models import Registration, Seat, Table
from tests.roundsupport import make_players, make_round, make_season, register

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite has none)"
    ),
]


def together(calls):
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # collected and asserted on below
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_draws_at_once_make_one_draw_and_both_see_it():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(10))
    results = together([lambda s=s: do_draw_round(round_, seed=s) for s in (1, 2, 3)])
    assert not [r for r in results if isinstance(r, Exception)]
    made = [r for r in results if r[1]]
    assert len(made) == 1
    assert all(r[0] == made[0][0] for r in results)
    assert Table.objects.count() == 2 and Seat.objects.count() == 8
    assert load_draw(round_).as_json() == made[0][0].as_json()


@pytest.mark.django_db(transaction=True)
def test_players_registering_at_once_are_all_registered_once():
    season = make_season()
    round_ = make_round(season)
    players = make_players(8, with_users=True)
    calls = [lambda p=p: register_player(round_, p, actor=p.user) for p in players]
    calls += [lambda p=p: register_player(round_, p, actor=p.user) for p in players[:4]]
    results = together(calls)
    assert not [r for r in results if isinstance(r, Exception)]
    assert Registration.objects.filter(round=round_).count() == 8
