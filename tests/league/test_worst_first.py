"""One worst-first definition (league.worst_first) feeds the Python sort, the SQL and the index."""

import datetime as dt
from fractions import Fraction

from games.facts import seat_facts
from games.models import GameResult
from league.standings import (
    GameEntry,
    gaps_from_average,
    in_twelfths,
    places,
    played_order,
    worst_first,
)
from league.worst_first import (
    LEVEL_FIELDS,
    PLAYED_ORDER,
    WORST_FIRST,
    Term,
    index_fields,
    order_by_sql,
    sort_key,
)
from standings.sql import worst_first_sql


def entry(points, gap, date, round_number, game):
    return GameEntry("Dana", game, round_number, date, 0, points, gap)


def test_worst_first_is_fewest_points_then_lowest_gap_then_earliest_played():
    assert [t.entry for t in WORST_FIRST] == ["points", "gap", "date", "round", "game"]
    assert not any(t.descending for t in WORST_FIRST)
    assert WORST_FIRST[2:] == PLAYED_ORDER


def test_the_python_key_is_generated_from_the_definition():
    game = entry(Fraction(3, 2), -4, None, None, 7)
    assert worst_first(game) == (Fraction(3, 2), -4, dt.date.min, 0, 7)
    assert played_order(game) == (dt.date.min, 0, 7)
    games = [
        entry(3, 5, dt.date(2024, 7, 1), 2, 2),
        entry(1, 9, dt.date(2024, 7, 3), 3, 3),
        entry(3, -2, dt.date(2024, 7, 5), 4, 4),
        entry(3, 5, dt.date(2024, 6, 30), 1, 1),
    ]
    assert [g.game for g in sorted(games, key=worst_first)] == [3, 4, 1, 2]


def test_the_sql_order_is_generated_from_the_definition():
    columns = [GameResult._meta.get_field(t.field).column for t in WORST_FIRST[1:]]
    assert worst_first_sql("e") == ", ".join(f"e.{column}" for column in columns)
    assert worst_first_sql("e") == "e.gap, e.played, e.round_number, e.game_id"


def test_the_index_matches_the_sql_order_exactly():
    (index,) = [i for i in GameResult._meta.indexes if i.name == "result_standing_order"]
    ordered = [t.field for t in WORST_FIRST[1:]]
    assert list(index.fields) == index_fields() == ["season", "player", *LEVEL_FIELDS, *ordered]


def test_a_descending_term_turns_the_key_the_sql_and_the_index_around():
    by_gap_down = (Term(entry="gap", field="gap", descending=True),)
    games = [entry(0, gap, None, None, gap) for gap in (1, 5, -3)]
    assert [g.gap for g in sorted(games, key=sort_key(by_gap_down))] == [5, 1, -3]
    assert order_by_sql("e", str, by_gap_down) == "e.gap DESC"
    assert index_fields(by_gap_down) == ["season", "player", "place", "tied", "-gap"]


def test_result_facts_use_the_standings_places_and_gaps():
    for scores in ([120, 80, 80, -10], [10, 10, 10], [0, 0, 0, 0], [5, -5, 7]):
        facts = seat_facts(scores)
        assert [(f.place, f.tied) for f in facts] == places(scores)
        assert [f.gap for f in facts] == [in_twelfths(g) for g in gaps_from_average(scores)]
