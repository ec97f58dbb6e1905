"""Public reads: every endpoint answers anonymously, 404s in the API's shape, constant queries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from draws.actions import do_draw_round, publish_draw
from games.season_import import import_season
from league.actions.players import get_or_create_players
from league.actions.registration import register_players
from league.models import Round, Season
from publishing.actions import do_publish_season as publish_season
from rating.tasks import update_ratings
from tests.api.conftest import rounds_season_file

pytestmark = pytest.mark.django_db


def played_season(games_per_round: int, slug: str = "played") -> Season:
    """A season whose rounds 1-3 each have `games_per_round` games of distinct players."""
    rounds = []
    for number, date in enumerate(["2024-06-30", "2024-07-03", "2024-07-07"], 1):
        games = [
            {"scores": {f"R{number}T{t}S{s}": 100 - 10 * s for s in range(4)}}
            for t in range(games_per_round)
        ]
        rounds.append({"number": number, "date": date, "games": games})
    file = rounds_season_file(slug)
    file["league"] = f"League {slug}"
    file["rounds"] = [*rounds, {"number": 4, "date": "2024-07-10", "games": []}]
    return import_season(file).season


def drawn_round(season: Season, players: int, *, published: bool = True) -> Round:
    round_ = Round.objects.get(season=season, number=4)
    names = [f"{season.slug} D{i}" for i in range(players)]
    register_players(round_, list(get_or_create_players(names).values()))
    do_draw_round(round_, seed=5)
    if published:
        publish_draw(round_)
    return round_


def queries(call: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = call()
    assert response.status_code == 200, response.content
    return len(captured.captured_queries)


def test_leagues_list_and_detail(anon, season):
    listing = anon.get("/api/v1/leagues/").json()
    assert listing["count"] == 1
    assert listing["results"][0]["slug"] == season.league.slug
    detail = anon.get(f"/api/v1/leagues/{season.league.slug}/").json()
    assert detail == {
        "slug": season.league.slug,
        "name": "Whist Online League",
        "timezone": "Asia/Jerusalem",
    }


def test_seasons_list_filters_by_league_and_detail_shows_rules(anon, season, rated_season):
    everyone = anon.get("/api/v1/seasons/").json()
    assert {s["slug"] for s in everyone["results"]} == {"season-10", "rated-2024"}
    only = anon.get(f"/api/v1/seasons/?league={rated_season.league.slug}").json()
    assert [s["slug"] for s in only["results"]] == ["rated-2024"]
    detail = anon.get("/api/v1/seasons/season-10/").json()
    assert detail["rules"]["deals_per_game"] == 28
    assert detail["league"] == season.league.slug


def test_rounds_show_registrations_and_the_draw_with_its_seed(anon, season):
    round_ = drawn_round(season, 9)
    data = anon.get(f"/api/v1/seasons/{season.slug}/rounds/4/").json()
    assert data["number"] == 4
    assert data["status"] == "drawn"
    assert len(data["registered"]) == 9
    draw = data["draw"]
    assert draw["method"] == round_.draw_method
    assert draw["seed"] == 5 or draw["method"] == "ranking"
    assert [len(t["players"]) for t in draw["tables"]] == [4, 4]
    assert [s["seat"] for s in draw["tables"][0]["players"]] == [0, 1, 2, 3]
    assert len(draw["reserves"]) == 1
    listing = anon.get(f"/api/v1/seasons/{season.slug}/rounds/").json()
    assert [r["number"] for r in listing["results"]] == [1, 2, 3, 4]
    assert listing["results"][0]["draw"] is None


def test_a_draw_is_public_only_once_published(anon, platform, organizer_client, season):
    round_ = drawn_round(season, 8, published=False)
    address = f"/api/v1/seasons/{season.slug}/rounds/4/"
    assert anon.get(address).json()["draw"] is None
    assert platform.get(address).json()["draw"] is None
    listed = organizer_client.get(f"/api/v1/seasons/{season.slug}/rounds/").json()["results"]
    assert listed[3]["draw"]["seed"] == 5
    assert organizer_client.get(address).json()["draw"]["published_at"] is None
    publish_draw(round_)
    assert anon.get(address).json()["draw"]["published_at"] is not None


def test_standings_come_from_the_published_snapshot(anon):
    season = played_season(2)
    before = anon.get(f"/api/v1/seasons/{season.slug}/standings/").json()
    assert before == {"season": season.slug, "final": False, "published_at": None, "standings": []}
    publish_season(season.pk)
    after = anon.get(f"/api/v1/seasons/{season.slug}/standings/").json()
    assert after["published_at"] is not None
    assert len(after["standings"]) == 24
    assert after["standings"][0]["points"] == 6.0
    final = anon.get(f"/api/v1/seasons/{season.slug}/standings/?final=true").json()
    assert final["final"] is True
    assert all(row["rank"] is None for row in final["standings"])  # nobody has 17 games


def test_players_list_and_detail(anon):
    played_season(1)
    listing = anon.get("/api/v1/players/").json()
    assert listing["count"] == 12
    slug = listing["results"][0]["slug"]
    assert anon.get(f"/api/v1/players/{slug}/").json()["slug"] == slug


def test_games_list_filters_and_detail(anon):
    season = played_season(2)
    games = anon.get(f"/api/v1/games/?season={season.slug}").json()
    assert games["count"] == 6
    player = games["results"][0]["results"][0]["player"]["slug"]
    mine = anon.get(f"/api/v1/games/?player={player}").json()
    assert mine["count"] == 1
    assert anon.get(f"/api/v1/games/?league={season.league.slug}").json()["count"] == 6
    detail = anon.get(f"/api/v1/games/{games['results'][0]['id']}/").json()
    assert detail["round"] == 1
    assert "deals" in detail


def test_lists_are_paginated(anon):
    played_season(2)
    page = anon.get("/api/v1/players/?limit=5&offset=5").json()
    assert page["count"] == 24
    assert len(page["results"]) == 5
    assert page["next"] and page["previous"]


@pytest.mark.parametrize(
    "address",
    [
        "/api/v1/leagues/nope/",
        "/api/v1/seasons/nope/",
        "/api/v1/seasons/nope/rounds/",
        "/api/v1/seasons/season-10/rounds/99/",
        "/api/v1/seasons/nope/standings/",
        "/api/v1/players/nope/",
        "/api/v1/games/999999/",
    ],
)
def test_unknown_objects_are_404_in_the_api_error_shape(anon, season, address):
    response = anon.get(address)
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_reads_are_open_to_tokens_too(platform, season):
    assert platform.get("/api/v1/seasons/").status_code == 200


def test_write_methods_on_read_endpoints_are_405(platform, season):
    response = platform.post("/api/v1/leagues/", {}, format="json")
    assert response.status_code == 405
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


# Constant query counts: the same number of queries for a small and a large season.


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("/api/v1/leagues/", 2),
        ("/api/v1/seasons/", 2),
        ("/api/v1/players/", 2),
        ("/api/v1/games/", 3),
        ("/api/v1/games/?season={season}", 3),
        ("/api/v1/seasons/{season}/rounds/", 6),
        ("/api/v1/seasons/{season}/rounds/4/", 4),
        ("/api/v1/seasons/{season}/standings/", 2),
    ],
)
def test_read_query_count_does_not_grow_with_the_season(anon, address, expected):
    small = played_season(1, "small")
    drawn_round(small, 5)
    publish_season(small.pk)
    large = played_season(10, "large")
    drawn_round(large, 23)
    publish_season(large.pk)
    counts = [queries(lambda s=s: anon.get(address.format(season=s.slug))) for s in (small, large)]
    assert counts == [expected, expected]


def test_game_detail_query_count(anon, django_assert_num_queries):
    season = played_season(1)
    game_id = anon.get(f"/api/v1/games/?season={season.slug}").json()["results"][0]["id"]
    with django_assert_num_queries(2):
        anon.get(f"/api/v1/games/{game_id}/")


@pytest.mark.parametrize("address", ["/api/v1/nothing/", "/api/v2/games/", "/api/v1/games/x/"])
def test_unknown_api_addresses_are_404_in_the_api_error_shape(anon, address):
    for method in (anon.get, anon.post):
        response = method(address)
        assert response.status_code == 404
        assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize("path", ["/api/v1/games/", "/api/v1/seasons/"])
@pytest.mark.parametrize("value", ["a b", "semi;colon"])
def test_a_filter_that_is_not_a_slug_is_refused_naming_it(anon, path, value):
    response = anon.get(path, {"league": value})
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "malformed",
            "path": "league",
            "message": "is not a slug: use letters, digits, hyphens and underscores only",
        }
    ]


@pytest.mark.parametrize("path", ["/api/v1/games/", "/api/v1/seasons/"])
def test_a_filter_with_a_nul_byte_is_refused_as_invalid_text_naming_it(anon, path):
    response = anon.get(path, {"league": "bad\x00slug"})
    assert response.status_code == 400
    (problem,) = response.json()["errors"]
    assert (problem["code"], problem["path"]) == ("invalid_text", "league")


def test_rating_list_is_the_published_list_in_one_query(anon, django_assert_num_queries):
    """Three games of four new players each (scores 100, 90, 80, 70): in each, from 1000,
    +16, +5.3, -5.3 and -16 (RULES.md 3.3, K/(N-1) = 32/3); equal ratings share a rank."""
    assert anon.get("/api/v1/ratings/").json()["ratings"] == []
    played_season(1)
    update_ratings()
    with django_assert_num_queries(1):
        body = anon.get("/api/v1/ratings/").json()
    assert body["thresholds"] == [1200]
    assert body["formula"] == {"k": 32.0, "start": 1000.0, "days": 30}
    assert [(r["rank"], r["player"], r["rating"], r["games"]) for r in body["ratings"]] == [
        (rank, f"R{number}T0S{seat}", rating, 1)
        for seat, (rank, rating) in enumerate([(1, 1016.0), (4, 1005.3), (7, 994.7), (10, 984.0)])
        for number in (1, 2, 3)
    ]
    assert body["ratings"][0]["reached"] == [None]
