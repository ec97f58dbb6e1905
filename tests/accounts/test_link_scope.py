"""Linking an account to a player record follows one scope everywhere (issue 12, item 1):
an organizer links only players of his leagues or brand-new records; superusers link anyone."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from league.models import Player, Season
from league.permissions import linkable_players_scope, may_link_player
from tests.roundsupport import make_organizer, make_players, make_round, make_season, make_user
from tests.roundsupport import register as register_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def leagues():
    """League A with a registered player, league B with its own organizer."""
    season_a = make_season()
    season_b = make_season("s2", league_name="Club B")
    (player_a,) = make_players(1)
    register_players(make_round(season_a), [player_a])
    return make_organizer(season_a), make_organizer(season_b), player_a


def test_another_leagues_organizer_cannot_invite_a_player_of_league_a(
    client, leagues, mailoutbox, django_capture_on_commit_callbacks
):
    _, organizer_b, player_a = leagues
    client.force_login(organizer_b)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("invite_player"), {"name": player_a.name, "email": "mallory@example.com"}
        )
    assert response.status_code == 403
    assert f"{player_a.name} plays in leagues you do not organize" in response.content.decode()
    player_a.refresh_from_db()
    assert player_a.user_id is None
    assert not get_user_model().objects.filter(username="mallory@example.com").exists()
    assert mailoutbox == []


def test_the_players_own_organizer_and_a_superuser_may_invite_him(
    client, leagues, django_capture_on_commit_callbacks
):
    organizer_a, _, player_a = leagues
    (other_a,) = make_players(1)
    register_players(make_round(Season.objects.get(slug="season-10"), 2), [other_a])
    for actor, player, email in [
        (organizer_a, player_a, "a@example.com"),
        (make_user(is_superuser=True), other_a, "b@example.com"),
    ]:
        client.force_login(actor)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("invite_player"), {"name": player.name, "email": email})
        assert response.status_code == 302
        player.refresh_from_db()
        assert player.user.email == email


def test_linkable_players_are_those_of_my_leagues_and_new_records(leagues):
    organizer_a, organizer_b, player_a = leagues
    (fresh,) = make_players(1)
    assert may_link_player(organizer_a, player_a)
    assert not may_link_player(organizer_b, player_a)
    assert set(Player.objects.filter(linkable_players_scope(organizer_b))) == {fresh}


def test_staff_cannot_link_another_leagues_player_in_the_admin(client, leagues):
    _, organizer_b, player_a = leagues
    organizer_b.is_staff = True
    organizer_b.save()
    organizer_b.user_permissions.add(*Permission.objects.filter(codename="change_player"))
    target = make_user("mallory")
    client.force_login(organizer_b)
    url = reverse("admin:league_player_change", args=[player_a.pk])
    response = client.post(url, {"name": player_a.name, "slug": player_a.slug, "user": target.pk})
    assert response.status_code == 200
    assert "plays in leagues you do not organize" in response.content.decode()
    player_a.refresh_from_db()
    assert player_a.user_id is None
