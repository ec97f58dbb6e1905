"""A season pushed game by game through the API (with retries) equals importing its file."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from api.tokens import create_token
from games.facts import refresh_facts
from games.models import Game
from games.season_import import import_season
from rating.models import RatingChange
from rating.tasks import update_ratings
from scoring import get_preset
from scoring.generate import random_game
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

PLAYERS = [f"Player {letter}" for letter in "ABCDEFGHIJKL"]
RULES = {"deals_per_game": 4, "drops": {"at": [3, 5], "max": 2}, "min_games": 3}
SUNDAY = dt.date(2024, 6, 30)
STANDING_FIELDS = ["rank", "player", "points", "gap", "games", "counted", "dropped"]
STANDING_FIELDS += ["eligible", "podium_eligible"]


def season_file(with_games: bool) -> dict[str, Any]:
    """Eight rounds (Sunday and Wednesday), three tables each; round 2 entered deal by deal."""
    rng = random.Random(2024)
    rounds = []
    for number in range(1, 9):
        date = SUNDAY + dt.timedelta(days=7 * ((number - 1) // 2) + 3 * ((number - 1) % 2))
        seated = rng.sample(PLAYERS, 12)
        games = []
        for table in range(3):
            names = seated[4 * table : 4 * table + 4]
            if number == 2:
                record = random_game(number * 10 + table, get_preset("whist-online"), deals=4)
                games.append({"record": {**record, "players": names}})
            else:
                scores = [rng.randrange(-150, 400) for _ in names]
                if number == 3 and table == 0:
                    scores[1] = scores[0]  # a tie for the placement points
                games.append({"scores": dict(zip(names, scores, strict=True))})
        rounds.append(
            {"number": number, "date": date.isoformat(), "games": games if with_games else []}
        )
    return {
        "league": "Whist Online League",
        "season": "pushed",
        "preset": "whist-online-league",
        "start": SUNDAY.isoformat(),
        "end": "2024-10-27",
        "rules": RULES,
        "rounds": rounds,
    }


def api_bodies(file: dict[str, Any]) -> list[dict[str, Any]]:
    """The file's games as platform submissions, in the file's order."""
    bodies = []
    for round_ in file["rounds"]:
        for table, game in enumerate(round_["games"], 1):
            body: dict[str, Any] = {
                "game_id": f"r{round_['number']}t{table}",
                "season": file["season"],
                "date": round_["date"],
            }
            if "record" in game:
                body["record"] = game["record"]
            else:
                body["players"] = [{"id": f"uid-{n}", "name": n} for n in game["scores"]]
                body["scores"] = list(game["scores"].values())
            bodies.append(body)
    return bodies


def published(client: Any, final: bool) -> list[dict[str, Any]]:
    suffix = "?final=true" if final else ""
    rows = client.get(f"/api/v1/seasons/pushed/standings/{suffix}").json()["standings"]
    return [{field: row[field] for field in STANDING_FIELDS} for row in rows]


def rating_history() -> list[tuple[str, str, float, float]]:
    return [
        (change.player.name, change.played_on.isoformat(), change.before, change.after)
        for change in RatingChange.objects.select_related("player").order_by(
            "played_on", "game_id", "player__name"
        )
    ]


def test_pushing_a_season_through_the_api_matches_importing_it(
    organizer, anon, django_capture_on_commit_callbacks
):
    full = season_file(with_games=True)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_season(full).season
    update_ratings(full=True)  # imported history is rated by the sweep / recompute
    by_import = (published(anon, False), published(anon, True), rating_history())
    assert len(by_import[0]) == 12 and len(by_import[2]) == 8 * 3 * 4

    RatingChange.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        season = import_season(season_file(with_games=False)).season  # same season, no games
    assert season.pk == imported.pk
    season.league.organizers.add(organizer)
    token = create_token(user=organizer, league=season.league, platform="club", name="club")
    client = client_for(token)
    bodies = api_bodies(full)
    for body in bodies:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post("/api/v1/games/", body, format="json")
        assert response.status_code == 201, response.json()
    for body in reversed(bodies):  # a script retrying everything changes nothing
        with django_capture_on_commit_callbacks(execute=True):
            retry = client.post("/api/v1/games/", body, format="json")
        assert retry.headers["Idempotent-Replayed"] == "true"
    by_api = (published(anon, False), published(anon, True), rating_history())

    assert by_api[0] == by_import[0]
    assert by_api[1] == by_import[1]
    assert by_api[2] == by_import[2]
    # the API's results carry their facts too: nothing to correct
    assert refresh_facts(Game.objects.filter(season=season).values_list("id", flat=True)) == 0
