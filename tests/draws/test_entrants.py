"""The draw's first step (issue 29 item 2): typed entrants read from the registrations and the
standing, and the starting list the record keeps (FORMATS.md 6), unchanged in shape."""

from __future__ import annotations

import pytest

from draws import entrants
from draws.actions import do_draw_round
from draws.entrants import Entrant, Placing, read_entrants
from games.facts import results_for
from games.models import Game, GameResult
from league.models import Player, Round
from standings.loader import current_ranking
from tests.roundsupport import (
    FAR_SUNDAY,
    FAR_WEDNESDAY,
    make_players,
    make_round,
    make_season,
    register,
)
from tests.tournamentsupport import play, tournament

pytestmark = pytest.mark.django_db


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


def test_an_entrants_line_of_the_starting_list_keeps_the_recorded_shape():
    ranked = Entrant(1, "Dana", Placing(rank=1, points=4.0, gap=12.5, games=1))
    unranked = Entrant(2, "Eli")
    assert unranked.as_record(ranked_list=False) == {"player": "Eli"}  # a random draw
    assert unranked.as_record(ranked_list=True) == {"player": "Eli", "rank": None}
    assert ranked.as_record(ranked_list=True) == {
        "player": "Dana", "rank": 1, "points": 4.0, "gap": 12.5, "games": 1,
    }  # fmt: skip
    met = Entrant(2, "Eli", met=("Dana", "Noa"))
    assert met.as_record(ranked_list=True) == {
        "player": "Eli",
        "rank": None,
        "met": ["Dana", "Noa"],
    }


def test_a_random_draw_reads_the_registered_players_by_name_and_no_standing(
    django_assert_num_queries,
):
    round_ = make_round(make_season(), date=FAR_SUNDAY)
    players = make_players(5)
    register(round_, list(reversed(players)))
    with django_assert_num_queries(1):
        entrants = read_entrants(round_, "random")
    assert entrants.names() == sorted(p.name for p in players)
    assert entrants.player_ids() == {p.name: p.pk for p in players}
    assert entrants.ranking() == []
    assert entrants.starting_list() == [{"player": p.name} for p in players]


def test_a_ranking_draw_reads_the_ranked_entrants_best_first_then_the_unranked():
    season = make_season()
    earlier = make_round(season, number=1, date=FAR_SUNDAY, status=Round.Status.FINISHED)
    confirmed_game(season, earlier, {"Noa": 100, "Dana": 300, "Omer": 0, "Eli": 200})
    round_ = make_round(season, number=2, date=FAR_WEDNESDAY)
    newcomer = make_players(1, prefix="New")[0]
    register(round_, [*Player.objects.filter(name__in=["Eli", "Dana", "Omer"]), newcomer])
    entrants = read_entrants(round_, "ranking")
    assert entrants.ranking() == ["Dana", "Eli", "Omer"]  # Noa is not registered
    assert [e.name for e in entrants.starting] == ["Dana", "Eli", "Omer", newcomer.name]
    first, last = entrants.starting_list()[0], entrants.starting_list()[-1]
    assert first["player"] == "Dana" and first["rank"] == 1 and first["games"] == 1
    assert last == {"player": newcomer.name, "rank": None}


def test_a_round_nobody_registered_for_reads_no_standing(django_assert_num_queries):
    round_ = make_round(make_season(), date=FAR_WEDNESDAY)
    with django_assert_num_queries(1):
        assert read_entrants(round_, "ranking").players == ()


def test_the_final_table_reads_the_top_four_of_the_standing_with_no_registration():
    _season, rounds = tournament(players=8)
    for stage in rounds[:4]:
        do_draw_round(stage, seed=7 if stage.number == 1 else None)
        play(stage)
    entrants = read_entrants(rounds[4], "final")
    assert len(entrants.players) == 4
    assert entrants.names() == entrants.ranking()  # best first, all ranked
    assert all(line["rank"] is not None for line in entrants.starting_list())


def test_a_stage_after_the_first_reads_whom_each_entrant_met_before():
    _season, rounds = tournament(players=8)
    do_draw_round(rounds[0], seed=7)
    play(rounds[0])
    register(rounds[1], list(Player.objects.all()))
    entrants = read_entrants(rounds[1], "standing")
    assert all(e.met is not None and len(e.met) == 3 for e in entrants.starting)
    assert len(entrants.met_pairs()) == 12  # two tables of four: 6 pairs each


def test_a_final_table_draw_reads_the_standing_once(monkeypatch):
    # It read it twice before the draw was read, draw, write: once for the top 4, once for
    # the starting list.
    _season, rounds = tournament(players=8)
    for stage in rounds[:4]:
        do_draw_round(stage, seed=7 if stage.number == 1 else None)
        play(stage)
    reads = []

    def counted(season, before_round=None):
        reads.append(before_round)
        return current_ranking(season, before_round)

    monkeypatch.setattr(entrants, "current_ranking", counted)
    do_draw_round(rounds[4])
    assert reads == [None]
