"""Registration rules: players register themselves before the deadline, organizers anyone."""

import datetime as dt
import json
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.errors import ActionCode, ActionError
from core.models import AuditEntry
from league.actions.common import registration_deadline, season_rules
from league.actions.players import get_or_create_players
from league.actions.registration import (
    close_registration,
    register_player,
    reopen_registration,
    unregister_player,
)
from league.models import Player, Registration, Round
from tests.roundsupport import (
    PAST_SUNDAY,
    make_organizer,
    make_players,
    make_round,
    make_season,
    make_user,
)

pytestmark = pytest.mark.django_db


def test_default_deadline_is_20_00_local_on_the_round_date():
    season = make_season()
    round_ = make_round(season, date=dt.date(2025, 1, 5))
    deadline = registration_deadline(round_, season_rules(season))
    assert deadline == dt.datetime(2025, 1, 5, 20, 0, tzinfo=ZoneInfo("Asia/Jerusalem"))


def test_deadline_follows_the_league_time_zone():
    season = make_season()
    season.league.timezone = "Europe/London"
    season.league.save()
    round_ = make_round(season, date=dt.date(2025, 7, 6))
    deadline = registration_deadline(round_, season_rules(season))
    assert deadline.astimezone(dt.UTC) == dt.datetime(2025, 7, 6, 19, 0, tzinfo=dt.UTC)


def test_round_own_deadline_overrides_the_league_default():
    season = make_season()
    own = dt.datetime(2025, 1, 5, 18, 0, tzinfo=dt.UTC)
    round_ = make_round(season, date=dt.date(2025, 1, 5), registration_deadline=own)
    assert registration_deadline(round_, season_rules(season)) == own


def test_player_registers_and_unregisters_himself():
    season = make_season()
    round_ = make_round(season)
    (player,) = make_players(1, with_users=True)
    assert register_player(round_, player, actor=player.user) is True
    assert register_player(round_, player, actor=player.user) is False
    assert unregister_player(round_, player, actor=player.user) is True
    assert not Registration.objects.exists()
    assert not AuditEntry.objects.exists()


def test_player_cannot_register_someone_else():
    season = make_season()
    round_ = make_round(season)
    me, other = make_players(2, with_users=True)
    with pytest.raises(ActionError) as error:
        register_player(round_, other, actor=me.user)
    assert error.value.code == ActionCode.FORBIDDEN
    assert not Registration.objects.exists()


def test_player_cannot_register_after_the_deadline():
    season = make_season()
    round_ = make_round(season, date=PAST_SUNDAY)
    (player,) = make_players(1, with_users=True)
    with pytest.raises(ActionError) as error:
        register_player(round_, player, actor=player.user)
    assert error.value.code == ActionCode.DEADLINE_PASSED
    assert "20:00" in error.value.message


def test_organizer_registers_anyone_after_the_deadline_while_open_and_it_is_audited():
    season = make_season()
    round_ = make_round(season, date=PAST_SUNDAY)
    organizer = make_organizer(season)
    (player,) = make_players(1)
    assert register_player(round_, player, actor=organizer)
    entry = AuditEntry.objects.get()
    assert entry.action == "register" and entry.actor == organizer


def test_organizer_of_another_league_is_a_plain_user_here():
    season = make_season()
    other = make_season("other-season", league_name="Another League")
    stranger = make_organizer(other)
    round_ = make_round(season)
    (player,) = make_players(1)
    with pytest.raises(ActionError) as error:
        register_player(round_, player, actor=stranger)
    assert error.value.code == ActionCode.FORBIDDEN
    with pytest.raises(ActionError):
        close_registration(round_, actor=stranger)


def test_closed_round_refuses_registration_until_reopened():
    season = make_season()
    round_ = make_round(season)
    organizer = make_organizer(season)
    (player,) = make_players(1, with_users=True)
    assert close_registration(round_, actor=organizer)
    with pytest.raises(ActionError) as error:
        register_player(round_, player, actor=player.user)
    assert error.value.code == ActionCode.ROUND_CLOSED
    assert reopen_registration(round_, actor=organizer)
    assert register_player(round_, player, actor=player.user)
    assert list(AuditEntry.objects.values_list("action", flat=True).order_by("id")) == [
        "close_registration",
        "reopen_registration",
    ]


def test_player_cannot_close_registration():
    season = make_season()
    round_ = make_round(season)
    with pytest.raises(ActionError) as error:
        close_registration(round_, actor=make_user())
    assert error.value.code == ActionCode.FORBIDDEN
    round_.refresh_from_db()
    assert round_.status == Round.Status.OPEN


def test_drawn_round_cannot_be_reopened_or_registered():
    season = make_season()
    round_ = make_round(season, status=Round.Status.DRAWN)
    (player,) = make_players(1)
    with pytest.raises(ActionError) as error:
        register_player(round_, player)
    assert error.value.code == ActionCode.ROUND_DRAWN
    with pytest.raises(ActionError):
        reopen_registration(round_)


def test_players_are_created_by_name_with_unique_slugs():
    Player.objects.create(name="Dana", slug="dana")
    players = get_or_create_players(["Dana", " Noa  Levi ", "noa-levi", "דנה"])
    assert list(players) == ["Dana", "Noa Levi", "noa-levi", "דנה"]
    assert players["Dana"].slug == "dana"
    assert players["Noa Levi"].slug == "noa-levi"
    assert players["noa-levi"].slug == "noa-levi-2"
    assert players["דנה"].slug == "דנה"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", ActionCode.NAME_EMPTY),
        ("   ", ActionCode.NAME_EMPTY),
        ("x" * 81, ActionCode.NAME_TOO_LONG),
        ("Da\u200bna", ActionCode.NAME_INVISIBLE_CHARACTER),
        (42, ActionCode.NAME_NOT_TEXT),
    ],
)
def test_bad_player_names_are_refused_each_with_its_code(name, code):
    with pytest.raises(ActionError) as error:
        get_or_create_players([name])
    assert error.value.code == code


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue()


def test_register_command_registers_and_creates_players():
    season = make_season()
    make_round(season, number=3, date=PAST_SUNDAY)
    out = json.loads(run("register", "season-10", "--round", "3", "Dana", "Eli"))
    assert out["registered"] == ["Dana", "Eli"]
    again = json.loads(run("register", "season-10", "--round", "3", "Dana", "Noa"))
    assert again["registered"] == ["Noa"] and again["already_registered"] == ["Dana"]
    assert Registration.objects.count() == 3


@pytest.mark.parametrize(
    ("status", "season_slug", "number", "message"),
    [
        (Round.Status.CLOSED, "season-10", 1, "closed"),
        (Round.Status.DRAWN, "season-10", 1, "drawn"),
        (Round.Status.OPEN, "season-10", 9, "no round 9"),
        (Round.Status.OPEN, "nope", 1, "no season nope"),
    ],
)
def test_register_command_exits_1_and_writes_nothing(status, season_slug, number, message):
    season = make_season()
    make_round(season, status=status)
    with pytest.raises(CommandError, match=message) as error:
        run("register", season_slug, "--round", str(number), "Brand New")
    assert error.value.returncode == 1
    assert not Player.objects.filter(name="Brand New").exists()
    assert not Registration.objects.exists()


def test_register_command_bad_name_exits_1():
    season = make_season()
    make_round(season)
    with pytest.raises(CommandError) as error:
        run("register", "season-10", "--round", "1", "Dana", "   ")
    assert error.value.returncode == 1
    assert not Player.objects.exists()


def test_none_is_not_the_system_it_has_no_powers():
    season = make_season()
    round_ = make_round(season)
    (player,) = make_players(1, with_users=True)
    for action in (
        lambda: register_player(round_, player, actor=None),
        lambda: close_registration(round_, actor=None),
    ):
        with pytest.raises(ActionError) as error:
            action()
        assert error.value.code == ActionCode.FORBIDDEN
    assert not Registration.objects.exists()
    assert register_player(round_, player)  # the default actor is SYSTEM (command line)
