"""Every public page makes the same number of SQL queries whatever the size of the season."""

from __future__ import annotations

import pytest

from league.models import Player, Registration, Round, Season
from rating.tasks import update_ratings

pytestmark = pytest.mark.django_db

SIZES = [
    pytest.param((8, 3), id="8-players-3-rounds"),
    pytest.param((40, 12), id="40-players-12-rounds"),
]

PAGES = {
    # Every count includes the page's version (web.versions), read before it renders; a
    # page whose version an If-None-Match holds costs that one query (test_http_cache.py).
    "home": (lambda season, player: "/", 5),
    "archive": (lambda season, player: "/seasons/", 3),
    # The summary, the rounds, the last round's results (issue 27 item 7)
    "season": (lambda season, player: f"/seasons/{season.slug}/", 5),
    "season-csv": (lambda season, player: f"/seasons/{season.slug}/?_export=csv", 3),
    "season-sorted": (lambda season, player: f"/seasons/{season.slug}/?sort=-gap", 5),
    "round": (lambda season, player: f"/seasons/{season.slug}/rounds/2/", 9),
    # A round whose draw is private does not even load its tables (issue 13): 6 -> 5.
    "open-round": (lambda season, player: f"/seasons/{season.slug}/rounds/99/", 6),
    # + the round dates, to list the holiday evenings without a round (issue 31): 2 -> 3.
    "rules": (lambda season, player: f"/seasons/{season.slug}/rules/", 3),
    # + his section of the published rating list: the games that moved his rating most and
    # his opponents with their head-to-head links (issue 18): 4 -> 5.
    "player": (lambda season, player: f"/players/{player.slug}/", 6),
    # The published rating list, its export and a sorted view: one query each (issue 18).
    "ratings": (lambda season, player: "/ratings/", 2),
    "ratings-xlsx": (lambda season, player: "/ratings/?_export=xlsx", 2),
    "ratings-sorted": (lambda season, player: "/ratings/?sort=-change", 2),
    # Two players, the results of their shared games, those games' seasons (issue 18).
    "head-to-head": (lambda season, player: f"/players/{player.slug}/vs/player-001/", 5),
}


@pytest.fixture
def sized_site(make_season, request):  # type: ignore[no-untyped-def]
    players, rounds = request.param
    season = make_season("season-10", players=players, rounds=rounds)
    make_season("season-9", players=players, rounds=rounds, status=Season.Status.FINISHED)
    open_round = Round.objects.create(season=season, number=99, date="2099-07-14")
    Registration.objects.bulk_create(
        Registration(round=open_round, player=p) for p in Player.objects.all()
    )
    update_ratings()  # rates every game and publishes the rating list
    return season, Player.objects.order_by("name").first()


@pytest.mark.parametrize("sized_site", SIZES, indirect=True)
@pytest.mark.parametrize("page", list(PAGES))
def test_page_makes_a_constant_number_of_queries(
    client, django_assert_num_queries, sized_site, page
):
    season, player = sized_site
    url, queries = PAGES[page]
    with django_assert_num_queries(queries):
        response = client.get(url(season, player), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
