"""Drawing a round in the database and the `draw` command (RULES.md 3.1, FORMATS.md 6)."""

import hashlib
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.errors import ActionCode, ActionError
from core.models import AuditEntry
from draws.actions import do_draw_round, publish_draw, swap_players
from draws.stored import load_draw
from games.facts import results_for
from games.models import Game, GameResult
from league.models import DrawChange, Player, Round, Seat, Table
from tests.roundsupport import (
    FAR_SUNDAY,
    FAR_WEDNESDAY,
    make_organizer,
    make_players,
    make_round,
    make_season,
    make_user,
    register,
)

pytestmark = pytest.mark.django_db


def draw_json(*args):
    out = StringIO()
    call_command("draw", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def confirmed_game(season, round_, scores):
    """A confirmed game of an earlier round: players by name -> score."""
    game = Game.objects.create(
        season=season, round=round_, date=round_.date, source=Game.Source.IMPORT
    )
    seats = [
        (seat, Player.objects.get_or_create(name=name, defaults={"slug": name.lower()})[0], score)
        for seat, (name, score) in enumerate(scores.items())
    ]
    GameResult.objects.bulk_create(results_for(game, seats))


def test_sunday_round_is_drawn_at_random_with_a_published_seed():
    season = make_season()
    round_ = make_round(season, date=FAR_SUNDAY)
    players = make_players(9)
    register(round_, players)
    data = draw_json("season-10", "--round", "1", "--seed", "42")
    assert data["method"] == "random" and data["seed"] == 42
    order = sorted(
        (p.name for p in players),
        key=lambda name: hashlib.sha256(f"42:{name}".encode()).hexdigest(),
    )
    assert data["tables"] == [order[:4], order[4:8]]
    assert data["reserves"] == [order[8]]
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAWN and round_.draw_seed == 42


def test_random_draw_without_seed_stores_the_seed_it_used():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(8))
    data = draw_json("season-10", "--round", "1")
    assert isinstance(data["seed"], int)
    round_.refresh_from_db()
    assert round_.draw_seed == data["seed"]


def test_wednesday_round_is_drawn_by_ranking_unranked_after():
    season = make_season()
    earlier = make_round(season, number=1, date=FAR_SUNDAY, status=Round.Status.FINISHED)
    confirmed_game(season, earlier, {"Dana": 300, "Eli": 200, "Noa": 100, "Omer": 0})
    round_ = make_round(season, number=2, date=FAR_WEDNESDAY)
    newcomers = make_players(4, prefix="New")
    register(round_, [*Player.objects.filter(name__in=["Omer", "Eli", "Noa", "Dana"]), *newcomers])
    data = draw_json("season-10", "--round", "2", "--seed", "3")
    assert data["method"] == "ranking"
    assert data["tables"][0] == ["Dana", "Eli", "Noa", "Omer"]
    assert sorted(data["tables"][1]) == sorted(p.name for p in newcomers)
    assert data["seed"] == 3


def test_rounds_27_and_later_are_drawn_by_ranking_even_on_sunday():
    season = make_season()
    round_ = make_round(season, number=27, date=FAR_SUNDAY)
    register(round_, make_players(4))
    data = draw_json("season-10", "--round", "27")
    assert data["method"] == "ranking"
    assert data["round"] == 27


def test_three_player_remainder_from_the_league_rules():
    season = make_season(rules={"remainder": "three-player"})
    round_ = make_round(season)
    register(round_, make_players(10))
    data = draw_json("season-10", "--round", "1", "--seed", "1")
    assert [len(t) for t in data["tables"]] == [4, 3, 3]
    assert data["reserves"] == []
    assert Seat.objects.count() == 10


def test_drawing_again_prints_the_existing_draw_unchanged():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(11))
    first = draw_json("season-10", "--round", "1", "--seed", "5")
    again = draw_json("season-10", "--round", "1", "--seed", "6")
    assert again == first
    assert Table.objects.filter(round=round_).count() == 2


def test_redraw_replaces_the_draw_while_no_results():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(8))
    draw_json("season-10", "--round", "1", "--seed", "5")
    redrawn = draw_json(
        "season-10", "--round", "1", "--seed", "6", "--redraw", "--reason", "a late arrival"
    )
    assert redrawn["seed"] == 6
    assert Table.objects.filter(round=round_).count() == 2
    assert Seat.objects.filter(round=round_).count() == 8


def test_redraw_is_refused_once_results_exist():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(4))
    draw = draw_json("season-10", "--round", "1", "--seed", "5")
    table = Table.objects.get(round=round_)
    game = Game.objects.create(
        season=season, round=round_, table=table, date=round_.date, source=Game.Source.ENTRY
    )
    assert game.pk
    with pytest.raises(CommandError, match="already has results") as error:
        draw_json("season-10", "--round", "1", "--redraw", "--reason", "a late arrival")
    assert error.value.returncode == 1
    round_.refresh_from_db()
    assert load_draw(round_).as_json() == draw


def test_draw_command_unknown_round_exits_1():
    make_season()
    with pytest.raises(CommandError, match="no round 4") as error:
        draw_json("season-10", "--round", "4")
    assert error.value.returncode == 1


def test_draw_command_text_output():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(5))
    out = StringIO()
    call_command("draw", "season-10", "--round", "1", "--seed", "9", stdout=out)
    assert "seed 9" in out.getvalue() and "Table 1:" in out.getvalue()
    assert "Reserves:" in out.getvalue()


def test_draw_command_runs_django_system_checks_like_the_command_line():
    """`manage.py draw` runs Django's system checks first (call_command skips them unless
    asked): the command's own draw check must not shadow BaseCommand.check."""
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(4))
    out = StringIO()
    call_command("draw", "season-10", "--round", "1", "--seed", "9", skip_checks=False, stdout=out)
    assert "Table 1:" in out.getvalue()


def test_only_an_organizer_of_the_league_draws():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(4))
    stranger = make_organizer(make_season("s2", league_name="Other League"))
    for actor in (make_user(), stranger):
        with pytest.raises(ActionError) as error:
            do_draw_round(round_, actor=actor)
        assert error.value.code == ActionCode.FORBIDDEN
    assert not Table.objects.exists()
    organizer = make_organizer(season)
    _draw, made = do_draw_round(round_, actor=organizer, seed=1)
    assert made
    assert AuditEntry.objects.get().action == "draw"


def test_swap_two_seated_players_between_tables():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(8))
    draw, _ = do_draw_round(round_, seed=2)
    a, b = draw.tables[0][1], draw.tables[1][2]
    swap_players(round_, a, b, reason="late")
    after = load_draw(round_)
    assert after.tables[0][1] == b and after.tables[1][2] == a
    assert AuditEntry.objects.filter(action="swap").count() == 1


def test_swap_a_reserve_in():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(5))
    draw, _ = do_draw_round(round_, seed=2)
    seated, reserve = draw.tables[0][0], draw.reserves[0]
    swap_players(round_, reserve, seated, reason="ill")
    after = load_draw(round_)
    assert after.tables[0][0] == reserve and after.reserves == [seated]


def test_swap_refuses_strangers_and_bad_pairs():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(5))
    draw, _ = do_draw_round(round_, seed=2)
    (outsider,) = make_players(1)
    with pytest.raises(ActionError, match="neither seated"):
        swap_players(round_, draw.tables[0][0], outsider, reason="x")
    with pytest.raises(ActionError, match="different"):
        swap_players(round_, draw.tables[0][0], draw.tables[0][0], reason="x")
    with pytest.raises(ActionError) as error:
        swap_players(round_, draw.tables[0][0], draw.tables[0][1], actor=make_user(), reason="x")
    assert error.value.code == ActionCode.FORBIDDEN
    assert load_draw(round_) == draw


def test_publish_draw_once():
    season = make_season()
    round_ = make_round(season)
    with pytest.raises(ActionError):
        publish_draw(round_)
    register(round_, make_players(4))
    do_draw_round(round_, seed=1)
    assert publish_draw(round_) is True
    assert publish_draw(round_) is False
    round_.refresh_from_db()
    assert round_.draw_published_at is not None


def test_drawing_a_round_with_nobody_registered_is_refused():
    season = make_season()
    round_ = make_round(season)
    with pytest.raises(CommandError, match="No players are registered") as error:
        draw_json("season-10", "--round", "1")
    assert error.value.returncode == 1
    round_.refresh_from_db()
    assert round_.status == Round.Status.OPEN


def test_an_imported_round_with_no_recorded_draw_says_not_recorded_never_a_guess():
    """Was "reports the league's method" (a guess: "ranking" for round 27); issue 13 item 5."""
    season = make_season()
    round_ = make_round(season, number=27, status=Round.Status.FINISHED)
    assert load_draw(round_).method == "not_recorded"


def _queries_of(action):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured.captured_queries)


@pytest.mark.parametrize("weekday_date", [FAR_SUNDAY, FAR_WEDNESDAY])
def test_drawing_takes_the_same_number_of_queries_for_8_or_80_players(weekday_date):
    counts = []
    for index, count in enumerate((8, 80)):
        season = make_season(f"s{index}")
        round_ = make_round(season, date=weekday_date)
        register(round_, make_players(count))
        counts.append(_queries_of(lambda r=round_: do_draw_round(r, seed=1)))
    assert counts[0] == counts[1]


def test_swap_refuses_two_players_of_the_same_table_and_writes_nothing():
    """Swapping two players of one table changes nothing anyone plays, yet it was recorded
    and told in the public draw text ("Dana (table 1) and Noa (table 1) swapped")."""
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(8))
    draw, _ = do_draw_round(round_, seed=2)
    first, second = draw.tables[0][0], draw.tables[0][1]
    with pytest.raises(ActionError) as error:
        swap_players(round_, first, second, reason="test")
    assert error.value.code == ActionCode.SWAP_SAME_TABLE
    assert str(error.value) == (
        f"{first.name} and {second.name} sit at the same table: swapping them changes "
        "nothing. Choose a player of another table, or a reserve."
    )
    assert load_draw(round_) == draw
    assert not AuditEntry.objects.filter(action="swap").exists()


def test_a_draw_changes_reason_is_kept_to_200_characters():
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(8))
    draw, _ = do_draw_round(round_, seed=2)
    a, b = draw.tables[0][1], draw.tables[1][2]
    with pytest.raises(ActionError) as error:
        swap_players(round_, a, b, reason="x" * 201)
    assert error.value.code == ActionCode.REASON_TOO_LONG
    assert "201 characters long: keep it to 200" in str(error.value)
    with pytest.raises(ActionError) as redraw:
        do_draw_round(round_, seed=3, redraw=True, reason="y" * 201)
    assert redraw.value.code == ActionCode.REASON_TOO_LONG
    assert load_draw(round_) == draw
    swap_players(round_, a, b, reason="  late\n   by  an hour ")
    assert DrawChange.objects.get().reason == "late by an hour"
