"""The results' tally kept by PostgreSQL's triggers (standings.tally) always equals a count of
the results, whoever writes them and however."""

import io
import json
import threading

import pytest
from django.core.management import call_command
from django.db import connection, connections, transaction
from hypothesis import given, settings
from hypothesis import strategies as st

from games.facts import refresh_facts
from games.models import Game, GameResult
from games.record import record_games
from games.season_import import import_season
from league.models import Player, Season
from league.signals import season_results_changed
from standings.loader import season_standings
from standings.tally import TALLY, Drift, drift, recount
from standings.tasks import check_tally
from tests.league.factories import random_rounds_season, scores, season_file

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the tally is kept by PostgreSQL's triggers"
    ),
    pytest.mark.django_db,
]

IN_STEP = Drift(0, ())


def tally_rows(season_id):
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT player_id, round_number, place, tied, games, gap FROM {TALLY} "
            "WHERE season_id = %s ORDER BY 1, 2, 3, 4",
            [season_id],
        )
        return cursor.fetchall()


def test_the_tally_counts_each_imported_result_by_round_and_bucket():
    season = import_season(random_rounds_season(12, seed=4)).season
    counted = {}
    for result in GameResult.objects.filter(season=season, place__isnull=False):
        key = (result.player_id, result.round_number, result.place, result.tied)
        games, gap = counted.get(key, (0, 0))
        counted[key] = (games + 1, gap + result.gap)
    assert tally_rows(season.pk) == [(*key, *counted[key]) for key in sorted(counted)]
    assert drift() == IN_STEP


def test_the_tally_follows_updated_facts_and_deleted_games():
    season = import_season(random_rounds_season(8, seed=6)).season
    games = list(Game.objects.filter(season=season).order_by("id"))
    GameResult.objects.filter(game=games[0]).update(score=0)  # every seat ties: facts stale
    assert drift() == IN_STEP  # an update that leaves the facts as they were changes nothing
    assert refresh_facts([games[0].pk]) == 4
    games[1].delete()
    GameResult.objects.filter(game=games[2]).update(place=None, tied=None, gap=None)
    assert drift() == IN_STEP


def test_a_season_deleted_leaves_no_tally():
    season = import_season(random_rounds_season(6, seed=2)).season
    assert tally_rows(season.pk)
    Season.objects.filter(pk=season.pk).delete()
    assert tally_rows(season.pk) == []
    assert drift() == IN_STEP


def test_a_truncate_of_the_results_empties_the_tally():
    season = import_season(random_rounds_season(6, seed=8)).season
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no checks left pending: TRUNCATE may run
        cursor.execute(f"TRUNCATE {GameResult._meta.db_table}")
    assert tally_rows(season.pk) == []
    assert drift() == IN_STEP


def test_recount_repairs_a_tally_changed_behind_its_triggers():
    season = import_season(random_rounds_season(6, seed=9)).season
    before = tally_rows(season.pk)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {TALLY} SET games = games + 1 WHERE season_id = %s", [season.pk])
        cursor.execute(f"DELETE FROM {TALLY} WHERE ctid IN (SELECT ctid FROM {TALLY} LIMIT 1)")
    found = drift()
    assert found is not None and found.keys == len(before) and found.seasons == (season.pk,)
    recount()
    assert tally_rows(season.pk) == before
    assert drift() == IN_STEP


def test_the_standings_take_away_the_games_not_confirmed():
    data = season_file(
        rules={"remainder": "three-player"},
        rounds=[
            {"number": 1, "date": "2024-06-30", "games": [scores(("A", 30), ("B", 10), ("C", 0))]},
            {"number": 2, "date": "2024-07-03", "games": [scores(("A", 0), ("B", 10), ("C", 30))]},
        ],
    )
    season = import_season(data).season
    Game.objects.filter(season=season, round__number=2).update(status=Game.Status.DISPUTED)
    standings = season_standings(season, details=False)
    games = {standings.players[row.player].name: row.games for row in standings.rows}
    assert games == {"A": 1, "B": 1, "C": 1}
    Game.objects.filter(season=season).update(status=Game.Status.DISPUTED)
    assert season_standings(season, details=False).rows == ()  # nobody has a counted game


# One step of a writer: (what, which game or season, a number for the scores).
STEP = st.tuples(
    st.sampled_from(["record", "rescore", "delete", "void", "move", "drop_season"]),
    st.integers(0, 30),
    st.integers(-3, 3),
)


EXAMPLES = iter(range(10**6))


@settings(max_examples=25, deadline=None)
@given(st.lists(STEP, min_size=1, max_size=12))
def test_the_tally_equals_a_count_of_the_results_after_any_writes(steps):
    example = next(EXAMPLES)  # the examples share the test's transaction: names must differ
    seasons = [
        import_season(season_file(slug=f"tally-{i}-{example}", rounds=[])).season for i in range(2)
    ]
    players = [
        Player.objects.create(name=f"T{i}-{example}", slug=f"t{i}-{example}") for i in range(5)
    ]
    for what, which, shift in steps:
        games = list(Game.objects.filter(season__in=seasons).order_by("id"))
        game = games[which % len(games)] if games else None
        season = seasons[which % 2]
        if what == "record" or game is None:
            seated = [players[(which + k) % 5] for k in range(3 + which % 2)]
            new = Game(season=season, date="2024-07-01", status=Game.Status.CONFIRMED)
            record_games([(new, [(k, p, 10 * ((k + shift) % 3)) for k, p in enumerate(seated)])])
        elif what == "rescore":
            GameResult.objects.filter(game=game, seat=0).update(score=100 + shift)
            refresh_facts([game.pk])
        elif what == "delete":
            game.delete()
        elif what == "void":  # a raw write that no app code makes: the triggers still count it
            GameResult.objects.filter(game=game).update(place=None, tied=None, gap=None)
        elif what == "move":  # the game moved to the other season, its facts rewritten
            Game.objects.filter(pk=game.pk).update(season=seasons[(which + 1) % 2])
            refresh_facts([game.pk])
        else:
            Game.objects.filter(season=season).delete()
        assert drift() == IN_STEP


@pytest.mark.django_db(transaction=True)
def test_writers_at_once_are_all_counted():
    season = import_season(season_file(slug="tally-at-once", rounds=[])).season
    players = [Player.objects.create(name=f"W{i}", slug=f"w{i}") for i in range(4)]
    start = threading.Barrier(4)
    failures = []

    def write(shift):
        try:
            start.wait()
            for _ in range(5):
                with transaction.atomic():  # the same players' buckets, from every thread
                    new = Game(season=season, date="2024-07-01", status=Game.Status.CONFIRMED)
                    record_games([(new, [(k, p, 10 * k + shift) for k, p in enumerate(players)])])
        except Exception as error:  # reported below, in the test's thread
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(shift,)) for shift in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert sum(row[4] for row in tally_rows(season.pk)) == 4 * 5 * 4
    assert drift() == IN_STEP


def test_the_weekly_check_finds_nothing_when_the_tally_is_in_step():
    import_season(random_rounds_season(4, seed=12))
    assert check_tally.delay().get() == {"keys": 0, "seasons": ()}


def test_the_weekly_check_counts_again_and_republishes_a_season_that_drifted(
    django_capture_on_commit_callbacks, caplog
):
    season = import_season(random_rounds_season(4, seed=13)).season
    before = tally_rows(season.pk)
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {TALLY} WHERE season_id = %s", [season.pk])
    announced = []

    def heard(sender, season_id, **kwargs):
        announced.append(season_id)

    season_results_changed.connect(heard)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            found = check_tally.delay().get()
    finally:
        season_results_changed.disconnect(heard)
    assert found == {"keys": len(before), "seasons": (season.pk,)}
    assert tally_rows(season.pk) == before
    assert season.pk in announced
    assert "standings tally differed" in caplog.text


def run_check(*args):
    out = io.StringIO()
    try:
        call_command("check_tally", *args, stdout=out)
        code = 0
    except SystemExit as stop:
        code = stop.code
    return code, json.loads(out.getvalue())


def test_the_check_command_reports_a_tally_in_step():
    import_season(random_rounds_season(4, seed=14))
    assert run_check() == (0, {"kept": True, "keys": 0, "seasons": [], "repaired": False})


def test_the_check_command_exits_1_on_drift_and_repairs_it_when_asked():
    season = import_season(random_rounds_season(4, seed=15)).season
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {TALLY} SET gap = gap + 12 WHERE season_id = %s", [season.pk])
    keys = len(tally_rows(season.pk))
    assert run_check() == (
        1,
        {"kept": True, "keys": keys, "seasons": [season.pk], "repaired": False},
    )
    assert run_check("--repair") == (
        0,
        {"kept": True, "keys": keys, "seasons": [season.pk], "repaired": True},
    )
    assert run_check() == (0, {"kept": True, "keys": 0, "seasons": [], "repaired": False})
