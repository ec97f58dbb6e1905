"""My place at a glance (web.my_place), pure: place, points and gap, and the distance
(points, then gap) to the places above and below and to today's 3rd place."""

from __future__ import annotations

from publishing.snapshot_schema import BriefRow
from web.my_place import my_place


def row(rank: int | None, slug: str, points: float, gap: float) -> BriefRow:
    return BriefRow(
        rank=rank, player=slug.title(), points=points, gap=gap, games=10, counted=10,
        dropped=0, eligible=True, podium_eligible=True, player_slug=slug,
    )  # fmt: skip


TABLE = [
    row(1, "ido", 44.5, 310.25),
    row(2, "gil", 36.5, 120.0),
    row(3, "shira", 34.0, 95.5),
    row(4, "dana", 31.0, 40.0),
    row(5, "avi", 31.0, -12.75),
    row(6, "maya", 20.5, -200.0),
]


def test_my_place_gives_my_row_and_the_distances_above_and_below_in_points_then_gap():
    place = my_place(TABLE, "avi")
    assert place is not None
    assert (place.position, place.rank, place.points, place.gap) == (5, 5, 31.0, -12.75)
    assert place.above is not None and place.below is not None
    assert (place.above.player_slug, place.above.points, place.above.gap) == ("dana", 0, 52.75)
    assert (place.below.player_slug, place.below.points, place.below.gap) == (
        "maya",
        -10.5,
        -187.25,
    )


def test_my_place_gives_the_distance_to_todays_third_place():
    place = my_place(TABLE, "maya")
    assert place is not None and place.third is not None
    assert (place.third.player_slug, place.third.points, place.third.gap) == ("shira", 13.5, 295.5)
    assert place.third_apart == place.third


def test_the_third_place_is_not_repeated_when_it_is_the_row_above():
    place = my_place(TABLE, "dana")
    assert place is not None and place.third is not None and place.above is not None
    assert place.third == place.above and place.third_apart is None


def test_the_leader_has_nobody_above_and_the_last_nobody_below():
    first, last = my_place(TABLE, "ido"), my_place(TABLE, "maya")
    assert first is not None and first.above is None and first.below is not None
    assert first.below.points == -8.0
    assert last is not None and last.below is None and last.above is not None


def test_the_third_place_has_no_distance_to_himself():
    place = my_place(TABLE, "shira")
    assert place is not None and place.third is None and place.third_apart is None


def test_a_table_of_two_has_no_third_place():
    place = my_place(TABLE[:2], "gil")
    assert place is not None and place.third is None and place.rows == 2


def test_a_player_without_a_row_has_no_place():
    assert my_place(TABLE, "nobody") is None
    assert my_place([], "ido") is None


def test_a_full_tie_is_level():
    tied = [row(1, "a", 10.0, 5.0), row(1, "b", 10.0, 5.0)]
    place = my_place(tied, "b")
    assert place is not None and place.above is not None and place.above.level
    assert place.rank == 1 and place.position == 2
