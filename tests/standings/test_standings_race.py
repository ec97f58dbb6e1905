"""What is still possible as `standings --json` says it (FORMATS.md 5, RULES.md 3.1), read
from the database: the remaining rounds, null for rated open play, and the pure race."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from games.season_import import import_season
from league.models import Round, Season
from league.race import RemainingRound, season_race
from league.rules import LeagueRules
from standings.loader import season_standings
from standings.race import remaining_rounds, season_outlooks
from tests.league.factories import random_rounds_season, scores, season_file

pytestmark = pytest.mark.django_db


def standings_json(*args: str) -> dict:
    out = io.StringIO()
    call_command("standings", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_the_remaining_rounds_are_those_not_finished_with_their_dates():
    import_season(random_rounds_season(8, rounds=30, seed=2))
    season = Season.objects.get(slug="season-10")
    rules = LeagueRules.from_preset("whist-online-league")
    Round.objects.filter(season=season, number=30).update(status=Round.Status.IN_PLAY)
    remaining = remaining_rounds(season, rules)
    assert [r.number for r in remaining] == list(range(30, 35))
    assert remaining[0].date == Round.objects.get(season=season, number=30).date
    assert remaining[-1] == RemainingRound(34, None)  # not created yet


def test_a_finished_season_has_no_remaining_round():
    import_season(random_rounds_season(8, rounds=34, seed=3))
    season = Season.objects.get(slug="season-10")
    assert season.status == Season.Status.FINISHED
    assert remaining_rounds(season, LeagueRules.from_preset("whist-online-league")) == []


def test_standings_json_rows_carry_max_points_and_race_of_the_pure_race():
    import_season(random_rounds_season(12, rounds=28, seed=5))
    data = standings_json("season-10")
    table = season_standings(Season.objects.get(slug="season-10"))
    remaining = [RemainingRound(n, None) for n in range(29, 35)]
    outlooks = season_race(table.rules, table.tallies, remaining)
    names = {p.id: p.name for p in table.players.values()}
    expected = {names[o.player]: (float(o.max_points), o.race) for o in outlooks.values()}
    assert {r["player"]: (r["max_points"], r["race"]) for r in data["standings"]} == expected
    assert {r["race"] for r in data["standings"]} <= {"clinched", "open", "out"}


def test_a_finished_season_is_clinched_for_its_podium_and_out_for_everyone_else():
    import_season(random_rounds_season(12, rounds=34, seed=6))
    rows = standings_json("season-10")["standings"]
    final = {r["player"]: r["rank"] for r in standings_json("season-10", "--final")["standings"]}
    for row in rows:
        on_podium = final[row["player"]] is not None and final[row["player"]] <= 3
        assert row["race"] == ("clinched" if on_podium else "out")
        assert row["max_points"] == row["points"]


def test_rated_open_play_rows_say_nothing_of_the_race():
    games = [{"date": "2024-03-05", **scores(("A", 1), ("B", 2), ("C", 3), ("D", 4))}]
    import_season(season_file(slug="rated-2024", preset="whist-online-1200", games=games))
    rows = standings_json("rated-2024")["standings"]
    assert [(r["max_points"], r["race"]) for r in rows] == [(None, None)] * 4
    assert season_outlooks(season_standings(Season.objects.get(slug="rated-2024"))) is None


def test_final_standings_rows_are_as_they_were():
    import_season(random_rounds_season(8, rounds=20, seed=7))
    rows = standings_json("season-10", "--final")["standings"]
    assert not any("race" in row or "max_points" in row for row in rows)


def test_the_text_table_notes_a_place_1_3_clinched_or_out_of_reach():
    import_season(random_rounds_season(12, rounds=34, seed=6))
    out = io.StringIO()
    call_command("standings", "season-10", stdout=out)
    rows = standings_json("season-10")["standings"]
    lines = out.getvalue().splitlines()[2:]  # the title and the header first
    for row, line in zip(rows, lines, strict=True):
        assert row["player"] in line
        note = "1-3 clinched" if row["race"] == "clinched" else "1-3 out of reach"
        assert note in line
