"""/me/ puts the next action first (issue 27 item 6): the results waiting for my
confirmation, tonight's table, my other drawn tables not yet played, then my place and the
registrations; a tournament says stage and final table."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from games.actions import submit_result
from games.season_import import import_season
from league.models import Player, Season
from publishing.actions import do_publish_season
from tests.roundsupport import (
    FAR_SUNDAY,
    make_players,
    make_round,
    make_season,
    make_user,
    seat_table,
)
from tests.tournamentsupport import tournament
from tests.web.conftest import season_file

pytestmark = pytest.mark.django_db
SCORES = [120, 60, 10, -40]


def published_season(slug: str, players: int, rounds: int) -> Season:
    """A running season imported from a season file and published."""
    season = import_season(season_file(slug, players, rounds)).season
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    do_publish_season(season.pk)
    return Season.objects.get(pk=season.pk)


def me(client, language: str = "en") -> str:  # type: ignore[no-untyped-def]
    response = client.get(reverse("web:my_rounds"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def evening():  # type: ignore[no-untyped-def]
    """A league season with tonight's table, an earlier drawn table not yet played, and two
    rounds open for registration; four players with accounts."""
    season = make_season()
    players = make_players(4, with_users=True)
    today = timezone.localdate()
    tonight = seat_table(make_round(season, 5, today), players)
    earlier = seat_table(make_round(season, 4, today - dt.timedelta(days=3)), players)
    for number in (6, 7):
        make_round(season, number, FAR_SUNDAY + dt.timedelta(days=number))
    return players, tonight, earlier


def test_me_puts_a_result_waiting_for_my_confirmation_first(client):
    players, _tonight, earlier = evening()
    submit_result(earlier, actor=players[1].user, scores=SCORES)
    client.force_login(players[0].user)

    body = me(client)

    waiting = body.index("A result waits for your confirmation")
    assert f'href="/tables/{earlier.pk}/"' in body[waiting : body.index('class="card tonight"')]
    assert f"entered by {players[1].name}" in body
    assert waiting < body.index("Tonight") < body.index(">Registration<")


def test_the_player_who_entered_the_result_is_not_asked_to_confirm_it(client):
    players, _tonight, earlier = evening()
    submit_result(earlier, actor=players[1].user, scores=SCORES)
    client.force_login(players[1].user)

    body = me(client)

    assert "A result waits for your confirmation" not in body
    drawn = body[body.index("My drawn tables not yet played") :]
    assert f'href="/tables/{earlier.pk}/"' in drawn and "awaiting confirmation" in drawn


def test_tonights_table_comes_before_my_other_drawn_tables_and_the_registrations(client):
    players, tonight, earlier = evening()
    client.force_login(players[0].user)

    body = me(client)

    tonight_at = body.index(f'href="/tables/{tonight.pk}/"')
    earlier_at = body.index(f'href="/tables/{earlier.pk}/"')
    assert tonight_at < body.index("My drawn tables not yet played") < earlier_at
    assert earlier_at < body.index(">Registration<") < body.index("Round 6")
    assert body.count(f'href="/tables/{tonight.pk}/"') == 1  # not listed twice


def test_a_confirmed_table_is_no_longer_listed_as_not_yet_played(client):
    players, _tonight, earlier = evening()
    version = submit_result(earlier, actor=players[1].user, scores=SCORES)
    version.status = version.Status.CONFIRMED
    version.save()
    client.force_login(players[0].user)

    assert f'href="/tables/{earlier.pk}/"' not in me(client)


@pytest.mark.parametrize(
    ("language", "stage", "final", "league_round"),
    [("en", "Stage 1", "Final table", "Round"), ("he", "שלב 1", "שולחן גמר", "מחזור")],
)
def test_a_tournament_on_me_says_stage_and_final_table(
    client, language, stage, final, league_round
):
    _season, rounds = tournament(0, slug="evening-me")
    (player, *others) = make_players(4, with_users=True)
    seat_table(rounds[4], [player, *others])  # the final table, drawn
    client.force_login(player.user)

    body = me(client, language)

    assert stage in body and final in body
    # the registration list, up to the e-mails part (whose kinds name rounds in general)
    registration = body[body.index('class="round-list"') : body.index('id="emails"')]
    assert league_round not in registration  # no "round" for a stage
    for later in rounds[1:]:
        assert reverse("web:register", args=[later.pk]) not in body


def test_me_shows_my_place_in_the_running_seasons(client):
    season = published_season("season-me", players=8, rounds=3)
    rows = season.snapshots.get().data["standings"]
    mine = rows[4]
    user = make_user("me")
    Player.objects.filter(slug=mine["player_slug"]).update(user=user)
    client.force_login(user)

    body = me(client)

    place = body[body.index("My place in") :]
    assert "Place <bdi" in place and rows[3]["player"] in place and rows[5]["player"] in place
    assert "3rd place today" in place and rows[2]["player"] in place


@pytest.mark.parametrize("rounds", [1, 6])
def test_me_makes_the_same_number_of_queries_with_a_waiting_result_and_a_place(
    client, rounds, django_assert_num_queries
):
    season = published_season("season-q", players=4 * rounds, rounds=rounds)
    player = Player.objects.order_by("name").first()
    others = make_players(3, with_users=True)
    Player.objects.filter(pk=player.pk).update(user=make_user("me"))
    table = seat_table(make_round(season, 50, timezone.localdate()), [player, *others])
    submit_result(table, actor=others[0].user, scores=SCORES)
    make_round(season, 51, FAR_SUNDAY)  # open for registration
    client.force_login(Player.objects.get(pk=player.pk).user)
    # user, player, my seats, their current versions, running seasons, their tables, open
    # rounds, my registrations, my e-mail preferences, the live counters of my seasons
    with django_assert_num_queries(10):
        body = me(client)
    assert "A result waits for your confirmation" in body and "My place in" in body
