"""NUL bytes and lone surrogates anywhere in a request: a 404 or a 400 naming the field.

PostgreSQL refuses NUL in text, so these answered 500 there (run this file on PostgreSQL
too). Addresses with one are not found; query parameters and form fields with one are
refused naming the field, before any view or query sees them.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from core.unstorable import is_storable, printable
from draws.actions import do_draw_round
from league.models import Player, Registration, Table
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register

NUL = "\x00"

PATHS = [
    "/players/da%00na/",
    "/players/da%00na/vs/eli/",
    "/players/dana/vs/e%00li/",
    "/seasons/x%00/",
    "/seasons/x%00/rules/",
    "/seasons/x%00/rounds/1/",
    "/manage/seasons/x%00/",
    "/api/v1/seasons/x%00/",
    "/api/v1/players/x%00/",
    "/api/v1/leagues/x%00/",
    "/api/v1/seasons/x%00/standings/",
    "/api/v1/seasons/x%00/rounds/",
    "/api/v1/seasons/x%00/rounds/1/",
    "/api/v1/seasons/x%00/rounds/1/registrations/",
    # A lone surrogate (UTF-8 of U+D800, not valid UTF-8) in the address.
    "/players/%ED%A0%80/",
    "/players/%ED%A0%80/vs/%ED%A0%80/",
    "/seasons/x%ED%B0%80/",
    "/api/v1/players/%ED%A0%80/",
]


@pytest.fixture
def world(db):
    season = make_season(rules={"deals_per_game": 1})
    organizer = make_organizer(season)
    open_round = make_round(season, number=1)
    drawn = make_round(season, number=2)
    players = make_players(4, with_users=True)
    register(drawn, players)
    do_draw_round(drawn, seed=1)
    return {
        "season": season,
        "organizer": organizer,
        "open": open_round,
        "table": Table.objects.get(round=drawn),
        "player": players[0].user,
    }


def client() -> Client:
    return Client(raise_request_exception=False)


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_a_path_with_nul_is_not_found(path):
    response = client().get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/seasons/?league=x%00",
        "/api/v1/games/?player=x%00",
        "/api/v1/seasons/?q%00=1",
        "/api/v1/seasons/s/standings/?final=1%00",
    ],
)
def test_an_api_query_parameter_with_nul_is_a_400_naming_it(path):
    response = client().get(path)
    assert response.status_code == 400
    (problem,) = response.json()["errors"]
    assert problem["code"] == "invalid_text"
    name = path.split("?")[1].split("=")[0].replace("%00", "\ufffd")
    assert problem["path"] == name
    assert name in problem["message"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/seasons/?page=2%00", "/players/x/?_export=csv%00", "/?q=%00", "/ratings/?sort=x%00"]
)
def test_a_page_query_parameter_with_nul_is_a_400_naming_it(path):
    response = client().get(path)
    assert response.status_code == 400
    assert path.split("?")[1].split("=")[0] in response.content.decode()


def form_posts(world):
    season, table, open_round = world["season"], world["table"], world["open"]
    manage = reverse("manage:register", args=[season.slug, open_round.number])
    return {
        "registration names": ("organizer", manage, {"names": f"Da{NUL}na"}, "names"),
        "result note": (
            "player",
            reverse("games:submit", args=[table.pk]),
            {"mode": "scores", "note": f"x{NUL}", **{f"score-{i}": "0" for i in range(4)}},
            "note",
        ),
        "dispute reason": (
            "player",
            reverse("games:dispute", args=[table.pk]),
            {"reason": f"wrong{NUL}"},
            "reason",
        ),
        "invitation name": (
            "organizer",
            reverse("invite_player"),
            {"name": f"Eli{NUL}", "email": "eli@example.org"},
            "name",
        ),
        "signup user name": (
            None,
            reverse("signup"),
            {"username": f"eve{NUL}", "password1": "a-Long-pass-9", "password2": "a-Long-pass-9"},
            "username",
        ),
        "sign-in user name": (
            None,
            reverse("login"),
            {"username": f"eve{NUL}", "password": "whatever"},
            "username",
        ),
        "self registration (field name)": (
            "player",
            reverse("web:register", args=[open_round.pk]),
            {f"x{NUL}": "1"},
            "x\ufffd",
        ),
    }


FORM_CASES = [
    "registration names",
    "result note",
    "dispute reason",
    "invitation name",
    "signup user name",
    "sign-in user name",
    "self registration (field name)",
]


@pytest.mark.parametrize("case", FORM_CASES)
def test_a_form_field_with_nul_is_a_400_naming_the_field(world, case):
    who, url, data, field = form_posts(world)[case]
    browser = client()
    if who is not None:
        browser.force_login(world[who])
    players = Player.objects.count()
    registrations = Registration.objects.count()
    response = browser.post(url, data)
    assert response.status_code == 400
    assert field in response.content.decode()
    assert Player.objects.count() == players
    assert Registration.objects.count() == registrations


def import_csv(world, data: bytes):
    browser = client()
    browser.force_login(world["organizer"])
    upload = SimpleUploadedFile("players.csv", data, content_type="text/csv")
    return browser.post(reverse("import_players"), {"file": upload}, follow=True)


def test_player_csv_with_nul_is_refused_naming_the_line(world):
    players = Player.objects.count()
    response = import_csv(world, f"name\nDana\nEl{NUL}i\n".encode())
    assert response.status_code == 200
    page = response.content.decode()
    assert "line 3" in page
    assert "NUL" in page
    assert Player.objects.count() == players


def test_player_csv_with_a_lone_surrogate_is_refused(world):
    players = Player.objects.count()
    response = import_csv(world, "name\nDana\nEli\ud800\n".encode("utf-8", "surrogatepass"))
    assert response.status_code == 200
    assert "UTF-8" in response.content.decode()
    assert Player.objects.count() == players


def test_a_view_reading_the_body_after_the_fields_were_checked_still_can(world):
    # The deal sheet's check reads request.body; a multipart post once made that a 500.
    browser = client()
    browser.force_login(world["player"])
    response = browser.post(reverse("games:check", args=[world["table"].pk]), {"mode": "x"})
    assert response.status_code < 500


@pytest.mark.parametrize(
    ("text", "storable"),
    [("Dana", True), ("דנה", True), ("da\x00na", False), ("x\ud800", False), ("\udfff", False)],
)
def test_nul_and_lone_surrogates_are_not_storable_text(text, storable):
    assert is_storable(text) is storable
    assert is_storable(printable(text))
