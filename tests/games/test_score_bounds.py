"""Totals that can exist: the four-totals form and the API refuse a game score outside the
preset's bounds for the league's deals per game (scoring.bounds), naming the range."""

import pytest

from games.actions import ResultRejected, submit_result
from games.models import ResultVersion
from tests.games.test_result_pages import scores_post, seated_users
from tests.games.test_result_pages import table as table  # the fixture

pytestmark = pytest.mark.django_db


def test_four_totals_form_refuses_a_score_no_game_can_give_with_the_range(client, table):
    client.force_login(seated_users(table)[0])
    response = scores_post(client, table, [100000, 0, 0, 0])
    assert response.status_code == 400
    body = response.content.decode()
    assert "100000 cannot be a game score" in body
    assert "between -7280 and 5012" in body  # whist-online, 28 deals
    assert not ResultVersion.objects.exists()


def test_four_totals_at_the_bounds_are_accepted(table):
    version = submit_result(table, actor=seated_users(table)[0], scores=[5012, -7280, 0, 0])
    assert version.scores == [5012, -7280, 0, 0]


def test_no_constraint_on_the_sum_of_the_four_scores(table):
    # RULES.md 2: each player's game score is the sum of his own deal scores; nothing ties
    # the four together, so any four in range are accepted.
    version = submit_result(table, actor=seated_users(table)[0], scores=[179, 179, 179, 179])
    assert sum(version.scores) == 716


def test_the_action_refuses_out_of_range_totals_too(table):
    with pytest.raises(ResultRejected) as refused:
        submit_result(table, actor=seated_users(table)[0], scores=[0, 0, 0, -99999])
    [error] = refused.value.checked.errors
    assert (error.code, error.path) == ("score_out_of_range", "scores[3]")


def test_every_seats_problem_is_named_at_once_a_score_that_is_no_number_and_one_out_of_range(
    client, table
):
    client.force_login(seated_users(table)[0])
    response = scores_post(client, table, ["abc", 99999, 0, "1.5"])
    assert response.status_code == 400
    body = response.content.decode()
    assert "Seat 1: the score must be a whole number." in body
    assert "99999 cannot be a game score" in body  # on the first submit, not a second
    assert "Seat 4: the score must be a whole number." in body
    with pytest.raises(ResultRejected) as refused:
        submit_result(table, actor=seated_users(table)[0], scores=["x", 0, 0, -99999])
    assert [(e.code, e.path) for e in refused.value.checked.errors] == [
        ("malformed", "scores[0]"),
        ("score_out_of_range", "scores[3]"),
    ]
    assert not ResultVersion.objects.exists()
