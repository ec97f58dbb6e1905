"""POST /api/v1/games/: a platform submits a finished game by scores or by its full record."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api.models import PlatformPlayer
from draws.actions import do_draw_round, publish_draw
from games.actions import organizer_set_result, submit_result
from games.finish import finish_round
from games.models import Game, GameResult, ResultVersion
from league.actions.registration import register_players
from league.models import Player, Round, Season
from league.signals import game_confirmed, season_results_changed
from scoring import get_preset, score_game
from scoring.generate import random_game
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

SUBMIT = "/api/v1/games/"
NAMES = ["Dana", "Eli", "Noa", "Omer"]


def body(game_id: str = "g-1", **changes: Any) -> dict[str, Any]:
    """A valid submission by scores for round 1 of season-10."""
    payload: dict[str, Any] = {
        "game_id": game_id,
        "season": "season-10",
        "date": "2024-06-30",
        "players": [{"name": n} for n in NAMES],
        "scores": [120, 80, 45, -10],
    }
    payload.update(changes)
    return {k: v for k, v in payload.items() if v is not None}


def record(seed: int = 1, deals: int = 28) -> dict[str, Any]:
    return random_game(seed, get_preset("whist-online"), deals=deals, players=tuple(NAMES))


def codes(response: Any) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def test_submit_scores_stores_a_confirmed_api_game(platform, season):
    response = platform.post(SUBMIT, body(), format="json")
    assert response.status_code == 201, response.json()
    game = Game.objects.get()
    assert (game.source, game.status, game.season, game.round.number) == (
        "api",
        "confirmed",
        season,
        1,
    )
    assert [(r.seat, r.player.name, r.score) for r in game.results.order_by("seat")] == [
        (0, "Dana", 120),
        (1, "Eli", 80),
        (2, "Noa", 45),
        (3, "Omer", -10),
    ]
    data = response.json()
    assert data["id"] == game.pk
    assert [r["placement"] for r in data["results"]] == [1, 2, 3, 4]


def test_submit_full_record_is_scored_by_the_rules_engine(platform, season):
    game_record = record(seed=7)
    response = platform.post(SUBMIT, body(scores=None, record=game_record), format="json")
    assert response.status_code == 201, response.json()
    expected = score_game(game_record["deals"], get_preset("whist-online")).totals
    assert [r["score"] for r in response.json()["results"]] == list(expected)
    assert Game.objects.get().deals == game_record["deals"]


def test_record_players_are_used_when_players_are_not_sent(platform, season):
    response = platform.post(
        SUBMIT, body(players=None, scores=None, record=record(seed=3)), format="json"
    )
    assert response.status_code == 201, response.json()
    assert [r["player"]["name"] for r in response.json()["results"]] == NAMES


def test_scores_and_record_together_must_agree(platform, season):
    game_record = record(seed=5)
    totals = list(score_game(game_record["deals"], get_preset("whist-online")).totals)
    wrong = [totals[0] + 1, *totals[1:]]
    response = platform.post(SUBMIT, body(scores=wrong, record=game_record), format="json")
    assert response.status_code == 400
    assert codes(response) == ["scores_mismatch"]
    response = platform.post(SUBMIT, body(scores=totals, record=game_record), format="json")
    assert response.status_code == 201


def test_invalid_record_answers_the_engines_errors_with_paths(platform, season):
    game_record = record(seed=2)
    game_record["deals"][3]["contracts"] = [3, 3, 3, 4]  # totals 13
    game_record["deals"][5]["hands"][0][0] = "ZZ"
    response = platform.post(SUBMIT, body(scores=None, record=game_record), format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"code": "contracts_total_13"}.items() <= next(
        e for e in errors if e["path"].startswith("record.deals[3]")
    ).items()
    assert any(
        e["code"] == "unknown_card" and e["path"].startswith("record.deals[5].hands[0]")
        for e in errors
    )
    assert all(e["message"] for e in errors)
    assert not Game.objects.exists()


def test_record_deal_count_must_equal_the_leagues_deals_per_game(platform, season):
    response = platform.post(SUBMIT, body(scores=None, record=record(deals=24)), format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "code": "deal_count",
            "path": "record.deals",
            "message": "A game in this league has 28 deals; the record has 24.",
        }
    ]


def test_record_in_another_preset_is_refused(platform, season):
    game_record = record(seed=4)
    game_record["preset"] = "he-wikipedia"
    response = platform.post(SUBMIT, body(scores=None, record=game_record), format="json")
    assert response.status_code == 400
    assert codes(response) == ["preset_mismatch"]


def test_malformed_record_is_refused_with_the_engines_malformed_code(platform, season):
    response = platform.post(
        SUBMIT, body(scores=None, record={"players": NAMES, "deals": 5}), format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "code": "malformed",
        "path": "record.deals",
        "message": "deals must be a list of deal records.",
    }


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"game_id": None}, "game_id"),
        ({"date": "30.06.2024"}, "date"),
        ({"scores": [1, 2, 3, 4, 5]}, "scores"),
        ({"scores": [1, 2, 3, "x"]}, "scores[3]"),
        ({"players": [{"name": "A"}, {"name": "B"}, {}, {"name": "D"}]}, "players[2]"),
        ({"players": [{"name": "A"}]}, "players"),
        ({"round": 0}, "round"),
        ({"scores": None}, ""),
        ({"season": None}, ""),
    ],
)
def test_malformed_body_answers_400_naming_the_field(platform, season, changes, path):
    response = platform.post(SUBMIT, body(**changes), format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {e["code"] for e in errors} == {"malformed"}
    assert path in [e["path"] for e in errors]


def test_seat_count_three_scores_for_four_players_name_the_scores(platform, season):
    # A game of three for four players (issue 30: three scores are a game of three).
    response = platform.post(SUBMIT, body(scores=[1, 2, 3]), format="json")
    assert response.status_code == 400
    assert [(e["code"], e["path"]) for e in response.json()["errors"]] == [("seat_count", "scores")]


@pytest.mark.parametrize(
    "raw",
    [b"{", b"[]", b"42", b'"text"', b"null", b'{"game_id": NaN}', b"\xff\xfe", b"[" * 5000],
)
def test_any_non_object_or_broken_json_is_a_400(platform, season, raw):
    response = platform.generic("POST", SUBMIT, raw, content_type="application/json")
    assert response.status_code == 400
    assert codes(response)[0] == "malformed"


def test_non_json_body_is_415(platform, season):
    response = platform.post(SUBMIT, {"game_id": "x"})  # multipart form
    assert response.status_code == 415
    assert codes(response) == ["unsupported_media_type"]


def test_oversized_body_is_413(platform, season, settings):
    settings.API_MAX_BODY_BYTES = 2_000
    padded = body(record={"players": NAMES, "deals": [], "padding": "x" * 5_000})
    response = platform.post(SUBMIT, padded, format="json")
    assert response.status_code == 413
    assert codes(response) == ["too_large"]
    assert not Game.objects.exists()


def test_parser_refuses_a_stream_longer_than_the_limit(settings):
    import io

    from api.errors import PayloadTooLarge
    from api.parsers import LimitedJSONParser

    settings.API_MAX_BODY_BYTES = 100
    with pytest.raises(PayloadTooLarge):
        LimitedJSONParser().parse(io.BytesIO(b'{"a": "' + b"x" * 200 + b'"}'))
    assert LimitedJSONParser().parse(io.BytesIO(b'{"a": 1}')) == {"a": 1}


def test_nul_characters_anywhere_in_the_body_are_400(platform, season):
    game_record = record(seed=3)
    game_record["deals"][0]["note"] = "a\u0000b"  # PostgreSQL cannot store it
    response = platform.post(SUBMIT, body(scores=None, record=game_record), format="json")
    assert response.status_code == 400
    assert codes(response) == ["invalid_text"]
    assert response.json()["errors"][0]["path"] == "record.deals[0].note"
    keyed = body(record={"players": NAMES, "deals": [], "\u0000": 1})
    assert platform.post(SUBMIT, keyed, format="json").status_code == 400
    assert not Game.objects.exists()


def post_text(client: Any, text: str) -> Any:
    return client.generic("POST", SUBMIT, text.encode(), content_type="application/json")


def test_a_body_with_a_duplicated_key_is_400_naming_the_key(platform, season):
    text = json.dumps(body()).replace('"game_id": "g-1"', '"game_id": "g-1", "game_id": "g-2"')
    response = post_text(platform, text)
    assert response.status_code == 400
    (refused,) = response.json()["errors"]
    assert (refused["code"], refused["path"]) == ("duplicate_key", "game_id")
    assert '"game_id"' in refused["message"]
    nested = json.dumps(body()).replace('{"name": "Noa"}', '{"name": "Noa", "name": "Eve"}')
    response = post_text(platform, nested)
    assert response.json()["errors"][0]["path"] == "players[2].name"
    assert not Game.objects.exists()


def test_a_lone_surrogate_in_a_player_name_is_400_not_500(platform, season):
    text = json.dumps(body()).replace('"Dana"', '"Dana\\ud800"', 1)
    response = post_text(platform, text)
    assert response.status_code == 400
    (refused,) = response.json()["errors"]
    assert (refused["code"], refused["path"]) == ("invalid_text", "players[0].name")
    assert "lone surrogate" in refused["message"]
    in_record = record(seed=4)
    in_record["players"][1] = "Eli\ud800"  # json.dumps writes it as the escape \\ud800
    response = post_text(platform, json.dumps(body(scores=None, record=in_record)))
    assert response.status_code == 400
    assert [(e["code"], e["path"]) for e in response.json()["errors"]] == [
        ("invalid_text", "record.players[1]")
    ]
    assert not Game.objects.exists()


def test_parser_refuses_deep_nesting():
    import io

    from rest_framework.exceptions import ParseError

    from api.parsers import LimitedJSONParser

    with pytest.raises(ParseError):
        LimitedJSONParser().parse(io.BytesIO(b"[" * 40 + b"]" * 40))


def test_submission_needs_a_token(anon, season):
    response = anon.post(SUBMIT, body(), format="json")
    assert response.status_code == 401
    assert codes(response) == ["not_authenticated"]
    assert not Game.objects.exists()


def test_token_of_another_league_is_403(rated_token, season):
    response = client_for(rated_token).post(SUBMIT, body(), format="json")
    assert response.status_code == 403
    assert codes(response) == ["permission_denied"]
    assert not Game.objects.exists()


def test_unknown_season_is_400(platform, season):
    response = platform.post(SUBMIT, body(season="season-99"), format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_season"


def test_unknown_league_is_400(platform, season):
    response = platform.post(SUBMIT, body(season=None, league="nope"), format="json")
    assert codes(response) == ["unknown_league"]


def test_date_outside_the_season_is_400(platform, season):
    response = platform.post(SUBMIT, body(date="2025-01-01"), format="json")
    assert codes(response) == ["date_outside_season"]


def test_game_goes_to_the_round_played_on_its_date(platform, season):
    response = platform.post(SUBMIT, body(date="2024-07-03"), format="json")
    assert response.json()["round"] == 2


def test_round_number_must_exist_and_match_the_date(platform, season):
    assert codes(platform.post(SUBMIT, body(round=9), format="json")) == ["unknown_round"]
    response = platform.post(SUBMIT, body(round=2), format="json")
    assert codes(response) == ["date_outside_season"]
    no_round_day = platform.post(SUBMIT, body(date="2024-07-01"), format="json")
    assert codes(no_round_day) == ["unknown_round"]


def test_rated_open_play_game_by_league_is_checked_against_the_season_on_its_date(
    rated_token, rated_season
):
    client = client_for(rated_token)
    response = client.post(
        SUBMIT,
        body(season=None, league=rated_season.league.slug, date="2024-03-05"),
        format="json",
    )
    assert response.status_code == 201, response.json()
    game = Game.objects.get()
    # Stored like a rated game from play: the rating job attaches it to the season once
    # its four players are members (here nobody has reached 1200 yet, so it stays out).
    assert (game.season, game.round, game.rated) == (None, None, True)
    assert response.json()["season"] is None


def test_rated_open_play_game_is_rated_and_joins_the_season_only_for_members(
    rated_token, rated_season, django_capture_on_commit_callbacks
):
    from rating.models import RatingChange

    client = client_for(rated_token)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            SUBMIT, body(season=rated_season.slug, date="2024-03-05"), format="json"
        )
    game = Game.objects.get(pk=response.json()["id"])
    assert RatingChange.objects.filter(game=game).count() == 4
    assert game.season is None  # 1000-rated players are not members of the 1200+ league


def test_rated_league_has_no_rounds(rated_token, rated_season):
    response = client_for(rated_token).post(
        SUBMIT, body(season=rated_season.slug, date="2024-03-05", round=1), format="json"
    )
    assert codes(response) == ["unknown_round"]


def test_league_with_no_season_on_the_date_is_400(rated_token, rated_season):
    response = client_for(rated_token).post(
        SUBMIT, body(season=None, league=rated_season.league.slug, date="2023-03-05"), format="json"
    )
    assert codes(response) == ["no_season_on_date"]


def test_players_by_platform_id_after_the_first_game_names_them(platform, season):
    first = body(players=[{"id": f"u{i}", "name": n} for i, n in enumerate(NAMES)])
    assert platform.post(SUBMIT, first, format="json").status_code == 201
    assert PlatformPlayer.objects.count() == 4
    second = body("g-2", date="2024-07-03", players=[{"id": f"u{i}"} for i in (3, 2, 1, 0)])
    response = platform.post(SUBMIT, second, format="json")
    assert response.status_code == 201, response.json()
    assert [r["player"]["name"] for r in response.json()["results"]] == NAMES[::-1]
    assert Player.objects.count() == 4


def test_new_platform_id_without_a_name_is_400(platform, season):
    players = [{"id": "u9"}, *({"name": n} for n in NAMES[1:])]
    response = platform.post(SUBMIT, body(players=players), format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_player"
    assert response.json()["errors"][0]["path"] == "players[0].id"
    assert not Player.objects.exists()


def test_one_player_at_two_seats_is_400_and_nothing_is_written(platform, season):
    players = [{"name": "Dana"}, {"name": "Eli"}, {"name": "New"}, {"name": "Dana"}]
    response = platform.post(SUBMIT, body(players=players), format="json")
    assert codes(response) == ["duplicate_player"]
    assert not Player.objects.exists()
    assert not GameResult.objects.exists()


def drawn_tables(season: Season, players: int = 8) -> list[list[str]]:
    """Draw round 1 of `season` for `players` new players; each table's names by seat."""
    round_ = Round.objects.get(season=season, number=1)
    register_players(
        round_, [Player.objects.create(name=f"P{i}", slug=f"p{i}") for i in range(players)]
    )
    do_draw_round(round_, seed=11)
    publish_draw(round_)
    return [
        [s.player.name for s in t.seats.order_by("seat")] for t in round_.tables.order_by("number")
    ]


def test_in_a_drawn_round_the_players_must_be_a_drawn_table(platform, season):
    tables = drawn_tables(season)
    mixed = [tables[0][0], tables[0][1], tables[0][2], tables[1][0]]
    response = platform.post(SUBMIT, body(players=[{"name": n} for n in mixed]), format="json")
    assert codes(response) == ["not_at_table"]
    at_table = body(players=[{"name": n} for n in tables[1]])
    response = platform.post(SUBMIT, at_table, format="json")
    assert response.status_code == 201
    assert response.json()["table"] == 2
    again = platform.post(SUBMIT, {**at_table, "game_id": "g-other"}, format="json")
    assert again.status_code == 409
    assert codes(again) == ["table_has_game"]


def test_a_drawn_tables_result_goes_through_the_results_workflow(platform, season):
    tables = drawn_tables(season, 4)
    platform_order = [tables[0][i] for i in (2, 0, 3, 1)]  # the platform seats them its way
    scores = [30, 10, 40, 20]
    response = platform.post(
        SUBMIT, body(players=[{"name": n} for n in platform_order], scores=scores), format="json"
    )
    assert response.status_code == 201, response.json()
    version = ResultVersion.objects.get()
    assert version.status == ResultVersion.Status.CONFIRMED
    assert version.scores == [10, 20, 30, 40]  # by the drawn seats
    game = Game.objects.get()
    assert (game.source, game.table.number) == ("api", 1)
    by_name = {r["player"]["name"]: r["score"] for r in response.json()["results"]}
    assert by_name == dict(zip(platform_order, scores, strict=True))
    round_ = Round.objects.get(season=season, number=1)
    finish_round(round_)  # every table has its confirmed result
    assert Round.objects.get(pk=round_.pk).status == Round.Status.FINISHED


@pytest.mark.parametrize("rated", [True, False])
def test_a_drawn_tables_game_is_written_with_its_source_and_rated_flag_at_once(
    platform, season, rated
):
    tables = drawn_tables(season, 4)
    submission = body(players=[{"name": n} for n in tables[0]], rated=rated)
    with CaptureQueriesContext(connection) as queries:
        response = platform.post(SUBMIT, submission, format="json")
    assert response.status_code == 201, response.json()
    game = Game.objects.get()
    assert (game.source, game.rated) == ("api", rated)
    game_writes = [q["sql"] for q in queries if re.match(r'\s*UPDATE "games_game"', q["sql"])]
    assert game_writes == [], "no second UPDATE of the game after it is written"


def test_an_organizers_correction_keeps_the_platforms_rated_flag(platform, season):
    tables = drawn_tables(season, 4)
    unrated = body(players=[{"name": n} for n in tables[0]], rated=False)
    assert platform.post(SUBMIT, unrated, format="json").status_code == 201
    game = Game.objects.get()
    organizer_set_result(game.table, scores=[1, 2, 3, 4])
    assert Game.objects.get().rated is False


def test_a_record_at_a_drawn_table_must_list_the_drawn_seats(platform, season):
    seats = drawn_tables(season, 4)[0]
    shuffled = [seats[1], seats[0], seats[2], seats[3]]
    game_record = record(seed=6)
    wrong = body(scores=None, record=game_record, players=[{"name": n} for n in shuffled])
    response = platform.post(SUBMIT, wrong, format="json")
    assert codes(response) == ["seat_order"]
    assert ", ".join(seats) in response.json()["errors"][0]["message"]
    right = body(scores=None, record=game_record, players=[{"name": n} for n in seats])
    response = platform.post(SUBMIT, right, format="json")
    assert response.status_code == 201, response.json()
    assert Game.objects.get().deals == game_record["deals"]


def test_a_table_with_a_result_entered_by_players_refuses_the_platform(platform, season):
    seats = drawn_tables(season, 4)[0]
    table = Round.objects.get(season=season, number=1).tables.get()
    dana = Player.objects.get(name=seats[0])
    dana.user = get_user_model().objects.create_user("p0", password="pw")
    dana.save()
    submit_result(table, actor=dana.user, scores=[1, 2, 3, 4])  # waiting for confirmation
    response = platform.post(SUBMIT, body(players=[{"name": n} for n in seats]), format="json")
    assert response.status_code == 409
    assert codes(response) == ["table_has_game"]
    assert not Game.objects.exists()


def test_stored_game_sends_the_signals_after_commit(
    platform, season, django_capture_on_commit_callbacks
):
    seasons: list[int] = []
    games: list[int] = []

    def on_season(sender: Any, season_id: int, **kwargs: Any) -> None:
        seasons.append(season_id)

    def on_game(sender: Any, game_id: int, **kwargs: Any) -> None:
        games.append(game_id)

    season_results_changed.connect(on_season)
    game_confirmed.connect(on_game)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            response = platform.post(SUBMIT, body(), format="json")
        assert seasons == [] and games == []  # nothing before the commit
        for callback in callbacks:
            callback()
    finally:
        season_results_changed.disconnect(on_season)
        game_confirmed.disconnect(on_game)
    assert seasons == [season.pk]
    assert games == [response.json()["id"]]


def test_unrated_game_sends_no_rating_signal(platform, season, django_capture_on_commit_callbacks):
    games: list[int] = []

    def on_game(sender: Any, game_id: int, **kwargs: Any) -> None:
        games.append(game_id)

    game_confirmed.connect(on_game)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            platform.post(SUBMIT, body(rated=False), format="json")
    finally:
        game_confirmed.disconnect(on_game)
    assert games == []


def test_submission_publishes_the_standings_snapshot(
    platform, anon, season, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert platform.post(SUBMIT, body(), format="json").status_code == 201
    standings = anon.get(f"/api/v1/seasons/{season.slug}/standings/").json()
    assert standings["published_at"] is not None
    assert [(row["player"], row["points"]) for row in standings["standings"]] == [
        ("Dana", 6.0),
        ("Eli", 3.0),
        ("Noa", 1.0),
        ("Omer", 0.0),
    ]


def test_rate_limit_per_token_answers_429(platform, season, settings):
    settings.API_THROTTLE_RATES = {"token": "3/min"}
    statuses = [platform.get("/api/v1/leagues/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    response = platform.get("/api/v1/leagues/")
    assert codes(response) == ["throttled"]
    assert "Retry-After" in response.headers


def test_each_token_has_its_own_rate_budget(platform, organizer_client, season, settings):
    settings.API_THROTTLE_RATES = {"token": "2/min"}
    assert [platform.get("/api/v1/leagues/").status_code for _ in range(3)][-1] == 429
    assert organizer_client.get("/api/v1/leagues/").status_code == 200


def test_submission_query_count_does_not_depend_on_the_record(platform, season):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    known = [{"id": f"u{i}", "name": n} for i, n in enumerate(NAMES)]
    assert platform.post(SUBMIT, body("warm-up", players=known), format="json").status_code == 201
    by_id = [{"id": f"u{i}"} for i in range(4)]
    counts = []
    for game_id, date, changes in [
        ("by-scores", "2024-07-03", {"scores": [1, 2, 3, 4]}),
        ("short-record", "2024-07-07", {"scores": None, "record": record(seed=1, deals=28)}),
        ("other-record", "2024-07-10", {"scores": None, "record": record(seed=2, deals=28)}),
    ]:
        payload = body(game_id, date=date, players=by_id, **changes)
        with CaptureQueriesContext(connection) as captured:
            assert platform.post(SUBMIT, payload, format="json").status_code == 201
        counts.append(len(captured.captured_queries))
    assert counts == [15, 15, 15]  # with the pages' versions (web.versions)


def test_body_larger_than_djangos_upload_limit_is_413_too(platform, season):
    raw = b'{"game_id": "' + b"x" * 3_000_000 + b'"}'
    response = platform.generic("POST", SUBMIT, raw, content_type="application/json")
    assert response.status_code == 413
    assert codes(response) == ["too_large"]


def test_scores_no_game_of_the_leagues_deals_can_give_are_refused_with_the_range(platform, season):
    response = platform.post(SUBMIT, body(scores=[100000, 0, 0, 0]), format="json")
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert (problem["code"], problem["path"]) == ("malformed", "scores[0]")
    assert "between -7280 and 5012" in problem["message"]
    assert not Game.objects.exists()
