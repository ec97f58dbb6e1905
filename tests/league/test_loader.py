"""The standings loader and the `standings` command (FORMATS.md 5) over imported seasons."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from games.models import Game, GameResult
from games.season_import import import_season
from league.models import Season
from league.rules import LeagueRules
from league.standings import compute_standings, game_entries
from standings.loader import season_standings
from tests.league.factories import random_rounds_season, scores, season_file

pytestmark = pytest.mark.django_db


def standings_json(*args):
    out = io.StringIO()
    call_command("standings", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def two_rounds():
    return season_file(
        rounds=[
            {
                "number": 1,
                "date": "2024-06-30",
                "games": [scores(("Dana", 120), ("Eli", 80), ("Noa", 45), ("Omer", -10))],
            },
            {
                "number": 2,
                "date": "2024-07-03",
                "games": [scores(("Dana", 50), ("Eli", 50), ("Noa", 0), ("Omer", 100))],
            },
        ]
    )


def test_standings_json_follows_formats_5():
    import_season(two_rounds())
    data = standings_json("season-10")
    assert data["season"] == "season-10" and data["final"] is False
    rows = {row["player"]: row for row in data["standings"]}
    # Dana: 1st (6) then tied 2nd-3rd with Eli ((3 + 1) / 2 = 2); gap 61.25 + 0.
    assert rows["Dana"] == {
        "rank": 1,
        "player": "Dana",
        "points": 8.0,
        "gap": 61.25,
        "games": 2,
        "counted": 2,
        "dropped": 0,
        "eligible": False,
        "podium_eligible": False,
        # 32 rounds left, all won alone: 34 games, the 4 worst dropped (2 and three 6s)
        "max_points": 180.0,
        "race": "open",
    }
    assert [row["player"] for row in data["standings"]] == ["Dana", "Omer", "Eli", "Noa"]
    assert [row["rank"] for row in data["standings"]] == [1, 2, 3, 4]
    assert rows["Omer"]["points"] == 6.0 and rows["Omer"]["gap"] == -68.75 + 50


def test_final_standings_list_ineligible_players_unranked():
    import_season(two_rounds())
    data = standings_json("season-10", "--final")
    assert data["final"] is True
    assert {row["rank"] for row in data["standings"]} == {None}


def test_standings_of_a_full_season_match_the_pure_layer():
    data = random_rounds_season(12, seed=4)
    import_season(data)
    rules = LeagueRules.from_preset("whist-online-league")
    entries = [
        e
        for r in data["rounds"]
        for i, game in enumerate(r["games"])
        for e in game_entries(
            rules, (r["number"], i), list(game["scores"].items()), round_number=r["number"]
        )
    ]
    for final in (False, True):
        expected = compute_standings(rules, entries, final=final)
        got = standings_json("season-10", *(["--final"] if final else []))["standings"]
        if not final:  # in-season rows also say what is still possible (tests/league/test_race.py)
            assert all(row.pop("race") in ("clinched", "open", "out") for row in got)
            assert all(row.pop("max_points") >= row["points"] for row in got)
        assert got == [row.as_json(row.player) for row in expected]


def test_only_confirmed_games_of_the_season_count():
    import_season(two_rounds())
    import_season({**two_rounds(), "season": "season-11"})
    Game.objects.filter(season__slug="season-10", round__number=2).update(
        status=Game.Status.PENDING
    )
    rows = standings_json("season-10")["standings"]
    assert {row["games"] for row in rows} == {1}


def test_season_standings_gives_games_and_ranking_for_other_apps():
    import_season(two_rounds())
    standings = season_standings(Season.objects.get(slug="season-10"))
    names = [standings.players[p].name for p in standings.ranking()]
    assert names == ["Dana", "Omer", "Eli", "Noa"]
    dana = standings.row_for(standings.ranking()[0])
    assert dana is not None
    assert [standings.games[e.game].round for e in dana.entries] == [1, 2]
    assert [e.points for e in dana.entries] == [6, 2]


def test_rated_season_standings_use_the_final_month():
    games = []
    for i in range(30):
        month = 6 if i < 5 else 3
        date = f"2024-{month:02d}-{i % 28 + 1:02d}"
        games.append({"date": date, **scores(("A", 10), ("B", 5), ("C", 0), ("D", -5))})
    games.append({"date": "2024-03-01", **scores(("A", 1), ("B", 2), ("C", 3), ("E", 4))})
    import_season(season_file(slug="rated", preset="whist-online-1200", games=games))
    rows = standings_json("rated", "--final")["standings"]
    assert [(r["player"], r["rank"]) for r in rows][:4] == [("A", 1), ("B", 2), ("C", 3), ("D", 4)]
    assert rows[-1]["player"] == "E" and rows[-1]["rank"] is None
    assert rows[0]["dropped"] == 3 and rows[0]["games"] == 31


def test_standings_text_table_shows_players_and_markers():
    import_season(two_rounds())
    out = io.StringIO()
    call_command("standings", "season-10", stdout=out)
    text = out.getvalue()
    assert "Dana" in text and "below minimum" in text
    assert text.splitlines()[0].startswith("Whist Online League")


def test_standings_of_an_empty_season():
    import_season(season_file(rounds=[{"number": 1, "date": "2024-06-30", "games": []}]))
    assert standings_json("season-10")["standings"] == []


def test_unknown_season_is_an_error():
    with pytest.raises(CommandError, match="there is no season 'nope'") as error:
        call_command("standings", "nope")
    assert error.value.returncode == 1


@pytest.mark.parametrize("players", [40, 400])
def test_standings_take_one_query_whatever_the_season_size(players, django_assert_num_queries):
    season = import_season(random_rounds_season(players, seed=players)).season
    with django_assert_num_queries(1):
        standings = season_standings(season, final=True)
    assert len(standings.rows) == players
    assert sum(row.games for row in standings.rows) == players * 34


@pytest.mark.parametrize("players", [40, 400])
def test_standings_in_the_database_take_the_same_queries_whatever_the_season_size(
    players, django_assert_num_queries
):
    season = import_season(random_rounds_season(players, seed=players)).season
    # the games not confirmed, the totals by player and level, the dropped games (on
    # PostgreSQL read with the totals, between the planner settings of the index order, set
    # and put back)
    with django_assert_num_queries(4 if connection.vendor == "postgresql" else 3):
        standings = season_standings(season, final=True, details=False)
    assert len(standings.rows) == players
    assert sum(row.dropped for row in standings.rows) == players * 4  # 34 games: 4 dropped


def test_changing_rules_recomputes_standings_and_keeps_results():
    season = import_season(two_rounds()).season
    results = list(GameResult.objects.order_by("id").values_list("player_id", "score"))
    assert standings_json("season-10")["standings"][0]["points"] == 8.0
    rules = LeagueRules.from_dict(season.rules).to_dict()
    season.rules = {**rules, "placement_points": [10, 5, 2, 0], "min_games": 2}
    season.save()
    rows = standings_json("season-10")["standings"]
    assert rows[0] == {**rows[0], "player": "Dana", "points": 10 + 3.5, "eligible": True}
    assert list(GameResult.objects.order_by("id").values_list("player_id", "score")) == results


@pytest.mark.parametrize("details", [True, False])
def test_ranking_again_in_the_other_mode_matches_reading_the_season_again(
    details, django_assert_num_queries
):
    season = import_season(random_rounds_season(20, seed=4)).season
    in_season = season_standings(season, details=details)
    with django_assert_num_queries(0):
        final = in_season.ranked(final=True)
    assert final.final and final.rows == season_standings(season, final=True, details=details).rows
    assert final.ranked(final=False).rows == in_season.rows
