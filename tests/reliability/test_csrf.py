"""CSRF on every form: a POST without the token is refused everywhere, every form carries it."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from tests.reliability.conftest import LeagueWorld

# Routes that are not Django forms: the admin has its own tests upstream, the API
# authenticates by bearer token only (no cookie, so nothing for a forged form to ride on).
NOT_FORMS = ("admin", "api")
# Routes meant to take a POST without the site's token: RFC 8058's one-click unsubscribe comes
# from the mail client, not from a page of the site (its signed token in the address is the
# check; tests/mail covers it).
CSRF_EXEMPT = ("mail_unsubscribe",)


def route_names(patterns: list[URLPattern | URLResolver] | None = None, ns: str = "") -> set[str]:
    """Every named route of the site, namespaced (`manage:draw`)."""
    names: set[str] = set()
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{ns}{pattern.namespace}:" if pattern.namespace else ns
            names |= route_names(pattern.url_patterns, inner)
        elif pattern.name:
            names.add(f"{ns}{pattern.name}")
    return {
        name for name in names if name.split(":")[0] not in NOT_FORMS and name not in CSRF_EXEMPT
    }


def addresses(world: LeagueWorld) -> dict[str, str]:
    """An address for every route (of `world`'s league where it takes one)."""
    slug, season = world.season.slug, world.season.slug
    table, open_id = world.table.pk, world.open_round.pk
    by_round = {
        f"manage:{name}": reverse(f"manage:{name}", args=[slug, 1])
        for name in ("round", "register", "unregister", "close", "reopen", "draw", "swap",
                     "publish", "finish")
    }  # fmt: skip
    by_table = {
        f"games:{name}": reverse(f"games:{name}", args=[table])
        for name in ("table", "sheet", "submit", "confirm", "dispute", "check")
    }
    return {
        **by_round,
        **by_table,
        "manage:index": reverse("manage:index"),
        "manage:audit": reverse("manage:audit"),
        "manage:season": reverse("manage:season", args=[slug]),
        "web:my_rounds": reverse("web:my_rounds"),
        "web:register": reverse("web:register", args=[open_id]),
        "web:unregister": reverse("web:unregister", args=[open_id]),
        "web:home": reverse("web:home"),
        "web:archive": reverse("web:archive"),
        "web:season": reverse("web:season", args=[season]),
        "web:rules": reverse("web:rules", args=[season]),
        "web:round": reverse("web:round", args=[season, 1]),
        "web:player": reverse("web:player", args=[world.players[0].slug]),
        "web:language": reverse("web:language", args=["he"]),
        "healthz": reverse("healthz"),
        "set_language": reverse("set_language"),
        "login": reverse("login"),
        "logout": reverse("logout"),
        "signup": reverse("signup"),
        "claim_player": reverse("claim_player"),
        "claims": reverse("claims"),
        "decide_claim": reverse("decide_claim", args=[1]),
        "import_players": reverse("import_players"),
        "invite_player": reverse("invite_player"),
        "password_reset": reverse("password_reset"),
        "password_reset_done": reverse("password_reset_done"),
        "password_reset_confirm": reverse("password_reset_confirm", args=["MQ", "set-password"]),
        "password_reset_complete": reverse("password_reset_complete"),
    }


def any_address(name: str) -> str:
    """An address of a route the tests above do not know yet (a new one): the CSRF check
    runs before the view, so made-up arguments do."""
    for args in ([], [1], ["x"], [1, 1], ["x", 1], ["x", "x"], ["x", 1, 1]):
        try:
            return reverse(name, args=args)
        except NoReverseMatch:
            continue
    raise AssertionError(f"cannot build an address for the route {name}")


def every_address(world: LeagueWorld) -> dict[str, str]:
    """Every route of the site: the known ones on `world`'s objects, new ones made up."""
    known = addresses(world)
    return {name: known.get(name) or any_address(name) for name in sorted(route_names())}


@pytest.mark.parametrize("who", ["organizer", "player"])
def test_a_post_without_the_csrf_token_is_refused_on_every_route(alpha, who):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alpha.organizer if who == "organizer" else alpha.user(1))
    client.get(reverse("web:home"))  # the browser holds a csrftoken cookie, the form lacks it
    accepted = {
        name: response.status_code
        for name, url in every_address(alpha).items()
        if (response := client.post(url, {"version": "1", "names": "Zed"})).status_code != 403
    }
    assert accepted == {}


def test_the_csrf_refusal_is_not_a_traceback(alpha):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alpha.user(1))
    response = client.post(reverse("games:confirm", args=[alpha.table.pk]), {"version": "1"})
    assert response.status_code == 403
    assert b"Traceback" not in response.content
    assert alpha.table.result_versions.get().status == "pending"


def test_the_same_post_with_the_token_goes_through(alpha):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alpha.user(1))
    page = client.get(reverse("games:table", args=[alpha.table.pk]))
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content).group(1)
    response = client.post(
        reverse("games:confirm", args=[alpha.table.pk]),
        {"version": "1", "csrfmiddlewaretoken": token.decode()},
    )
    assert response.status_code == 302
    assert alpha.table.result_versions.get().status == "confirmed"


def test_the_live_sheet_check_needs_the_csrf_header(alpha):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alpha.user(0))
    client.get(reverse("games:table", args=[alpha.table.pk]))
    url = reverse("games:check", args=[alpha.table.pk])
    body = json.dumps({"deal-0-trump": "S"})
    assert client.post(url, body, content_type="application/json").status_code == 403
    token = client.cookies["csrftoken"].value
    response = client.post(url, body, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200


FORM = re.compile(rb"<form\b[^>]*>.*?</form>", re.DOTALL | re.IGNORECASE)


@pytest.mark.parametrize(
    ("who", "names"),
    [
        ("organizer", ["manage:index", "manage:season", "manage:round", "claims",
                       "import_players", "invite_player"]),
        ("player", ["web:my_rounds", "games:table", "games:sheet", "claim_player"]),
        ("anonymous", ["login", "signup", "password_reset", "web:home", "web:season",
                       "web:round"]),
    ],
)  # fmt: skip
def test_every_post_form_on_the_pages_carries_the_csrf_token(alpha, who, names):
    client = Client()
    if who == "organizer":
        client.force_login(alpha.organizer)
    elif who == "player":
        client.force_login(alpha.user(1))
    urls = addresses(alpha)
    forms_seen = 0
    for name in names:
        response = client.get(urls[name])
        assert response.status_code == 200, name
        for form in FORM.findall(response.content):
            if re.search(rb'method="post"', form, re.IGNORECASE):
                forms_seen += 1
                assert b'name="csrfmiddlewaretoken"' in form, (name, form[:200])
    assert forms_seen >= len(names) - 3  # public pages have at most the language switch
