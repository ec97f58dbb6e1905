"""Issue 13 item 1 in the API: a round's draw is null for everyone but an organizer token of
its league until it is published (by the organizer, `"publish": true` or the schedule)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from api.models import ApiToken
from api.tokens import create_token
from draws.actions import publish_draw
from games.season_import import import_season
from league.actions.players import get_or_create_players
from league.models import Round
from tests.api.conftest import client_for, rounds_season_file
from tests.drawsupport import METHODS, SEED, draw_round

pytestmark = pytest.mark.django_db

NUMBER = 4


@pytest.fixture
def callers(season, platform):  # type: ignore[no-untyped-def]
    """Everyone who must not see an unpublished draw, by name."""
    other = import_season(rounds_season_file("other-10") | {"league": "Other League"}).season
    other_organizer = get_user_model().objects.create_user("other-org", password="pw")
    other.league.organizers.add(other_organizer)
    foreign = create_token(
        user=other_organizer,
        league=other.league,
        platform="whist-online",
        name="foreign organizer",
        scope=ApiToken.Scope.ORGANIZER,
    )
    player = client_for(None)
    player.force_login(get_user_model().objects.create_user("a-player", password="pw"))
    return {
        "anonymous": client_for(None),
        "logged-in player": player,
        "platform token": platform,
        "other league's organizer token": client_for(foreign),
    }


def drawn(season, method):  # type: ignore[no-untyped-def]
    names = [f"D{i}" for i in range(9)]
    return draw_round(season, method, list(get_or_create_players(names).values()), NUMBER)


@pytest.mark.parametrize("method", METHODS)
def test_only_the_leagues_organizer_token_sees_an_unpublished_draw(
    season, organizer_client, callers, method
):
    round_ = drawn(season, method)
    address = f"/api/v1/seasons/{season.slug}/rounds/{NUMBER}/"
    listing = f"/api/v1/seasons/{season.slug}/rounds/"
    for status in (Round.Status.DRAWN, Round.Status.IN_PLAY, Round.Status.FINISHED):
        Round.objects.filter(pk=round_.pk).update(status=status)
        for who, client in callers.items():
            assert client.get(address).json()["draw"] is None, (who, status)
            listed = client.get(listing).json()["results"]
            assert [r["draw"] for r in listed if r["number"] == NUMBER] == [None], (who, status)
        mine = organizer_client.get(address).json()["draw"]
        assert mine["method"] == method and mine["published_at"] is None
        assert len(mine["tables"]) == 2 and len(mine["reserves"]) == 1
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.DRAWN)
    publish_draw(round_)
    for who, client in callers.items():
        draw = client.get(address).json()["draw"]
        assert draw is not None and draw["method"] == method, who
        assert draw["seed"] == Round.objects.get(pk=round_.pk).draw_seed
        assert draw["seed"] == SEED or method == "ranking"
        assert [len(t["players"]) for t in draw["tables"]] == [4, 4]


@pytest.mark.parametrize("method", METHODS)
def test_drawing_through_the_api_reveals_only_with_publish_true(
    season, organizer_client, anon, method
):
    round_ = drawn(season, method)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED, draw_method="")
    round_.tables.all().delete()
    address = f"/api/v1/seasons/{season.slug}/rounds/{NUMBER}/"
    draw = f"{address}draw/"
    made = organizer_client.post(draw, {"seed": SEED, "publish": False}, format="json")
    assert made.status_code == 201 and made.json()["draw"]["tables"]
    assert anon.get(address).json()["draw"] is None
    again = organizer_client.post(draw, {"publish": True}, format="json")
    assert again.status_code == 200
    assert anon.get(address).json()["draw"]["published_at"] is not None
