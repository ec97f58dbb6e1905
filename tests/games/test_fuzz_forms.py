"""Bad input anywhere on the rounds and results pages: a message or a 4xx, never a 500."""

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from draws.actions import do_draw_round, publish_draw
from games.models import Game, GameResult, ResultVersion
from league.models import Round, Table
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register

FIELD_NAMES = st.sampled_from(
    [
        "mode", "version", "reason", "note", "seed", "redraw", "names", "player", "first",
        "second", "number", "date", "score-0", "score-1", "score-2", "score-3",
        "deal-0-trump", "deal-0-declarer", "deal-0-winning_bid", "deal-0-contract-0",
        "deal-0-tricks-3", "deal-27-contract-1", "decision",
    ]
)  # fmt: skip
VALUES = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(10**20), max_value=10**20).map(str),
    st.sampled_from(["", "sheet", "scores", "1", "0", "-1", "NT", "approve", "2099-01-04"]),
)
FORMS = st.dictionaries(FIELD_NAMES, VALUES, max_size=12)


@pytest.fixture
def world(db):
    season = make_season(rules={"deals_per_game": 1})
    organizer = make_organizer(season)
    open_round = make_round(season, number=1)
    drawn = make_round(season, number=2)
    players = make_players(4, with_users=True)
    register(drawn, players)
    do_draw_round(drawn, seed=1)
    publish_draw(drawn)
    table = Table.objects.get(round=drawn)
    return {"season": season, "organizer": organizer, "open": open_round, "drawn": drawn,
            "table": table, "player": players[0].user}  # fmt: skip


def addresses(world):
    season, table = world["season"], world["table"]
    rounds = [world["open"], world["drawn"]]
    manage = [
        reverse(f"manage:{name}", args=[season.slug, r.number])
        for r in rounds
        for name in ("register", "unregister", "close", "reopen", "draw", "swap", "publish",
                     "finish")
    ]  # fmt: skip
    games = [
        reverse(f"games:{name}", args=[table.pk])
        for name in ("submit", "confirm", "dispute", "check")
    ]
    others = [
        reverse("manage:season", args=[season.slug]),
        reverse("web:register", args=[world["open"].pk]),
        reverse("claim_player"),
    ]
    return [*manage, *games, *others]


@pytest.mark.django_db
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(form=FORMS, who=st.sampled_from(["organizer", "player"]), index=st.integers(0, 100))
def test_random_form_posts_never_cause_a_server_error(world, form, who, index):
    client = Client(raise_request_exception=False)
    client.force_login(world[who])
    targets = addresses(world)
    response = client.post(targets[index % len(targets)], form)
    assert response.status_code < 500, (targets[index % len(targets)], form)
    # whatever happened, the table has at most one current result and a consistent game
    current = ResultVersion.objects.exclude(status="superseded").filter(table=world["table"])
    assert current.count() <= 1
    for game in Game.objects.filter(status=Game.Status.CONFIRMED, table__isnull=False):
        assert GameResult.objects.filter(game=game).count() == 4
    assert Round.objects.filter(number__in=[1, 2]).count() >= 2


@pytest.mark.django_db
def test_random_json_to_the_sheet_check_never_fails(world):
    client = Client(raise_request_exception=False)
    client.force_login(world["player"])
    url = reverse("games:check", args=[world["table"].pk])
    for body in ["null", "1", '"x"', "{}", '{"deal-0-trump": []}', '{"deal-0-declarer": 1e999}',
                 '{"deal-0-contract-0": {"a": 1}}', "[" * 500, "\u0000"]:  # fmt: skip
        response = client.post(url, body, content_type="application/json")
        assert response.status_code in (200, 400), body
