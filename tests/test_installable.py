"""Installable on a phone (issue 31 item 5): the web manifest, the service worker's address
and headers, the pages the worker may keep (config/offline.py) and the sign-out that
clears them (accounts/signout.py). The worker itself: tests/js/sw.test.mjs and
tests/browser/test_offline.py."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from config.installable import BACKGROUND_COLOUR, OFFLINE_PAGE_POLICY, THEME_COLOUR
from config.offline import OFFLINE_STORE_HEADER, offline_key
from tests.browser.test_result_entry import seat_players_with_accounts
from tests.web.conftest import make_season  # noqa: F401 - the season-building fixture

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"
PASSWORD = "pw-12345!"


def manifest(language: str) -> dict:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert response["Cache-Control"] == "no-cache"
    assert "Accept-Language" in response["Vary"]
    return json.loads(response.content)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def signed_in(username: str) -> tuple[Client, object]:
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    client = Client()
    client.force_login(user)
    client.get("/")  # the CSRF cookie, as a phone that has opened a page has it
    return client, user


def test_manifest_names_the_app_opens_on_me_and_stands_alone():
    app = manifest("en")
    assert app["name"] == "Whist League"
    assert app["short_name"] == "Whist"
    assert app["start_url"] == "/me/"
    assert app["scope"] == "/"
    assert app["display"] == "standalone"
    assert (app["lang"], app["dir"]) == ("en", "ltr")


def test_manifest_speaks_the_visitors_language_and_direction():
    hebrew = manifest("he")
    assert (hebrew["lang"], hebrew["dir"]) == ("he", "rtl")
    russian = manifest("ru")
    assert (russian["lang"], russian["dir"]) == ("ru", "ltr")
    for code, app in (("he", hebrew), ("ru", russian)):
        with translation.override(code):
            assert app["name"] == gettext("Whist League") != "Whist League"
            assert app["short_name"] == gettext("Whist") != "Whist"


def test_manifest_colours_are_the_sites():
    app = manifest("en")
    css = (STATIC / "web" / "site.css").read_text(encoding="utf-8")
    assert f"--accent: {THEME_COLOUR};" in css
    assert f"--paper: {BACKGROUND_COLOUR};" in css
    assert (app["theme_color"], app["background_color"]) == (THEME_COLOUR, BACKGROUND_COLOUR)


def test_manifest_icons_are_pngs_of_192_and_512_and_a_maskable_one():
    icons = manifest("en")["icons"]
    seen = set()
    for icon in icons:
        assert icon["type"] == "image/png"
        path = STATIC / icon["src"].split(settings.STATIC_URL, 1)[1]
        width, height = png_size(path)
        assert icon["sizes"] == f"{width}x{height}"
        seen.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= seen
    assert png_size(STATIC / "web" / "icons" / "apple-touch-icon.png") == (180, 180)


def test_base_layout_links_the_manifest_the_touch_icon_and_the_worker_script():
    page = Client().get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert re.search(r'<link rel="apple-touch-icon" href="[^"]*icons/apple-touch-icon\.png">', page)
    assert '<meta name="theme-color" content="#0b5d3b">' in page
    # nobody signed in: no user's key
    assert re.search(
        r'<script src="[^"]*web/pwa\.js" data-worker="/sw\.js" data-user="" defer>', page
    )


def test_service_worker_is_served_at_the_root_never_kept_stale():
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    source = (STATIC / "web" / "sw.js").read_text(encoding="utf-8")
    assert body.endswith(source)


def test_service_worker_carries_the_offline_page_in_every_language():
    body = Client().get("/sw.js").content.decode()
    prelude = body.split("\n", 1)[0]
    assert prelude.startswith("self.WHIST_WORKER = ") and prelude.endswith(";")
    options = json.loads(prelude.removeprefix("self.WHIST_WORKER = ").removesuffix(";"))
    assert set(options["languages"]) == {code for code, _name in settings.LANGUAGES}
    assert options["languages"]["he"]["dir"] == "rtl"
    assert options["languages"]["en"]["title"] == "No connection"
    for code in ("he", "ru"):
        with translation.override(code):
            assert options["languages"][code]["title"] == gettext("No connection")
            assert options["languages"][code]["title"] != "No connection"
    assert options["header"] == OFFLINE_STORE_HEADER
    assert options["build"] == settings.BUILD_ID
    assert options["policy"] == OFFLINE_PAGE_POLICY
    assert "script-src 'none'" in options["policy"]


def test_worker_and_manifest_are_allowed_by_the_strict_policy():
    """default-src 'self' covers worker-src and manifest-src: nothing was widened."""
    policy = Client().get("/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert "worker-src" not in directives and "manifest-src" not in directives
    assert "'unsafe-inline'" not in policy


def test_offline_key_is_per_user_and_empty_for_nobody():
    alice = get_user_model().objects.create_user(username="alice")
    bob = get_user_model().objects.create_user(username="bob")
    assert re.fullmatch(r"[0-9a-f]{32}", offline_key(alice))
    assert offline_key(alice) == offline_key(alice)
    assert offline_key(alice) != offline_key(bob)
    assert str(alice.pk) != offline_key(alice)
    assert offline_key(AnonymousUser()) == ""
    assert offline_key(None) == ""


def test_signed_in_pages_name_the_offline_user():
    client, user = signed_in("alice")
    page = client.get("/").content.decode()
    assert f'data-worker="/sw.js" data-user="{offline_key(user)}" defer>' in page


def test_own_page_is_marked_for_the_offline_store_with_the_users_key():
    client, user = signed_in("alice")
    response = client.get("/me/")
    assert response.status_code == 200
    assert response[OFFLINE_STORE_HEADER] == offline_key(user)


def test_deal_sheet_of_the_players_table_is_marked_for_the_offline_store(make_season):  # noqa: F811 - the fixture
    table, _players = seat_players_with_accounts(make_season(players=8, rounds=3))
    seated = get_user_model().objects.get(username="user0")
    client = Client()
    client.force_login(seated)
    client.get("/")
    response = client.get(f"/tables/{table.pk}/sheet/")
    assert response.status_code == 200
    assert response[OFFLINE_STORE_HEADER] == offline_key(seated)


def test_public_pages_are_never_marked_for_the_offline_store(make_season):  # noqa: F811 - the fixture
    season = make_season()
    client, _user = signed_in("alice")
    for path in ("/", f"/seasons/{season.slug}/", "/ratings/", "/manifest.webmanifest"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert OFFLINE_STORE_HEADER not in response, path
    anonymous = Client().get("/me/")
    assert OFFLINE_STORE_HEADER not in anonymous


def test_a_page_that_sets_a_cookie_is_never_marked_for_the_offline_store():
    user = get_user_model().objects.create_user(username="alice")
    client = Client()
    client.force_login(user)
    response = client.get("/me/")  # the first page: a new CSRF cookie comes with it
    assert response.status_code == 200
    assert "csrftoken" in response.cookies
    assert OFFLINE_STORE_HEADER not in response


def test_a_kept_page_carries_no_set_cookie_not_even_a_repeated_one():
    client, user = signed_in("alice")
    token = client.cookies["csrftoken"].value
    response = client.get("/me/")
    assert response[OFFLINE_STORE_HEADER] == offline_key(user)
    assert not response.cookies
    assert "Set-Cookie" not in response.serialize_headers().decode()
    assert client.cookies["csrftoken"].value == token


def test_another_users_sheet_is_not_marked_for_the_offline_store(make_season):  # noqa: F811 - the fixture
    table, _players = seat_players_with_accounts(make_season(players=8, rounds=3))
    client, _user = signed_in("stranger")
    response = client.get(f"/tables/{table.pk}/sheet/")
    assert response.status_code != 200
    assert OFFLINE_STORE_HEADER not in response


def test_sign_out_clears_the_sites_cache_and_storage():
    client, _user = signed_in("alice")
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert OFFLINE_STORE_HEADER not in client.get("/me/")


def test_worker_and_manifest_refuse_other_methods_with_a_sentence():
    for path in ("/sw.js", "/manifest.webmanifest"):
        response = Client(HTTP_ACCEPT_LANGUAGE="en").post(path)
        assert response.status_code == 405
        assert response["Allow"] == "GET, HEAD"
        assert response.content.decode() == (
            "This address does not answer a POST request. It answers: GET, HEAD."
        )
    assert Client().head("/sw.js").status_code == 200
