"""The result permission rules (verify_x raises the reason, can_x answers), without a database."""

import pytest

from core.errors import ActionCode, ActionError
from games.models import ResultVersion
from games.permissions import (
    TableState,
    can_confirm,
    can_dispute,
    can_submit,
    verify_confirm,
    verify_submit,
)

ENTERED_BY = 7


def state(*, organizer=False, seated=True, user_id=8, status="drawn", current="pending"):
    version = (
        None
        if current is None
        else ResultVersion(number=2, status=current, entered_by_id=ENTERED_BY, scores=[0] * 4)
    )
    return TableState(organizer, seated, user_id, 5, status, version)


def test_seated_player_enters_while_nothing_or_pending():
    assert can_submit(state(current=None))
    assert can_submit(state(current="pending"))
    assert not can_submit(state(current="confirmed"))
    assert not can_submit(state(current="disputed"))


def test_not_seated_is_forbidden_with_the_reason():
    with pytest.raises(ActionError) as error:
        verify_submit(state(seated=False))
    assert error.value.code == ActionCode.FORBIDDEN


@pytest.mark.parametrize("status", ["open", "closed", "finished"])
def test_players_act_only_while_the_round_is_in_play(status):
    with pytest.raises(ActionError) as error:
        verify_submit(state(status=status))
    assert error.value.code == ActionCode.ROUND_CLOSED
    assert can_submit(state(status=status, organizer=True, seated=False))


def test_who_entered_cannot_confirm_others_can():
    assert not can_confirm(state(user_id=ENTERED_BY))
    assert can_confirm(state(user_id=ENTERED_BY + 1))


def test_confirming_an_older_version_is_stale():
    with pytest.raises(ActionError) as error:
        verify_confirm(state(), 1)
    assert error.value.code == ActionCode.STALE


def test_organizer_confirms_a_disputed_version_players_do_not():
    assert can_confirm(state(organizer=True, current="disputed"))
    assert not can_confirm(state(current="disputed"))
    assert not can_confirm(state(organizer=True, current="confirmed"))


def test_dispute_pending_or_confirmed_once():
    assert can_dispute(state(current="pending"))
    assert can_dispute(state(current="confirmed"))
    assert not can_dispute(state(current="disputed"))
    assert not can_dispute(state(current=None))
