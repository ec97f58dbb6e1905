# ruff: noqa: RUF001  -- Russian text: its Cyrillic letters look like Latin ones on purpose
"""The round's results with his place: when the round's results are published, each player
of the round with an account is told his game's place and points at his table and his place
in the league table after the round, from the published snapshot."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from league.models import Round
from mail.kinds import Kind
from notices.sweep import sweep, sweep_season
from publishing.actions import do_publish_season
from publishing.rounds import do_publish_results, run_round_schedule
from tests.notices.support import DATES, account, at, recipients, rows
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

NAMES = ["Dana", "Eli", "Noa", "Omer"]


@pytest.fixture
def round_one():
    season = f.season(start=DATES[0], end=dt.date(2027, 3, 28))
    # The draw published yesterday: its "your table" letters are no longer due.
    yesterday = timezone.now() - dt.timedelta(hours=13)
    round_ = f.round_(
        season,
        1,
        DATES[5],
        status=Round.Status.IN_PLAY,
        draw_method="random",
        draw_published_at=yesterday,
    )
    f.register(round_, [*NAMES, "Tal"])  # Tal: a reserve, no game
    f.table_game(season, round_, 1, dict(zip(NAMES, [90, 40, 10, -20], strict=True)))
    account("Dana")
    account("Eli", "he")
    account("Noa", "ru")
    account("Tal")
    return round_


def published(round_: Round) -> Round:
    do_publish_results(round_)
    do_publish_season(round_.season_id)
    return round_


def test_each_player_of_the_round_with_an_account_gets_the_results(round_one):
    published(round_one)
    assert sweep_season(round_one.season_id) == 4
    assert recipients(Kind.RESULTS) == ["dana", "eli", "noa", "tal"]  # Omer has no account
    assert {row.key for row in rows()} == {f"results:{round_one.pk}"}


def test_results_not_published_tell_nobody(round_one):
    do_publish_season(round_one.season_id)
    assert sweep_season(round_one.season_id) == 0


def test_the_letters_wait_for_the_snapshot_that_shows_the_results(round_one):
    do_publish_season(round_one.season_id)
    do_publish_results(round_one)  # marked, not yet published in the snapshot
    assert sweep_season(round_one.season_id) == 0
    do_publish_season(round_one.season_id)
    assert sweep_season(round_one.season_id) == 4


def test_the_sweep_run_twice_tells_each_player_once(round_one):
    published(round_one)
    assert sweep() == 4
    assert sweep() == 0


def test_old_results_tell_nobody(round_one):
    published(round_one)
    assert sweep_season(round_one.season_id, timezone.now() + dt.timedelta(hours=13)) == 0


def test_the_schedules_publication_tells_the_players(round_one, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        done = run_round_schedule(round_one.season_id, at(DATES[5], 23, 30))
    assert done == [(1, "publish_results")]
    assert recipients(Kind.RESULTS) == ["dana", "eli", "noa", "tal"]


def letter_to(user: str):
    (row,) = [r for r in rows(Kind.RESULTS) if r.user.get_username() == user]
    return row


def test_the_letter_gives_his_place_at_the_table_and_in_the_league_table(round_one):
    published(round_one)
    sweep_season(round_one.season_id)
    dana = letter_to("dana")
    assert dana.subject == "Whist Online League: Round 1 results"
    assert "At table 1 you finished in place 1 (score 90; points for the place: 6)." in dana.text
    assert (
        "After round 1 you are in place 1 of 4 players in the league table (points: 6)."
        in dana.text
    )
    assert f"/seasons/{round_one.season.slug}/rounds/1/" in dana.text
    tal = letter_to("tal")  # a reserve: no game, not in the table
    assert "At table" not in tal.text


def test_the_letter_in_hebrew_and_russian(round_one):
    published(round_one)
    sweep_season(round_one.season_id)
    eli = letter_to("eli")
    assert eli.subject == "\u2068Whist Online League\u2069: תוצאות מחזור 1"
    assert "בשולחן 1 סיימת במקום 2 (ניקוד 40; נקודות על המקום: 3)." in eli.text
    assert "אחרי מחזור 1 אתה במקום 2 מתוך 4 שחקנים בטבלת הליגה (נקודות: 3)." in eli.text
    noa = letter_to("noa")
    assert noa.subject == "Whist Online League: Тур 1: результаты"
    assert "За столом 1 вы заняли место 3 (очки в игре: 10; очки за место: 1)." in noa.text
    assert "Тур 1: в турнирной таблице вы на месте 3 из 4 игроков (очки: 1)." in noa.text
