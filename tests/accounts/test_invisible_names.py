"""Names entered in the accounts pages (issue 26 item 10): the player CSV, invitations and
sign-up drop the direction marks at a name's ends and refuse any other invisible format
character, naming the field; a CSV lists one player once however his name is written."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.actions import parse_player_csv
from league.models import Player
from tests.roundsupport import make_organizer, make_season

pytestmark = pytest.mark.django_db

PASSWORDS = {"password1": "a-long-pass-123", "password2": "a-long-pass-123"}


def test_a_csv_name_with_an_invisible_character_is_refused_naming_the_column_and_line():
    names, problems = parse_player_csv("Name,email\nNoa,\nDa\u200cna,\n")

    assert names == ["Noa"]
    [problem] = problems
    assert problem.line == 3
    assert problem.message.startswith("Name: “Da[U+200C]na” holds an invisible character")


def test_a_csv_name_loses_the_direction_marks_at_its_ends():
    assert parse_player_csv("name\n\u200fדנה\u200f\n\u2068Eli\u2069\n") == (["דנה", "Eli"], [])


def test_a_csv_listing_one_name_written_two_ways_lists_it_twice():
    names, problems = parse_player_csv("name\nDana\nDANA\n")

    assert names == ["Dana"]
    assert [(p.line, p.message) for p in problems] == [(3, "DANA is listed twice.")]


def test_an_invitation_refuses_a_name_with_an_invisible_character(client):
    client.force_login(make_organizer(make_season()))

    response = client.post(
        reverse("invite_player"), {"name": "Da\ufeffna", "email": "d@example.com"}, follow=True
    )

    page = html.unescape(response.content.decode())
    assert "Player's name: “Da[U+FEFF]na” holds an invisible character" in page
    assert not Player.objects.exists()
    assert not User.objects.filter(email="d@example.com").exists()


def test_an_invitation_names_the_player_without_the_direction_marks(client):
    client.force_login(make_organizer(make_season()))

    response = client.post(
        reverse("invite_player"), {"name": "\u200fדנה\u200e", "email": "d@example.com"}, follow=True
    )

    assert "דנה is invited" in response.content.decode()
    assert Player.objects.get().name == "דנה"


def test_sign_up_drops_direction_marks_at_the_ends_of_the_username(client):
    response = client.post(reverse("signup"), {"username": "\u200fdana\u200f", **PASSWORDS})

    assert response.status_code == 302
    assert list(User.objects.values_list("username", flat=True)) == ["dana"]


def test_sign_up_refuses_an_invisible_character_in_the_username_naming_the_field(client):
    response = client.post(reverse("signup"), {"username": "da\u200bna", **PASSWORDS})

    assert response.status_code == 200
    assert response.context["form"].errors["username"] == [
        "Username: “da[U+200B]na” holds an invisible character (U+200B ZERO WIDTH SPACE); "
        "type it again without it."
    ]
    assert not User.objects.exists()
