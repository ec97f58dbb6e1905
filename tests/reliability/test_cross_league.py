"""Organizers of one league cannot touch another league: every manage page and action, the
results of its tables, and the API with an organizer token; nothing changes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from api.models import ApiToken
from api.tokens import create_token
from games.models import Game, ResultVersion
from league.models import Registration, Round, Seat

ROUND_ACTIONS = (
    "register", "latecomer", "unregister", "close", "reopen", "draw", "swap", "publish", "finish"
)  # fmt: skip


def fingerprint(world) -> dict[str, object]:
    """Everything a stray organizer action could change in a league."""
    rounds = Round.objects.filter(season=world.season).order_by("number")
    return {
        "rounds": list(rounds.values_list("number", "status", "draw_seed", "draw_published_at")),
        "registrations": sorted(
            Registration.objects.filter(round__season=world.season).values_list("pk", flat=True)
        ),
        "seats": sorted(
            Seat.objects.filter(round__season=world.season).values_list("pk", "player")
        ),
        "versions": list(
            ResultVersion.objects.filter(table__round__season=world.season)
            .order_by("pk")
            .values_list("number", "status", "scores")
        ),
        "games": Game.objects.filter(season=world.season).count(),
    }


def posts(world) -> list[tuple[str, dict[str, str]]]:
    """Every manage and result POST of `world`'s league, with plausible form data."""
    slug, players = world.season.slug, world.players
    data = {
        "names": "Intruder",
        "player": str(players[0].pk),
        "first": str(players[0].pk),
        "second": str(players[1].pk),
        "seed": "1",
        "redraw": "1",
        "version": "1",
        "reason": "mine now",
        "mode": "scores",
        **{f"score-{i}": "5" for i in range(4)},
    }
    urls = [reverse("manage:season", args=[slug])]
    urls += [
        reverse(f"manage:{name}", args=[slug, number])
        for number in (1, 2)
        for name in ROUND_ACTIONS
    ]
    urls += [
        reverse(f"games:{name}", args=[world.table.pk]) for name in ("submit", "confirm", "dispute")
    ]
    return [(url, {**data, "number": "9", "date": "2099-02-01"}) for url in urls]


def test_organizer_of_one_league_cannot_open_the_other_leagues_manage_pages(alpha, beta):
    client = Client()
    client.force_login(alpha.organizer)
    for url in (
        reverse("manage:season", args=[beta.season.slug]),
        reverse("manage:round", args=[beta.season.slug, 2]),
        reverse("games:table", args=[beta.table.pk]),
        reverse("games:sheet", args=[beta.table.pk]),
    ):
        assert client.get(url).status_code in (403, 404), url
    index = client.get(reverse("manage:index"))
    assert beta.season.slug.encode() not in index.content
    assert alpha.season.slug.encode() in index.content


def test_organizer_of_one_league_changes_nothing_in_the_other(alpha, beta):
    before = fingerprint(beta)
    client = Client()
    client.force_login(alpha.organizer)
    for url, data in posts(beta):
        assert client.post(url, data).status_code in (403, 404), url
    assert fingerprint(beta) == before


def test_the_same_posts_work_for_the_leagues_own_organizer(alpha, beta):
    """The control: the refusals above come from the league check, not from bad data."""
    client = Client()
    client.force_login(beta.organizer)
    client.post(reverse("manage:close", args=[beta.season.slug, 1]))
    assert Round.objects.get(season=beta.season, number=1).status == Round.Status.CLOSED
    response = client.post(reverse("games:confirm", args=[beta.table.pk]), {"version": "1"})
    assert response.status_code == 302
    assert Game.objects.filter(table=beta.table).count() == 1


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("registrations/", {"names": ["Intruder One", "Intruder Two"]}),
        ("draw/", {"seed": 1}),
    ],
)
def test_api_organizer_token_of_one_league_is_refused_in_the_other(alpha, beta, path, body):
    issued = create_token(
        user=alpha.organizer,
        league=alpha.season.league,
        platform="club",
        name="alpha organizer",
        scope=ApiToken.Scope.ORGANIZER,
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.secret}")
    before = fingerprint(beta)
    url = f"/api/v1/seasons/{beta.season.slug}/rounds/1/{path}"
    response = api.post(url, body, format="json")
    assert response.status_code == 403, response.content
    assert fingerprint(beta) == before


def test_api_token_cannot_be_created_for_another_league(alpha, beta):
    from api.tokens import TokenPermissionError

    with pytest.raises(TokenPermissionError):
        create_token(user=alpha.organizer, league=beta.season.league, platform="x", name="x")


def test_a_session_login_is_not_an_api_credential(alpha):
    client = Client()
    client.force_login(alpha.organizer)
    url = f"/api/v1/seasons/{alpha.season.slug}/rounds/1/registrations/"
    response = client.post(url, {"names": ["Someone"]}, content_type="application/json")
    assert response.status_code in (401, 403)
    assert not Registration.objects.filter(player__name="Someone").exists()
