"""A league's organizer who signs in lands on his desk (/manage/) and the header links to
it; a player lands on his own page (/me/) and sees no such link; `next` is always followed."""

import pytest
from django.core.cache import cache

from tests.roundsupport import make_organizer, make_season, make_user

pytestmark = pytest.mark.django_db
PASSWORD = "pw-12345!"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # the sign-in limiter counts in the cache
    yield
    cache.clear()


def sign_in(client, user, **extra):
    user.set_password(PASSWORD)
    user.save()
    return client.post(
        "/accounts/login/", {"username": user.username, "password": PASSWORD, **extra}
    )


def test_an_organizer_lands_on_his_desk_and_the_header_links_to_it(client):
    organizer = make_organizer(make_season())
    response = sign_in(client, organizer)
    assert response.status_code == 302 and response["Location"] == "/manage/"
    assert 'href="/manage/"' in client.get("/").content.decode()


def test_next_is_followed_for_an_organizer_too(client):
    organizer = make_organizer(make_season())
    response = sign_in(client, organizer, next="/me/")
    assert response["Location"] == "/me/"


def test_a_player_lands_on_his_own_page_without_a_link_to_manage(client):
    response = sign_in(client, make_user("player"))
    assert response.status_code == 302 and response["Location"] == "/me/"
    assert 'href="/manage/"' not in client.get("/").content.decode()


def test_next_is_followed_for_a_player(client):
    response = sign_in(client, make_user("player"), next="/seasons/")
    assert response["Location"] == "/seasons/"


def test_a_wrong_password_signs_nobody_in(client):
    organizer = make_organizer(make_season())
    organizer.set_password(PASSWORD)
    organizer.save()
    response = client.post(
        "/accounts/login/", {"username": organizer.username, "password": "wrong"}
    )
    assert response.status_code == 200 and "_auth_user_id" not in client.session
    assert "organizes" not in client.session


def test_a_player_signing_in_from_a_rounds_register_lands_on_his_registration(client):
    """The round page's Register opens /me/registration/: a fragment never reaches the
    server, so /me/#registration sent to the sign-in came back to the top of /me/."""
    asked = client.get("/me/registration/")
    assert asked["Location"] == "/accounts/login/?next=/me/registration/"
    response = sign_in(client, make_user("player"), next="/me/registration/")
    assert response["Location"] == "/me/registration/"
    assert client.get("/me/registration/")["Location"] == "/me/#registration"
