"""A player's own page: register and unregister until the deadline, see his tables."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from core.errors import ActionError
from league.actions.registration import register_player
from league.models import Registration, Round
from league.round_names import round_in_sentence
from league.rules import LeagueRules
from tests.roundsupport import (
    PAST_SUNDAY,
    make_organizer,
    make_players,
    make_round,
    make_season,
    make_user,
    seat_table,
)
from tests.tournamentsupport import tournament

pytestmark = pytest.mark.django_db


def test_player_registers_and_unregisters_himself_on_his_page(client):
    season = make_season()
    round_ = make_round(season)
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    body = client.get(reverse("web:my_rounds")).content.decode()
    assert "Register" in body
    response = client.post(reverse("web:register", args=[round_.pk]), follow=True)
    assert "You are registered for round 1" in response.content.decode()
    assert Registration.objects.filter(round=round_, player=player).exists()
    client.post(reverse("web:unregister", args=[round_.pk]))
    assert not Registration.objects.exists()


def test_registration_after_the_deadline_is_a_message(client):
    season = make_season()
    closed_at = timezone.now() - dt.timedelta(hours=1)
    round_ = make_round(season, registration_deadline=closed_at)
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    assert "Registration is closed." in client.get(reverse("web:my_rounds")).content.decode()
    response = client.post(reverse("web:register", args=[round_.pk]), follow=True)
    assert response.status_code == 200
    assert "closed at" in response.content.decode()
    assert not Registration.objects.exists()


def test_my_page_offers_the_next_rounds_not_those_of_days_gone_by(client):
    """A season made with its start in the past has open rounds of days gone by: their
    deadline has passed, and they must not take the list's places of the rounds to come."""
    season = make_season()
    for number in range(1, 13):
        make_round(season, number=number, date=PAST_SUNDAY + dt.timedelta(days=7 * number))
    coming = make_round(season, number=13)
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    body = client.get(reverse("web:my_rounds")).content.decode()
    assert f'action="{reverse("web:register", args=[coming.pk])}"' in body
    assert "Registration is closed." not in body
    assert body.count('<li class="card">') == 1


def test_user_without_player_is_pointed_to_the_claim(client):
    round_ = make_round(make_season())
    client.force_login(make_user())
    assert "Claim your player record" in client.get(reverse("web:my_rounds")).content.decode()
    assert client.post(reverse("web:register", args=[round_.pk])).status_code == 404
    assert not Registration.objects.exists()


def test_anonymous_cannot_register(client):
    round_ = make_round(make_season())
    response = client.post(reverse("web:register", args=[round_.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(reverse("web:register", args=[99999])).status_code == 302


def test_unknown_round_is_404(client):
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    assert client.post(reverse("web:register", args=[99999])).status_code == 404
    assert client.get(reverse("web:register", args=[1])).status_code == 405


@pytest.mark.parametrize("rounds", [1, 6])
def test_my_rounds_query_count_is_constant(client, rounds, django_assert_num_queries):
    season = make_season()
    players = make_players(4, with_users=True)
    for number in range(1, rounds + 1):
        make_round(season, number=number)
    drawn = make_round(season, number=rounds + 1)
    seat_table(drawn, players)
    client.force_login(players[0].user)
    # user (the session is cached), player, my seats, their current versions, running
    # seasons (none), open rounds, my registrations, my e-mail preferences, the live
    # counters of my seasons
    with django_assert_num_queries(9):
        body = client.get(reverse("web:my_rounds")).content.decode()
    assert "table 1" in body


@pytest.fixture
def _english_after_each_test():
    """A Hebrew request leaves Hebrew active in this thread; later tests expect English."""
    yield
    translation.activate("en")


TOURNAMENT_WORDS = {
    "en": ("You are registered for stage 1.", "You are no longer registered for stage 1."),
    "he": ("נרשמת לשלב 1.", "אינך רשום עוד לשלב 1."),
}


@pytest.mark.usefixtures("_english_after_each_test")
@pytest.mark.parametrize("language", ["en", "he"])
def test_a_tournaments_registration_messages_name_the_stage(client, language):
    _season, rounds = tournament(4)
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    registered, unregistered = TOURNAMENT_WORDS[language]
    url = reverse("web:register", args=[rounds[0].pk])
    page = client.post(url, follow=True, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert registered in page and Registration.objects.filter(player=player).exists()
    url = reverse("web:unregister", args=[rounds[0].pk])
    page = client.post(url, follow=True, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert unregistered in page and not Registration.objects.filter(player=player).exists()


@pytest.mark.usefixtures("_english_after_each_test")
@pytest.mark.parametrize("language", ["en", "he"])
def test_a_league_rounds_registration_message_names_the_round(client, language):
    round_ = make_round(make_season())
    (player,) = make_players(1, with_users=True)
    client.force_login(player.user)
    url = reverse("web:register", args=[round_.pk])
    page = client.post(url, follow=True, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert {"en": "You are registered for round 1.", "he": "נרשמת למחזור 1."}[language] in page


@pytest.mark.parametrize(
    ("language", "refusals"),
    [
        (
            "en",
            (
                "Registration for stage 1 is closed.",
                "Stage 2 is already drawn;",
                "Nobody registers for the final table:",
            ),
        ),
        (
            "he",
            ("ההרשמה לשלב 1 סגורה.", "שלב 2 כבר הוגרל;", "אין הרשמה לשולחן הגמר:"),
        ),
    ],
)
def test_a_tournaments_registration_refusals_name_the_stage_and_the_final_table(language, refusals):
    season, rounds = tournament(4)
    (player,) = make_players(1, with_users=True)
    Round.objects.filter(pk=rounds[0].pk).update(status=Round.Status.CLOSED)
    Round.objects.filter(pk=rounds[1].pk).update(status=Round.Status.DRAWN)
    organizer = make_organizer(season)
    with translation.override(language):
        with pytest.raises(ActionError) as closed:
            register_player(Round.objects.get(pk=rounds[0].pk), player, actor=player.user)
        with pytest.raises(ActionError) as drawn:
            register_player(Round.objects.get(pk=rounds[1].pk), player, actor=organizer)
        with pytest.raises(ActionError) as final_table:
            register_player(Round.objects.get(pk=rounds[4].pk), player, actor=organizer)
    assert closed.value.problem.message == refusals[0]
    assert drawn.value.problem.message.startswith(refusals[1])
    assert final_table.value.problem.message.startswith(refusals[2])


def test_rounds_are_named_in_sentences_as_round_stage_and_the_final_table():
    league = LeagueRules.from_preset("whist-online-league")
    tournament_rules = LeagueRules.from_preset("evening-tournament")
    with translation.override("en"):
        assert round_in_sentence(league, 3) == "round 3"
        assert round_in_sentence(tournament_rules, 2) == "stage 2"
        assert round_in_sentence(tournament_rules, 5) == "the final table"
    with translation.override("he"):
        assert round_in_sentence(league, 3) == "מחזור 3"
        assert round_in_sentence(tournament_rules, 2) == "שלב 2"
        assert round_in_sentence(tournament_rules, 5) == "שולחן הגמר"
