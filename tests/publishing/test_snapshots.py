"""The published snapshot: standings rows, rounds, race chart, texts, idempotent publishing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from league.models import DrawRecord
from publishing.actions import do_publish_season
from publishing.models import SeasonSnapshot
from publishing.snapshots import build_snapshot_data, latest_snapshot
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

SUNDAY = dt.date(2026, 9, 6)
WEDNESDAY = dt.date(2026, 9, 9)


@pytest.fixture
def season_with_two_rounds():
    season = f.season()
    first = f.round_(season, 1, SUNDAY, status="finished", draw_method="random", draw_seed=42)
    f.register(first, ["Dana", "Eli", "Noa", "Omer", "Tal"])
    f.table_game(season, first, 1, {"Dana": 120, "Eli": 80, "Noa": 80, "Omer": -10})
    second = f.round_(season, 2, WEDNESDAY, status="finished", draw_method="ranking")
    f.register(second, ["Dana", "Eli", "Noa", "Omer"])
    f.table_game(season, second, 1, {"Eli": 50, "Dana": 40, "Noa": 30, "Omer": 20})
    return season


def test_snapshot_standings_rows_follow_formats_5_with_slug_markers_and_games(
    season_with_two_rounds,
):
    data = build_snapshot_data(season_with_two_rounds)
    top = data["standings"][0]
    assert top["player"] == "Dana" and top["player_slug"] == "dana"
    assert top["rank"] == 1
    assert top["points"] == 9.0  # 6 (first) + 3 (second)
    assert top["games"] == 2 and top["counted"] == 2 and top["dropped"] == 0
    assert top["markers"] == ["below_minimum"]  # 2 games < 17
    assert len(top["counted_game_ids"]) == 2 and top["dropped_game_ids"] == []
    assert [row["player"] for row in data["standings"]] == ["Dana", "Eli", "Noa", "Omer"]
    assert all(row["rank"] is None for row in data["final_standings"])


def test_snapshot_round_results_have_placements_points_and_gap(season_with_two_rounds):
    data = build_snapshot_data(season_with_two_rounds)
    first = data["rounds"][0]
    results = {r["player"]: r for r in first["results"][0]["results"]}
    assert results["Dana"]["placement"] == 1
    assert results["Eli"]["placement"] == 2 and results["Noa"]["placement"] == 2
    assert results["Eli"]["points"] == 2.0  # shared (3 + 1) / 2
    assert results["Dana"]["gap"] == 52.5  # 120 - 270 / 4
    assert first["results"][0]["table"] == 1 and first["results"][0]["round"] == 1


def test_snapshot_draw_lists_tables_reserves_and_seed(season_with_two_rounds):
    data = build_snapshot_data(season_with_two_rounds)
    draw = data["rounds"][0]["draw"]
    assert draw["method"] == "random" and draw["seed"] == 42
    assert [p["player"] for p in draw["tables"][0]["players"]] == ["Dana", "Eli", "Noa", "Omer"]
    assert draw["reserves"] == [{"player": "Tal", "player_slug": "tal"}]


def test_snapshot_race_chart_is_cumulative_points_per_round(season_with_two_rounds):
    race = build_snapshot_data(season_with_two_rounds)["race"]
    assert race["labels"] == ["1", "2"]
    series = {s["player"]: s["points"] for s in race["series"]}
    assert series["Dana"] == [6.0, 9.0]
    assert series["Eli"] == [2.0, 8.0]


def recorded(round_, **fields):
    """The draw record a round drawn by the app has (draws.stored)."""
    return DrawRecord.objects.create(
        round=round_, number=1, method=round_.draw_method, recipe="sha256-v1",
        seed=round_.draw_seed, drawn_at=timezone.now(), **fields,
    )  # fmt: skip


def test_snapshot_messages_have_draw_and_results_text(season_with_two_rounds):
    recorded(season_with_two_rounds.rounds.get(number=1))
    texts = build_snapshot_data(season_with_two_rounds)["messages"]["en"]["rounds"]["1"]
    assert "Table 1: Dana, Eli, Noa, Omer" in texts["draw"]
    assert "Reserves: Tal" in texts["draw"]
    assert "Random draw (seed 42)." in texts["draw"]
    assert "Check the draw: /seasons/season-10/rounds/1/draw-check/" in texts["draw"]
    assert "manage.py" not in texts["draw"]
    assert "Dana 120 (6)" in texts["results"]
    assert "1. Dana 6 pts" in texts["results"]


def test_a_draw_not_recorded_has_no_check_link_in_its_text(season_with_two_rounds):
    data = build_snapshot_data(season_with_two_rounds)  # imported rounds: no draw record
    texts = data["messages"]["en"]["rounds"]["1"]
    assert "Random draw (seed 42)." in texts["draw"]
    assert "draw-check" not in texts["draw"]


def test_publishing_twice_with_same_inputs_stores_one_snapshot(season_with_two_rounds):
    first = do_publish_season(season_with_two_rounds.pk)
    assert first is not None and first.version == 1
    assert do_publish_season(season_with_two_rounds.pk) is None
    assert SeasonSnapshot.objects.count() == 1
    assert latest_snapshot(season_with_two_rounds) == first


def test_publishing_after_a_new_result_stores_the_next_version(season_with_two_rounds):
    do_publish_season(season_with_two_rounds.pk)
    third = f.round_(season_with_two_rounds, 3, dt.date(2026, 9, 13))
    f.table_game(season_with_two_rounds, third, 1, {"Noa": 90, "Omer": 10, "Dana": 0, "Eli": -5})
    snapshot = do_publish_season(season_with_two_rounds.pk)
    assert snapshot is not None and snapshot.version == 2
    assert latest_snapshot(season_with_two_rounds).version == 2


def test_latest_snapshot_is_none_before_the_first_publish():
    assert latest_snapshot(f.season()) is None


def test_build_snapshot_takes_a_constant_number_of_queries(
    season_with_two_rounds, django_assert_max_num_queries
):
    bigger = f.season(slug="season-11")
    names = [f"P{i}" for i in range(12)]
    for number in range(1, 5):
        round_ = f.round_(bigger, number, SUNDAY + dt.timedelta(days=7 * number))
        f.register(round_, [*names, "Reserve"])
        for table in range(3):
            group = names[(table * 4 + number) % 12 :] + names[: (table * 4 + number) % 12]
            f.table_game(
                bigger, round_, table + 1, dict(zip(group[:4], [40, 30, 20, 10], strict=True))
            )
    for season in (season_with_two_rounds, bigger):
        loaded = type(season).objects.select_related("league").get(pk=season.pk)
        # 8: the deal statistics read the games' deal records in one more query (issue 18).
        with django_assert_max_num_queries(8):
            build_snapshot_data(loaded)


def test_round_results_text_shows_the_table_after_that_round(season_with_two_rounds):
    data = build_snapshot_data(season_with_two_rounds)
    assert data["rounds"][0]["standings_after"][0]["points"] == 6.0
    assert data["race"]["positions"]["eli"] == [2, 2]
    assert data["race"]["positions"]["dana"] == [1, 1]


def test_published_table_matches_a_fresh_recompute(season_with_two_rounds):
    from standings.loader import season_standings

    snapshot = do_publish_season(season_with_two_rounds.pk)
    fresh = season_standings(season_with_two_rounds).as_json()["standings"]
    fields = list(fresh[0])
    assert [{k: row[k] for k in fields} for row in snapshot.data["standings"]] == fresh
    final = season_standings(season_with_two_rounds, final=True).as_json()["standings"]
    assert [{k: row[k] for k in fields} for row in snapshot.data["final_standings"]] == final


def test_rated_league_snapshot_lists_dated_games_and_a_monthly_race():
    season = f.season(
        slug="1200-2026",
        rules_preset="whist-online-1200",
        start=dt.date(2026, 1, 1),
        end=dt.date(2026, 7, 1),
        league_name="Whist Online 1200+",
    )
    f.game(season, {"Dana": 50, "Eli": 40, "Noa": 30, "Omer": 20}, date=dt.date(2026, 1, 5))
    f.game(season, {"Dana": 10, "Eli": 40, "Noa": 30, "Omer": 20}, date=dt.date(2026, 2, 5))
    data = build_snapshot_data(season)
    assert data["season"]["kind"] == "rated"
    assert [g["date"] for g in data["games"]] == ["2026-01-05", "2026-02-05"]
    assert data["rounds"] == []
    assert data["race"]["labels"] == ["2026-01", "2026-02"]
    dana = next(s for s in data["race"]["series"] if s["player"] == "Dana")
    assert dana["points"] == [7.0, 7.0]  # 7-3-1-0: first, then last
    assert data["standings"][0]["markers"] == ["below_minimum"]  # 30 games needed
