"""The account an action records (core.acting): a signed-in user, never the system, an
anonymous visitor or a seat link; views behind login_required refuse an anonymous user."""

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied

from core.acting import acting_user, signed_in_user
from core.actor import SYSTEM
from games.permissions import LinkActor


def test_the_signed_in_user_is_recorded_as_having_acted():
    user = User(username="dana")
    assert acting_user(user) is user


@pytest.mark.parametrize(
    "actor",
    [SYSTEM, AnonymousUser(), LinkActor(link_id=1, player_id=2, table_id=3)],
    ids=["system", "anonymous", "seat-link"],
)
def test_no_account_is_recorded_for_the_system_a_visitor_or_a_seat_link(actor):
    assert acting_user(actor) is None


def test_a_view_behind_login_required_gets_its_user():
    user = User(username="dana")
    assert signed_in_user(user) is user


def test_an_anonymous_visitor_is_refused_not_queried_with():
    with pytest.raises(PermissionDenied):
        signed_in_user(AnonymousUser())
