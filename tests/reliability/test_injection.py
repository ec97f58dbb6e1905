"""A player named with markup and a spreadsheet formula is shown escaped everywhere: public,
player and organizer pages, the admin, the messaging texts, the API and the exports."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import confirm_result
from games.season_import import import_season
from league.actions.players import clean_player_name
from league.models import Player, Season
from publishing.actions import do_publish_season
from tests.league.factories import season_file
from tests.reliability.conftest import HOSTILE_NAME

RAW = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.fixture
def hostile(alpha):
    """Alpha's seat-0 player carries the hostile name; his table's result is confirmed and
    the season published."""
    player = alpha.players[0]
    player.name = HOSTILE_NAME
    player.save()
    confirm_result(alpha.table, 1, actor=alpha.user(1))
    do_publish_season(alpha.season.pk)
    return alpha


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def assert_escaped(text: str, url: str) -> None:
    assert RAW not in text, url
    assert "</textarea><script>" not in text, url
    assert ESCAPED in text, f"{url} does not show the name"


def test_public_pages_escape_the_name(hostile):
    slug, player = hostile.season.slug, hostile.players[0].slug
    client = Client()
    for url in (
        f"/seasons/{slug}/",
        f"/seasons/{slug}/rounds/1/",
        f"/seasons/{slug}/rounds/2/",
        f"/players/{player}/",
    ):
        assert_escaped(page(client, url), url)
    assert RAW not in page(client, "/")


def test_messaging_texts_stay_inside_their_text_box(hostile):
    text = page(Client(), f"/seasons/{hostile.season.slug}/rounds/2/")
    boxes = text.split('<textarea id="text-')[1:]
    assert boxes, "the round page offers no messaging text"
    for box in boxes:
        body = box.split("</textarea>", 1)[0]
        assert "<" not in body.split(">", 1)[1]  # nothing in the box is markup
    assert "&lt;/textarea&gt;" in text


def test_player_and_organizer_pages_escape_the_name(hostile):
    table, slug = hostile.table.pk, hostile.season.slug
    tablemate = Client()
    tablemate.force_login(hostile.user(1))
    for url in (f"/tables/{table}/", f"/tables/{table}/sheet/"):
        assert_escaped(page(tablemate, url), url)
    himself = Client()
    himself.force_login(hostile.user(0))
    assert RAW not in page(himself, "/me/")
    organizer = Client()
    organizer.force_login(hostile.organizer)
    for url in (f"/manage/seasons/{slug}/rounds/1/", f"/manage/seasons/{slug}/rounds/2/"):
        assert_escaped(page(organizer, url), url)


def test_admin_escapes_the_name(hostile):
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw-123456")
    client = Client()
    client.force_login(admin)
    url = f"/admin/league/player/?q={hostile.players[0].slug}"
    assert_escaped(page(client, url), url)


def test_api_returns_the_name_as_data_and_its_html_view_escapes_it(hostile):
    client = Client()
    response = client.get(f"/api/v1/players/{hostile.players[0].slug}/")
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["name"] == HOSTILE_NAME
    standings = client.get(f"/api/v1/seasons/{hostile.season.slug}/standings/")
    assert HOSTILE_NAME in {row["player"] for row in standings.json()["standings"]}
    html = client.get(f"/api/v1/players/{hostile.players[0].slug}/", HTTP_ACCEPT="text/html")
    assert html["Content-Type"].startswith("text/html")
    assert RAW not in html.content.decode()


FORMULA_STARTS = st.sampled_from(["=", "+", "-", "@", "\t", "\r"])
# Any visible text: an invisible format character (Cf, a soft hyphen say) is refused in a
# name (league.actions.players.clean_player_name), so a season file holding one never
# imports (tests/league/test_invisible_names.py, tests/accounts/test_invisible_names.py).
NAME_TAILS = st.text(
    alphabet=st.characters(blacklist_categories=["Cs", "Cc", "Cf", "Zs", "Zl", "Zp"]),
    min_size=1,
    max_size=20,
)


@pytest.mark.django_db
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=FORMULA_STARTS, tail=NAME_TAILS)
def test_exports_neutralise_every_formula_start(start, tail):
    name = start + tail
    names = [name, "Dana", "Eli", "Noa"]
    imported = import_season(
        season_file(slug="export-check", rounds=[
            {"number": 1, "date": "2024-06-30",
             "games": [{"scores": dict(zip(names, (30, 10, -10, -30), strict=True))}]},
        ])
    )  # fmt: skip
    stored = clean_player_name(name)  # as the import stores it (spaces normalised)
    assert Player.objects.filter(name=stored).exists()
    do_publish_season(imported.season.pk)
    client = Client()
    slug = Season.objects.get(pk=imported.season.pk).slug
    text = client.get(f"/seasons/{slug}/", {"_export": "csv"}).content.decode("utf-8-sig")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert f"'{stored}" in cells or not stored.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert not any(c.startswith(("=", "+", "@", "\t", "\r")) for c in cells if c != stored)
    sheet = openpyxl.load_workbook(
        io.BytesIO(client.get(f"/seasons/{slug}/", {"_export": "xlsx"}).content)
    ).active
    texts = [v for row in sheet.iter_rows(values_only=True) for v in row if isinstance(v, str)]
    assert not any(v.startswith(("=", "+", "-", "@", "\t", "\r")) for v in texts)
