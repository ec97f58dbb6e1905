"""The smoke walk (issue 26): on a fresh demo club, every kind of visitor, in Hebrew and in
English, opens one page of every address pattern the site shows it and presses every button
of every form it finds, with the values a browser would send (tests/web/smoke/); no answer is
a 5xx, and a refusal is a page or JSON with a sentence, never a traceback. Every address
pattern of the URLconf is reached by some visitor (UNREACHED lists the exceptions, with why).

A wizard button that answered 500 for every league slipped past every test because no test
pressed it; this walk presses them all. It is about the pages, not the database, so it runs
in the SQLite pass only; it prints its time (about a minute on the 2-core CI machine).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection, transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.models import PlayerClaim
from draws.actions import do_draw_round, publish_draw
from games.actions import submit_result
from games.demo import ORGANIZER, load_demo
from games.models import Game
from league.actions.registration import close_registration
from league.models import League, Player, Registration, Round, Season, Table
from mail.tokens import unsubscribe_token
from publishing.actions import do_publish_season
from tests.web.smoke.walker import Walk

LANGUAGES = ("he", "en")

# Address patterns no visitor reaches, and why.
UNREACHED: dict[str, str] = {}


@dataclass
class Club:
    """The demo club and where its visitors start."""

    visitors: dict[str, Any]
    seeds: list[str]


@dataclass
class Evening:
    """The demo season's round being played tonight, and the next one."""

    season: Season
    tonight: Round
    next_round: Round
    pending: Table  # table 1: its seat 0 entered the result
    open_table: Table  # table 2: no result yet
    confirmer: Any  # table 1's seat 1, asked to confirm


def _evening(season: Season) -> Evening:
    """The evening of the demo's next round as the schedule leaves it (registration closed,
    drawn and published at 20:00 and 20:15), once table 1's seat 0 has entered its result;
    its players have registered for the round after too. Table 1's seats 0 and 1 are given an
    account where they had none."""
    tonight, next_round = season.rounds.filter(status=Round.Status.OPEN).order_by("number")[:2]
    players = [registration.player for registration in tonight.registrations.all()]
    Registration.objects.bulk_create([Registration(round=next_round, player=p) for p in players])
    close_registration(tonight)
    do_draw_round(tonight)
    publish_draw(tonight)
    pending, open_table = tonight.tables.order_by("number")[:2]
    submitter, confirmer = (seat.player for seat in pending.seats.order_by("seat")[:2])
    for player in (submitter, confirmer):
        if player.user is None:
            player.user = get_user_model().objects.create_user(player.slug, password="x")
            player.save(update_fields=["user"])
    submit_result(pending, actor=submitter.user, scores=[120, 40, -60, -100])
    return Evening(season, tonight, next_round, pending, open_table, confirmer.user)


def _seeds(evening: Evening) -> list[str]:
    """Where every walk starts, in this order; each is the example of its pattern: the home
    page; tonight's round at the desk (drawn, a result waiting), the next round's (open, where
    the organizer's buttons lead through registration, the draw and its publication), its
    public page and tables (the sheet before the entry page, while table 1's result waits),
    and a player with opponents; then the visitor's own pages, the API and its docs, and the
    addresses only an e-mail or another program opens."""
    season, tonight = evening.season, evening.tonight
    played = season.rounds.filter(status=Round.Status.FINISHED).order_by("number").last()
    game = Game.objects.filter(season=season).order_by("pk").first()
    assert played is not None and game is not None
    player = Player.objects.get(name="Dana")
    api = [
        reverse("api:league-list"),
        reverse("api:league-detail", args=[season.league.slug]),
        reverse("api:season-list"),
        reverse("api:season-detail", args=[season.slug]),
        reverse("api:standings", args=[season.slug]),
        reverse("api:round-list", args=[season.slug]),
        reverse("api:round-detail", args=[season.slug, played.number]),
        reverse("api:round-registrations", args=[season.slug, evening.next_round.number]),
        reverse("api:round-draw", args=[season.slug, tonight.number]),
        reverse("api:player-list"),
        reverse("api:rating-list"),
        reverse("api:player-detail", args=[player.slug]),
        reverse("api:game-list"),
        reverse("api:game-detail", args=[game.pk]),
        "/api/v1/no-such-endpoint/",
    ]
    return [
        "/",
        reverse("manage:round", args=[season.slug, tonight.number]),
        reverse("manage:round", args=[season.slug, evening.next_round.number]),
        reverse("manage:season", args=[season.slug]),
        reverse("web:round", args=[season.slug, tonight.number]),
        reverse("games:sheet", args=[evening.pending.pk]),
        reverse("games:table", args=[evening.pending.pk]),
        reverse("games:table", args=[evening.open_table.pk]),
        reverse("web:player", args=[player.slug]),
        reverse("web:my_rounds"),
        reverse("web:my_registration"),  # the round page's Register, when a round is open
        reverse("manage:index"),
        reverse("claims"),
        reverse("healthz"),
        reverse("readyz"),
        reverse("robots_txt"),
        reverse("favicon"),
        reverse("set_language"),
        reverse("password_reset_done"),
        reverse("password_reset_confirm", args=["MQ", "not-a-token"]),
        reverse("password_reset_complete"),
        reverse("games:seat_link", args=["not-a-token"]),
        reverse("web_manifest"),  # the phone reads it from <link rel="manifest">
        reverse("mail_unsubscribe", args=[unsubscribe_token(evening.confirmer.pk, "results")]),
        reverse("mail_unsubscribe", args=["not-a-token"]),
        "/no-such-page/",
        "/admin/",
        reverse("api:docs"),
        reverse("api:redoc"),
        reverse("api:schema"),
        *api,
    ]


@pytest.fixture
def club(db: None) -> Club:
    """A fresh demo club on the evening of its next round, published as the schedule does,
    with an organizer of its leagues who is no superuser, another league's organizer and a
    stranger's pending claim to one of its players."""
    if connection.vendor != "sqlite":
        pytest.skip("the smoke walk runs in the SQLite pass")
    load_demo(timezone.localdate())
    evening = _evening(Season.objects.get(slug="demo-season"))
    for season in Season.objects.all():
        do_publish_season(season.pk)
    user_model = get_user_model()
    organizer = user_model.objects.create_user("league-organizer", password="x")
    for league in League.objects.all():
        league.organizers.add(organizer)
    rival = user_model.objects.create_user("rival-organizer", password="x")
    League.objects.create(name="Rival League", slug="rival-league").organizers.add(rival)
    stranger = user_model.objects.create_user("stranger", password="x")
    PlayerClaim.objects.create(user=stranger, player=Player.objects.get(name="Yoav"))
    visitors = {
        "anonymous": None,
        "player": evening.confirmer,
        "another league's organizer": rival,
        "the league's organizer": organizer,
        "superuser": user_model.objects.get(username=ORGANIZER),
    }
    return Club(visitors, _seeds(evening))


def url_patterns(
    patterns: list[URLPattern | URLResolver] | None = None, ns: str = "", prefix: str = ""
) -> set[str]:
    """Every address pattern of the URLconf: its namespaced name, or `namespace:route` for
    one without a name (as walker.route_of names them)."""
    names: set[str] = set()
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = f"{ns}{pattern.namespace}:" if pattern.namespace else ns
            names |= url_patterns(pattern.url_patterns, inner, route)
        else:
            names.add(f"{ns}{pattern.name or route}")
    return names


def required_patterns() -> set[str]:
    """The patterns some walk must reach: all but the admin's, and of the admin its index and
    every model's list. Its other pages exist per model and row (add, change, delete,
    history: the walk presses them where the superuser is shown them) or are called by its
    scripts (jsi18n, autocomplete, view_on_site)."""
    lists = {
        f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist"
        for model in admin.site._registry
    }
    site = {name for name in url_patterns() if not name.startswith("admin:")}
    return site | lists | {"admin:index"}


def test_every_visitor_in_every_language_gets_no_server_error_and_a_sentence(club, capsys):
    started = time.monotonic()
    problems: list[str] = []
    reached: set[str] = set()
    lines = []
    for who, user in club.visitors.items():
        for language in LANGUAGES:
            cache.clear()  # no page, session or sign-in count of an earlier walk
            with transaction.atomic():  # each walk starts from the same club
                walk = Walk(who, user, language).run(club.seeds)
                transaction.set_rollback(True)
            problems += walk.problems
            reached |= walk.routes
            lines.append(
                f"{who} [{language}]: {walk.requests} requests, {len(walk.routes)} patterns, "
                f"{walk.seconds:.1f} s"
            )
    with capsys.disabled():
        print("\n" + "\n".join(lines) + f"\nsmoke walk: {time.monotonic() - started:.1f} s")
    assert not problems, "\n".join(problems)
    assert sorted(required_patterns() - reached - set(UNREACHED)) == []
