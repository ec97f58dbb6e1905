"""Every result row records its game's facts (games.facts), whoever wrote it; they stay right."""

from __future__ import annotations

import importlib
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.actions import confirm_result, organizer_set_result, submit_result
from games.facts import refresh_facts, seat_facts
from games.models import Game, GameResult
from games.season_import import import_season
from league.rules import LeagueRules
from league.standings import gaps_from_average, placement_points
from standings.sql import levels
from tests.league.factories import random_rounds_season
from tests.roundsupport import make_organizer, make_players, make_round, make_season, seat_table

FACTS = ("season_id", "played", "round_number", "place", "tied", "gap")


def facts_of(game: Game) -> list[tuple]:
    return [tuple(getattr(r, f) for f in FACTS) for r in game.results.order_by("seat").iterator()]


def test_seat_facts_give_place_shared_places_and_gap_in_twelfths():
    facts = seat_facts([120, 80, 80, -10])
    assert [(f.place, f.tied, f.gap) for f in facts] == [
        (1, 1, 630),  # 120 - 67.5 = 52.5 = 630 / 12
        (2, 2, 150),
        (2, 2, 150),
        (4, 1, -930),
    ]


def test_seat_facts_of_a_three_player_game():
    facts = seat_facts([30, 30, -60])
    assert [(f.place, f.tied, f.gap) for f in facts] == [(1, 2, 360), (1, 2, 360), (3, 1, -720)]


@pytest.mark.parametrize("scores", [[], [10], [10, -10], [1, 2, 3, 4, 5]])
def test_seat_facts_are_empty_for_games_the_standings_do_not_count(scores):
    assert seat_facts(scores) == [None] * len(scores)


@given(
    st.lists(st.integers(-300, 300), min_size=3, max_size=4),
    st.sampled_from(["whist-online-league", "whist-online-1200"]),
)
def test_seat_facts_agree_with_the_pure_placement_points_and_gaps(scores, preset):
    rules = LeagueRules.from_preset(preset)
    points_of = {bucket: level.points for level in levels(rules) for bucket in level.buckets}
    facts = seat_facts(scores)
    points = placement_points(scores, rules.placement_values(len(scores)))
    gaps = gaps_from_average(scores)
    for fact, point, gap in zip(facts, points, gaps, strict=True):
        assert fact is not None
        assert points_of[(fact.place, fact.tied)] == point * 12
        assert fact.gap == gap * 12


@pytest.mark.django_db
def test_an_imported_season_records_every_results_facts():
    season = import_season(random_rounds_season(12, rounds=6, seed=3)).season
    game = Game.objects.filter(season=season, round__number=4).select_related("round").first()
    scores = list(game.results.order_by("seat").values_list("score", flat=True))
    expected = [(season.pk, game.date, 4, f.place, f.tied, f.gap) for f in seat_facts(scores) if f]
    assert facts_of(game) == expected
    assert refresh_facts(Game.objects.values_list("id", flat=True)) == 0


@pytest.mark.django_db
def test_entered_confirmed_and_organizer_results_record_their_facts():
    season = make_season()
    round_ = make_round(season)
    first = seat_table(round_, make_players(4, with_users=True))
    a, b = (s.player.user for s in first.seats.select_related("player__user").order_by("seat")[:2])
    version = submit_result(first, actor=a, scores=[50, 50, -20, 0])
    confirm_result(first, version.number, actor=b)
    game = Game.objects.get(table=first)
    assert [(place, tied) for *_, place, tied, _ in facts_of(game)] == [
        (1, 2),
        (1, 2),
        (4, 1),
        (3, 1),
    ]
    organizer_set_result(first, actor=make_organizer(season), scores=[10, 20, 30, 40])
    game = Game.objects.get(table=first)
    assert [row[3] for row in facts_of(game)] == [4, 3, 2, 1]
    assert {row[:3] for row in facts_of(game)} == {(season.pk, round_.date, round_.number)}
    assert refresh_facts([game.pk]) == 0


@pytest.mark.django_db
def test_refresh_result_facts_repairs_rows_edited_around_the_app():
    season = import_season(random_rounds_season(8, rounds=3, seed=5)).season
    GameResult.objects.filter(game__round__number=2).update(place=1, tied=1, gap=0)
    out = StringIO()
    call_command("refresh_result_facts", season.slug, stdout=out)
    assert out.getvalue().strip() == "checked 6 games: 8 result rows corrected"
    out = StringIO()
    call_command("refresh_result_facts", stdout=out)
    assert out.getvalue().strip() == "checked 6 games: 0 result rows corrected"


@pytest.mark.django_db
def test_refresh_result_facts_names_an_unknown_season():
    with pytest.raises(CommandError, match="there is no season 'nope'"):
        call_command("refresh_result_facts", "nope")


@pytest.mark.django_db
def test_the_migration_backfills_the_facts_of_existing_results():
    season = import_season(random_rounds_season(8, rounds=2, seed=7)).season
    before = {g.pk: facts_of(g) for g in Game.objects.filter(season=season)}
    GameResult.objects.update(
        season=None, played=None, round_number=0, place=None, tied=None, gap=None
    )
    migration = importlib.import_module("games.migrations.0003_result_facts")
    migration.backfill_facts(apps, None)
    assert {g.pk: facts_of(g) for g in Game.objects.filter(season=season)} == before


@pytest.mark.django_db
def test_an_admin_edit_of_a_score_refreshes_the_games_facts(admin_client):
    season = import_season(random_rounds_season(4, rounds=1, seed=1)).season
    game = Game.objects.get(season=season)
    result = game.results.order_by("seat").first()
    response = admin_client.post(
        reverse("admin:games_gameresult_change", args=[result.pk]),
        {"game": game.pk, "seat": result.seat, "player": result.player_id, "score": 10_000},
    )
    assert response.status_code == 302
    result.refresh_from_db()
    assert (result.place, result.tied) == (1, 1)
    assert refresh_facts([game.pk]) == 0


@pytest.mark.django_db
def test_an_admin_change_of_a_round_number_reaches_its_results(admin_client):
    season = import_season(random_rounds_season(4, rounds=1, seed=1)).season
    round_ = season.rounds.get()
    response = admin_client.post(
        reverse("admin:league_round_change", args=[round_.pk]),
        {
            "season": season.pk,
            "number": 9,
            "date": round_.date.isoformat(),
            "status": round_.status,
            "draw_method": round_.draw_method or "",
            "draw_seed": round_.draw_seed or "",
            "registrations-TOTAL_FORMS": 0,
            "registrations-INITIAL_FORMS": 0,
            "tables-TOTAL_FORMS": 0,
            "tables-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert set(GameResult.objects.values_list("round_number", flat=True)) == {9}


@pytest.mark.django_db
def test_an_admin_change_of_a_games_date_reaches_its_results(admin_client):
    season = import_season(random_rounds_season(4, rounds=1, seed=1)).season
    game = Game.objects.get(season=season)
    results = list(game.results.order_by("seat"))
    data = {
        "season": season.pk,
        "round": game.round_id,
        "table": game.table_id,
        "date": "2024-07-02",
        "status": game.status,
        "source": game.source,
        "rated": "on",
        "deals": "null",
        "results-TOTAL_FORMS": len(results),
        "results-INITIAL_FORMS": len(results),
    }
    for i, result in enumerate(results):
        data |= {
            f"results-{i}-id": result.pk,
            f"results-{i}-game": game.pk,
            f"results-{i}-seat": result.seat,
            f"results-{i}-player": result.player_id,
            f"results-{i}-score": result.score,
        }
    response = admin_client.post(reverse("admin:games_game_change", args=[game.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert {str(d) for d in GameResult.objects.values_list("played", flat=True)} == {"2024-07-02"}
