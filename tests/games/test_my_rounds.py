"""A player's own page: register and unregister until the deadline, see his tables."""

import pytest
from django.urls import reverse

from league.models import Registration
from tests.roundsupport import (
    PAST_SUNDAY,
    make_players,
    make_round,
    make_season,
    make_user,
    seat_table,
)

pytestmark = pytest.mark.django_db


def test_player_registers_and_unregisters_himself_on_his_page(client):
    season = make_season()
    round_ = make_round(season)
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    body = client.get(reverse("games:my_rounds")).content.decode()
    assert "Register" in body
    response = client.post(reverse("games:register", args=[round_.pk]), follow=True)
    assert "You are registered for round 1" in response.content.decode()
    assert Registration.objects.filter(round=round_, player=player).exists()
    client.post(reverse("games:unregister", args=[round_.pk]))
    assert not Registration.objects.exists()


def test_registration_after_the_deadline_is_a_message(client):
    season = make_season()
    round_ = make_round(season, date=PAST_SUNDAY)
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    assert "Registration is closed." in client.get(reverse("games:my_rounds")).content.decode()
    response = client.post(reverse("games:register", args=[round_.pk]), follow=True)
    assert response.status_code == 200
    assert "closed at" in response.content.decode()
    assert not Registration.objects.exists()


def test_user_without_player_is_pointed_to_the_claim(client):
    round_ = make_round(make_season())
    client.force_login(make_user())
    assert "Claim your player record" in client.get(reverse("games:my_rounds")).content.decode()
    assert client.post(reverse("games:register", args=[round_.pk])).status_code == 404
    assert not Registration.objects.exists()


def test_anonymous_cannot_register(client):
    round_ = make_round(make_season())
    response = client.post(reverse("games:register", args=[round_.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(reverse("games:register", args=[99999])).status_code == 302


def test_unknown_round_is_404(client):
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    assert client.post(reverse("games:register", args=[99999])).status_code == 404
    assert client.get(reverse("games:register", args=[1])).status_code == 405


@pytest.mark.parametrize("rounds", [1, 6])
def test_my_rounds_query_count_is_constant(client, rounds, django_assert_num_queries):
    season = make_season()
    players = make_players(4, with_users=True)
    for number in range(1, rounds + 1):
        make_round(season, number=number)
    drawn = make_round(season, number=rounds + 1)
    seat_table(drawn, players)
    client.force_login(players[0].user)
    # user (the session is cached), player, my seats, their current versions, running
    # seasons (none), open rounds, my registrations
    with django_assert_num_queries(7):
        body = client.get(reverse("games:my_rounds")).content.decode()
    assert "table 1" in body
