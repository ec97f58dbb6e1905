"""Fixtures of the API tests: a scheduled-rounds season, a rated season, tokens and clients."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from api.models import ApiToken
from api.tokens import IssuedToken, create_token
from games.season_import import import_season
from league.models import League, Season

ROUND_DATES = ["2024-06-30", "2024-07-03", "2024-07-07", "2024-07-10"]


def rounds_season_file(slug: str = "season-10", **extra: Any) -> dict[str, Any]:
    """A scheduled-rounds season file with four rounds and no games yet."""
    return {
        "league": "Whist Online League",
        "season": slug,
        "preset": "whist-online-league",
        "start": "2024-06-30",
        "end": "2024-10-27",
        "rounds": [
            {"number": n, "date": date, "games": []} for n, date in enumerate(ROUND_DATES, 1)
        ],
        **extra,
    }


def rated_season_file(slug: str = "rated-2024") -> dict[str, Any]:
    """A rated open-play season with no games yet."""
    return {
        "league": "Whist Online 1200+",
        "season": slug,
        "preset": "whist-online-1200",
        "start": "2024-01-01",
        "end": "2024-07-01",
        "games": [],
    }


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Throttle counters live in the cache; every test starts with a full budget."""
    cache.clear()


@pytest.fixture
def organizer(db: None) -> Any:
    return get_user_model().objects.create_user("organizer", password="pw")


@pytest.fixture
def season(organizer: Any) -> Season:
    imported = import_season(rounds_season_file()).season
    imported.league.organizers.add(organizer)
    return imported


@pytest.fixture
def league(season: Season) -> League:
    return season.league


@pytest.fixture
def rated_season(organizer: Any) -> Season:
    imported = import_season(rated_season_file()).season
    imported.league.organizers.add(organizer)
    return imported


@pytest.fixture
def platform_token(organizer: Any, league: League) -> IssuedToken:
    return create_token(user=organizer, league=league, platform="whist-online", name="platform")


@pytest.fixture
def organizer_token(organizer: Any, league: League) -> IssuedToken:
    return create_token(
        user=organizer,
        league=league,
        platform="whist-online",
        name="organizer",
        scope=ApiToken.Scope.ORGANIZER,
    )


@pytest.fixture
def rated_token(organizer: Any, rated_season: Season) -> IssuedToken:
    return create_token(
        user=organizer, league=rated_season.league, platform="whist-online", name="rated"
    )


def client_for(issued: IssuedToken | None) -> APIClient:
    """An API client sending `issued`'s secret as a bearer token (anonymous for None)."""
    client = APIClient()
    if issued is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.secret}")
    return client


@pytest.fixture
def anon() -> APIClient:
    return client_for(None)


@pytest.fixture
def platform(platform_token: IssuedToken) -> APIClient:
    return client_for(platform_token)


@pytest.fixture
def organizer_client(organizer_token: IssuedToken) -> APIClient:
    return client_for(organizer_token)
