"""Tonight's provisional table (issue 32 item 2): while a round is in play the league table
counts its confirmed results, marked provisional, with each player's move since the table
after the last finished round; once the round is finished the mark goes, and the round's
results text is its final table."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.models import Game
from league.models import Round, Season
from league.standings import StandingRow
from publishing.actions import do_publish_season
from publishing.provisional import provisional_table
from publishing.published import published, published_round
from publishing.snapshots import latest_snapshot

pytestmark = pytest.mark.django_db


def _in_play(make_season, *, keep: int = 1) -> Season:  # type: ignore[no-untyped-def]
    """Rounds 1-2 finished, round 3 in play with `keep` of its two games confirmed."""
    season = make_season(players=8, rounds=3, publish=False)
    tonight = Round.objects.get(season=season, number=3)
    Round.objects.filter(pk=tonight.pk).update(status=Round.Status.IN_PLAY)
    for game in Game.objects.filter(round=tonight).order_by("id")[keep:]:
        game.delete()
    do_publish_season(season.pk)
    return season


def _ranks(rows) -> dict[str, int | None]:  # type: ignore[no-untyped-def]
    return {row["player_slug"]: row["rank"] for row in rows}


def test_provisional_table_while_a_round_in_play_has_confirmed_results(make_season):
    season = _in_play(make_season)
    snapshot = published(season)
    assert snapshot is not None
    mark = snapshot.provisional
    assert mark is not None
    assert (mark["round"], mark["results"], mark["after_round"]) == (3, 1, 2)
    before = _ranks(published_round(season, 2).section["round"]["standings_after"])  # type: ignore[union-attr]
    now = _ranks(snapshot.standings(final=False))
    assert mark["moves"] == {slug: before[slug] - rank for slug, rank in now.items()}  # type: ignore[operator]
    assert any(mark["moves"].values())  # tonight's game moved someone


def test_provisional_moves_are_places_since_the_last_finished_round_pure():
    def row(player: int, rank: int | None) -> StandingRow:
        return StandingRow(
            rank=rank,
            player=player,
            points=0,
            gap=0,
            games=1,
            counted=1,
            dropped=0,
            dropped_games=(),
            eligible=True,
            podium_eligible=True,
            entries=(),
        )

    rounds = [
        {"number": 1, "status": "finished", "results": [{}], "draw": None},
        {"number": 2, "status": "finished", "results": [], "draw": None},
        {"number": 3, "status": "in_play", "results": [{}], "draw": None},
    ]
    mark = provisional_table(
        rounds,  # type: ignore[arg-type]  # only the fields it reads
        [row(1, 1), row(2, 2), row(3, None), row(4, 3)],
        {"1": [row(1, 2), row(2, 1), row(3, 3)]},  # round 2 had no game: round 1's table
        {1: "a", 2: "b", 3: "c", 4: "d"},
    )
    assert mark == {
        "round": 3,
        "results": 1,
        "tables": 0,
        "after_round": 2,
        "moves": {"a": 1, "b": -1, "c": None, "d": None},
    }


def test_no_provisional_mark_without_a_confirmed_result_in_a_round_in_play(make_season):
    season = _in_play(make_season, keep=0)
    snapshot = latest_snapshot(season)
    assert snapshot is not None and "provisional" not in snapshot.summary


def test_the_provisional_mark_goes_when_the_round_is_finished(make_season):
    season = _in_play(make_season)
    Round.objects.filter(season=season, number=3).update(status=Round.Status.FINISHED)
    do_publish_season(season.pk)
    snapshot = published(season)
    assert snapshot is not None and snapshot.provisional is None
    # the results text of the round is its table after the round: the final one
    section = published_round(season, 3)
    assert section is not None
    after = section.section["round"]["standings_after"]
    assert _ranks(after) == _ranks(snapshot.standings(final=False))


@pytest.mark.parametrize("language", ["en", "he", "ru"])
def test_the_league_table_marks_a_provisional_table_and_each_move(make_season, language):
    season = _in_play(make_season)
    mark = published(season).provisional  # type: ignore[union-attr]
    body = Client().get(f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE=language).content
    html = body.decode()
    assert "data-provisional" in html
    moved = {slug: move for slug, move in mark["moves"].items() if move}  # type: ignore[index]
    assert html.count("data-move=") == len(moved)
    for move in moved.values():
        assert f'data-move="{move}"' in html
    with translation.override(language):
        assert translation.gettext("It is final when the round is finished.") in html


def test_a_finished_table_has_no_provisional_mark(make_season):
    season = make_season(players=8, rounds=3)
    html = Client().get(f"/seasons/{season.slug}/").content.decode()
    assert "data-provisional" not in html and "data-move=" not in html
