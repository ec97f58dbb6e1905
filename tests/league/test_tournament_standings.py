"""The tournament standing (RULES.md 3.4): points, gap, head-to-head, shared; the final table."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import LeagueRules
from league.standings import game_entries, tally_players
from league.tournament_standings import final_places, head_to_head, tournament_rows

RULES = LeagueRules.from_preset("evening-tournament")

# Two stages of eight players, two tables each (scores by player).
STAGES = [
    [
        {"A": 120, "B": 80, "C": 40, "D": -40},
        {"E": 100, "F": 60, "G": 20, "H": 20},
    ],
    [
        {"A": 30, "E": 90, "B": 10, "F": -30},
        {"C": 55, "G": 80, "H": 5, "D": -20},
    ],
]
FINAL_TABLE = [("E", 40), ("A", 10), ("G", 90), ("B", 40)]


def _tallies(stages=STAGES):
    entries = []
    for stage, tables in enumerate(stages, 1):
        for table, scores in enumerate(tables, 1):
            entries += game_entries(RULES, (stage, table), list(scores.items()), round_number=stage)
    return tally_players(RULES, entries)


def _table(rows):
    return [(row.rank, row.player, row.points, row.gap) for row in rows]


def test_tournament_standing_hand_worked_example():
    """Worked by hand (6-3-1-0, gap = score minus the table's average):

    Stage 1, table 1: A 120, B 80, C 40, D -40; average 50: A 6 +70, B 3 +30, C 1 -10, D 0 -90.
    Stage 1, table 2: E 100, F 60, G 20, H 20; average 50: E 6 +50, F 3 +10; G and H share
    3rd and 4th, (1 + 0) / 2 = 0.5 each, -30 each.
    Stage 2, table 1: E 90, A 30, B 10, F -30; average 25: E 6 +65, A 3 +5, B 1 -15, F 0 -55.
    Stage 2, table 2: G 80, C 55, H 5, D -20; average 30: G 6 +50, C 3 +25, H 1 -25, D 0 -50.

    Totals: E 12 +115, A 9 +75, G 6.5 +20, B 4 +15, C 4 +15, F 3 -45, H 1.5 -55, D 0 -140.
    B and C are tied on points and gap; they shared stage 1's table 1, where B (80) placed
    ahead of C (40): head-to-head puts B 4th and C 5th.
    """
    rows = tournament_rows(RULES, _tallies(), tiebreak=str)
    assert _table(rows) == [
        (1, "E", 12, 115),
        (2, "A", 9, 75),
        (3, "G", Fraction(13, 2), 20),
        (4, "B", 4, 15),
        (5, "C", 4, 15),
        (6, "F", 3, -45),
        (7, "H", Fraction(3, 2), -55),
        (8, "D", 0, -140),
    ]


def test_final_table_decides_places_1_to_4_hand_worked_example():
    """The final table seats the top 4: E, A, G, B. Its game: G 90, E 40, B 40, A 10.

    G is 1st. E and B tie on 40: the standing before it breaks the tie, E (1st) ahead of
    B (4th), so E is 2nd and B 3rd; A is 4th. Final points 6-3-1-0 by those places.
    Places 5-8 keep the standing: C, F, H, D.
    """
    rows = tournament_rows(RULES, _tallies(), final=True, final_table=FINAL_TABLE, tiebreak=str)
    assert [(row.rank, row.player) for row in rows] == [
        (1, "G"),
        (2, "E"),
        (3, "B"),
        (4, "A"),
        (5, "C"),
        (6, "F"),
        (7, "H"),
        (8, "D"),
    ]
    assert [(r.final_place.place, r.final_place.points) for r in rows[:4] if r.final_place] == [
        (1, 6),
        (2, 3),
        (3, 1),
        (4, 0),
    ]
    assert rows[0].as_json("G")["final_table"] == {"place": 1, "points": 6, "score": 90}
    assert all(row.final_place is None for row in rows[4:])


def test_final_table_not_yet_played_keeps_the_standing():
    rows = tournament_rows(RULES, _tallies(), final=True, final_table=(), tiebreak=str)
    assert [row.player for row in rows[:4]] == ["E", "A", "G", "B"]


def test_in_season_standing_ignores_the_final_table():
    rows = tournament_rows(RULES, _tallies(), final=False, final_table=FINAL_TABLE, tiebreak=str)
    assert [row.player for row in rows[:4]] == ["E", "A", "G", "B"]


def test_tournament_standing_head_to_head_counts_games_placed_ahead():
    tallies = {t.player: t for t in _tallies()}
    assert head_to_head([tallies["B"], tallies["C"]]) == {"B": 1, "C": 0}


def test_tournament_standing_players_still_tied_share_the_rank():
    # G and H after stage 1: 0.5 points, -30 each, equal scores at the one table they shared.
    rows = tournament_rows(RULES, _tallies(STAGES[:1]), tiebreak=str)
    assert [(row.rank, row.player) for row in rows][-3:] == [(6, "G"), (6, "H"), (8, "D")]


def test_final_table_tie_is_broken_by_the_standing_before_it():
    places = final_places(RULES, [("x", 5), ("y", 5), ("z", 5), ("w", 5)], ["w", "z", "y", "x"])
    assert [places[p].place for p in "wzyx"] == [1, 2, 3, 4]


scores = st.integers(-300, 300)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(scores, scores, scores, scores), min_size=1, max_size=4))
def test_tournament_standing_ranks_everyone_in_points_then_gap_order(stage_scores):
    """Eight players over several stages: ranks never fall and rise on every new total."""
    players = [f"p{i}" for i in range(8)]
    stages = []
    for number, four in enumerate(stage_scores):
        shift = number % 8
        seated = players[shift:] + players[:shift]
        stages.append(
            [dict(zip(seated[:4], four, strict=True)), dict(zip(seated[4:], four, strict=True))]
        )
    rows = tournament_rows(RULES, _tallies(stages), tiebreak=str)
    assert sorted(row.player for row in rows) == players
    keys = [(-row.points, -row.gap) for row in rows]
    assert keys == sorted(keys)
    assert rows[0].rank == 1
    for before, after in itertools.pairwise(rows):
        assert after.rank >= before.rank
        if (before.points, before.gap) != (after.points, after.gap):
            assert after.rank > before.rank
