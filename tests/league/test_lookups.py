"""Where a game named from outside goes (league.lookups): its season, round, table and seats,
each refused with the league's code at the path of what was named."""

from __future__ import annotations

import datetime as dt

import pytest

from core.errors import ActionCode, ActionError
from games.season_import import import_season
from league.actions.common import season_rules
from league.lookups import (
    LookupCode,
    LookupRefused,
    check_different_players,
    check_game_date,
    drawn_seats,
    drawn_table,
    game_round,
    game_season,
)
from league.models import Player, Round, Season, Seat, Table
from tests.league.factories import season_file

pytestmark = pytest.mark.django_db

JUNE_30 = dt.date(2024, 6, 30)


@pytest.fixture
def season() -> Season:
    rounds = [{"number": 1, "date": "2024-06-30", "games": []}]
    return import_season(season_file(rounds=rounds)).season


@pytest.fixture
def rated() -> Season:
    return import_season(season_file(slug="rated-2024", preset="whist-online-1200")).season


def players(count: int) -> list[Player]:
    return [Player.objects.create(name=f"P{i}", slug=f"p{i}") for i in range(count)]


def seat(round_: Round, tables: list[list[Player]]) -> list[Table]:
    """Seat `tables` (players by seat) at round_'s tables 1, 2, ..."""
    made = []
    for number, at_table in enumerate(tables, 1):
        table = Table.objects.create(round=round_, number=number)
        for place, player in enumerate(at_table):
            Seat.objects.create(table=table, round=round_, seat=place, player=player)
        made.append(table)
    return made


def refusal(error: pytest.ExceptionInfo[LookupRefused]) -> tuple[str, str, str]:
    return (error.value.code, error.value.path, error.value.message)


def test_game_season_by_slug(season):
    assert game_season(season="season-10", league=None, date=JUNE_30) == season


def test_game_season_by_slug_must_be_of_the_league_named_too(season, rated):
    with pytest.raises(LookupRefused) as refused:
        game_season(season="season-10", league=rated.league.slug, date=JUNE_30)
    assert refusal(refused) == (
        LookupCode.UNKNOWN_SEASON,
        "league",
        f"Season season-10 belongs to the league {season.league.slug}.",
    )


def test_game_season_unknown_slug_is_unknown_season(season):
    with pytest.raises(LookupRefused) as refused:
        game_season(season="season-99", league=None, date=JUNE_30)
    assert refusal(refused) == (LookupCode.UNKNOWN_SEASON, "season", "There is no such season.")


def test_game_season_by_league_is_the_season_running_on_the_date(rated):
    assert game_season(season=None, league=rated.league.slug, date=dt.date(2024, 3, 5)) == rated


def test_game_season_unknown_league_is_unknown_league(rated):
    with pytest.raises(LookupRefused) as refused:
        game_season(season=None, league="nope", date=JUNE_30)
    assert refusal(refused) == (LookupCode.UNKNOWN_LEAGUE, "league", "There is no such league.")


def test_game_season_of_a_league_with_no_season_on_the_date_is_no_season_on_date(rated):
    with pytest.raises(LookupRefused) as refused:
        game_season(season=None, league=rated.league.slug, date=dt.date(2023, 3, 5))
    assert refused.value.code == LookupCode.NO_SEASON_ON_DATE
    assert refused.value.path == "date"


def test_check_game_date_refuses_a_date_outside_the_season(season):
    check_game_date(season, JUNE_30)
    with pytest.raises(ActionError) as refused:
        check_game_date(season, dt.date(2025, 1, 1))
    assert (refused.value.code, refused.value.path) == (ActionCode.DATE_OUTSIDE_SEASON, "date")
    assert refused.value.message == "Season season-10 runs from 2024-06-30 to 2024-10-27."


def test_game_round_by_number_or_by_date(season):
    rules = season_rules(season)
    round_1 = Round.objects.get(season=season, number=1)
    assert game_round(season, rules, number=1, date=JUNE_30) == round_1
    assert game_round(season, rules, number=None, date=JUNE_30) == round_1


def test_game_round_unknown_number_or_no_round_on_the_date_is_unknown_round(season):
    rules = season_rules(season)
    for number, date in [(9, JUNE_30), (None, dt.date(2024, 7, 1))]:
        with pytest.raises(LookupRefused) as refused:
            game_round(season, rules, number=number, date=date)
        assert (refused.value.code, refused.value.path) == (LookupCode.UNKNOWN_ROUND, "round")


def test_game_round_on_another_day_than_its_date_is_date_outside_season(season):
    with pytest.raises(ActionError) as refused:
        game_round(season, season_rules(season), number=1, date=dt.date(2024, 7, 1))
    assert refused.value.code == ActionCode.DATE_OUTSIDE_SEASON
    assert refused.value.message == "Round 1 was played on 2024-06-30."


def test_game_round_in_open_play_is_none_and_a_number_is_unknown_round(rated):
    rules = season_rules(rated)
    assert game_round(rated, rules, number=None, date=dt.date(2024, 3, 5)) is None
    with pytest.raises(LookupRefused) as refused:
        game_round(rated, rules, number=1, date=dt.date(2024, 3, 5))
    assert refused.value.message == "Season rated-2024 is open play; its games have no round."


def test_check_different_players_refuses_one_player_at_two_seats():
    dana, eli, noa = players(3)
    check_different_players([dana, eli, noa])
    with pytest.raises(LookupRefused) as refused:
        check_different_players([dana, eli, noa, dana])
    assert refusal(refused) == (
        LookupCode.DUPLICATE_PLAYER,
        "players[3]",
        "P0 cannot sit at two seats of one game.",
    )


def test_drawn_table_is_none_before_the_draw(season):
    assert drawn_table(Round.objects.get(season=season), players(4)) is None


def test_drawn_table_is_the_table_of_exactly_these_four_players(season):
    round_ = Round.objects.get(season=season)
    everyone = players(8)
    _, second = seat(round_, [everyone[:4], everyone[4:]])
    assert drawn_table(round_, everyone[4:]) == second
    for mixed in ([*everyone[:3], everyone[4]], everyone[:3]):
        with pytest.raises(LookupRefused) as refused:
            drawn_table(round_, mixed)
        assert refusal(refused) == (
            LookupCode.NOT_AT_TABLE,
            "players",
            "These four players were not drawn together at one table of round 1.",
        )


def test_drawn_seats_are_the_players_by_seat_and_a_record_must_list_them_so(season):
    round_ = Round.objects.get(season=season)
    four = players(4)
    (table,) = seat(round_, [four])
    swapped = [four[1], four[0], four[2], four[3]]
    assert drawn_seats(table, swapped, in_seat_order=False) == [p.pk for p in four]
    with pytest.raises(LookupRefused) as refused:
        drawn_seats(table, swapped, in_seat_order=True)
    assert refusal(refused) == (
        LookupCode.SEAT_ORDER,
        "players",
        "A deal record must list the players in their drawn seats: P0, P1, P2, P3.",
    )
