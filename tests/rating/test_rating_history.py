"""Stored rating history: incremental updates, late and edited games, full recompute."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game, GameResult
from rating.actions import Point, current_ratings, do_apply_ratings, stale_point
from rating.models import RatingChange
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 1, 4)


def history() -> list[tuple[int, int, float, float]]:
    return list(
        RatingChange.objects.order_by("played_on", "game_id", "player_id").values_list(
            "game_id", "player_id", "before", "after"
        )
    )


def play(day: int, scores: dict[str, int], **kwargs: object) -> Game:
    return f.game(None, scores, date=DAY + dt.timedelta(days=day), **kwargs)


def test_every_rated_game_stores_before_and_after_per_player():
    game = play(0, {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10})
    assert do_apply_ratings() == 1
    changes = {c.player.name: c for c in RatingChange.objects.filter(game=game)}
    assert changes["Dana"].before == 1000 and changes["Dana"].after == pytest.approx(1016)
    assert changes["Omer"].after == pytest.approx(984)
    assert changes["Dana"].played_on == game.date


def test_incremental_updates_equal_a_full_recompute():
    for day in range(6):
        play(day, {"Dana": 100 - day * 30, "Eli": 10 * day, "Noa": 45, "Omer": -10 + day})
        do_apply_ratings()
    incremental = history()
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert history() == incremental


def test_a_late_game_is_replayed_in_played_order():
    play(5, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    do_apply_ratings()
    play(1, {"Dana": -50, "Eli": 0, "Noa": 50, "Omer": 100})  # entered later, played earlier
    assert do_apply_ratings() == 2
    incremental = history()
    do_apply_ratings(full=True)
    assert history() == incremental
    assert incremental[0][2] == 1000.0  # the earlier-played game starts from 1000


def test_an_edited_score_replays_from_that_game():
    first = play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    play(1, {"Dana": 10, "Eli": 20, "Noa": 30, "Omer": 40})
    do_apply_ratings()
    GameResult.objects.filter(game=first, player__name="Dana").update(score=-100)
    assert do_apply_ratings() == 2
    dana = RatingChange.objects.get(game=first, player__name="Dana")
    assert dana.after < 1000


def test_unrated_and_unconfirmed_games_do_not_change_ratings():
    play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50}, rated=False)
    play(1, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50}, status=Game.Status.PENDING)
    assert do_apply_ratings() == 0
    assert RatingChange.objects.count() == 0


def test_a_disputed_game_loses_its_rating_changes():
    game = play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    do_apply_ratings()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.DISPUTED)
    do_apply_ratings()
    assert RatingChange.objects.count() == 0


def test_applying_twice_is_a_no_op():
    play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    do_apply_ratings()
    before = history()
    assert do_apply_ratings() == 0
    assert history() == before


def test_current_rating_is_the_last_after_or_1000():
    play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    do_apply_ratings()
    tal = f.player("Tal")
    dana = f.player("Dana")
    ratings = current_ratings([dana.pk, tal.pk])
    assert ratings[tal.pk] == 1000.0 and ratings[dana.pk] == pytest.approx(1016)


PLAYERS = ["Dana", "Eli", "Noa", "Omer", "Tal", "Yael"]
game_specs = st.lists(
    st.tuples(
        st.integers(0, 20),  # day played
        st.permutations(PLAYERS).map(lambda names: names[:4]),
        st.lists(st.integers(-100, 150), min_size=4, max_size=4),
    ),
    min_size=1,
    max_size=8,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(specs=game_specs, data=st.data())
def test_games_arriving_in_any_order_give_the_numbers_of_a_full_recompute(specs, data):
    Game.objects.all().delete()
    order = data.draw(st.permutations(range(len(specs))))
    for index in order:  # entered in arrival order, each followed by the incremental update
        day, names, scores = specs[index]
        play(day, dict(zip(names, scores, strict=True)))
        do_apply_ratings()
    incremental = history()
    do_apply_ratings(full=True)
    assert history() == incremental
    assert len(incremental) == 4 * len(specs)


def test_a_deleted_game_breaks_the_chain_where_the_next_game_of_its_players_starts():
    first = play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    play(1, {"Tal": 10, "Yael": 20, "Noa": 30, "Omer": 40})  # Noa and Omer played the first
    third = play(2, {"Tal": 10, "Yael": 20, "Dana": 30, "Eli": 40})
    do_apply_ratings()
    assert stale_point() is None
    first.delete()  # its changes go with it; nobody forgets the later history by hand
    second = Game.objects.exclude(pk=third.pk).get()
    assert stale_point() == Point(second.date, second.pk)


def test_a_deleted_game_replays_the_games_after_it():
    first = play(0, {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50})
    play(1, {"Dana": 10, "Eli": 20, "Noa": 30, "Omer": 40})
    do_apply_ratings()
    first.delete()
    do_apply_ratings()
    incremental = history()
    assert incremental[0][2] == 1000.0  # the remaining game now starts from 1000
    do_apply_ratings(full=True)
    assert history() == incremental


@pytest.mark.django_db(transaction=True)
def test_an_imported_season_is_rated_without_waiting_for_the_sweep():
    from games.season_import import import_season

    import_season(
        {
            "league": "Import League",
            "season": "imported",
            "preset": "whist-online-league",
            "start": "2024-06-30",
            "end": "2024-10-27",
            "rounds": [
                {
                    "number": 1,
                    "date": "2024-06-30",
                    "games": [{"scores": {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10}}],
                }
            ],
            "games": [],
        }
    )
    changes = RatingChange.objects.filter(game__season__slug="imported")
    assert changes.count() == 4
    assert changes.get(player__name="Dana").after > 1000 > changes.get(player__name="Omer").after
