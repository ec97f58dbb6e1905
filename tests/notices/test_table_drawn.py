# ruff: noqa: RUF001  -- Russian text: its Cyrillic letters look like Latin ones on purpose
""" "Your table is drawn": when the draw is published (by the desk, the API or the schedule),
each seated player with an account is told his table, the other players, the evening and
where the league plays; players without an account get nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from api.models import ApiToken
from api.tokens import create_token
from draws.actions import do_draw_round, publish_draw, swap_players
from draws.stored import load_draw
from games.season_import import import_season
from league.models import Player, Round, Season, Seat
from mail.kinds import Kind
from mail.recipients import set_language
from notices.sweep import sweep, sweep_season
from publishing.rounds import run_round_schedule
from tests.api.conftest import client_for
from tests.league.factories import random_rounds_season
from tests.notices.support import DATES, account, at, recipients, rows
from tests.publishing import factories as f

pytestmark = pytest.mark.django_db

NAMES = ["Dana", "Eli", "Noa", "Omer"]


@pytest.fixture
def round_one():
    season = f.season(start=DATES[0], end=dt.date(2027, 3, 28))
    season.league.play_link = "https://meet.example.org/whist"
    season.league.join_time = dt.time(20, 20)
    season.league.save()
    round_ = f.round_(season, 1, DATES[5])
    f.register(round_, NAMES)
    account("Dana")
    account("Eli", "he")
    account("Noa", "ru")
    return round_


def drawn(round_: Round) -> Round:
    do_draw_round(round_, seed=7)
    publish_draw(round_)
    return round_


def test_each_seated_player_with_an_account_is_told_his_table(round_one):
    drawn(round_one)
    assert sweep_season(round_one.season_id) == 3
    assert recipients(Kind.TABLE_DRAWN) == ["dana", "eli", "noa"]  # Omer has no account
    table = Seat.objects.get(round=round_one, player__name="Dana").table
    assert {row.key for row in rows()} == {f"table:{table.pk}"}


def test_a_draw_not_published_tells_nobody(round_one):
    do_draw_round(round_one, seed=7)
    assert sweep_season(round_one.season_id) == 0


def test_the_sweep_run_twice_tells_each_player_once(round_one):
    drawn(round_one)
    assert sweep() == 3
    assert sweep() == 0
    assert len(rows(Kind.TABLE_DRAWN)) == 3


def test_an_old_published_draw_tells_nobody(round_one):
    drawn(round_one)
    assert sweep_season(round_one.season_id, timezone.now() + dt.timedelta(hours=13)) == 0


def test_an_imported_past_season_tells_nobody_of_its_tables():
    account("Player 000")
    account("Player 001", "he")
    import_season(random_rounds_season(8, rounds=3))
    season = Season.objects.get(slug="season-10")
    assert Round.objects.filter(season=season, draw_published_at__isnull=False).count() == 3
    assert sweep_season(season.pk) == 0
    assert sweep() == 0
    assert rows(Kind.TABLE_DRAWN) == []


def test_a_finished_rounds_tables_are_not_told(round_one):
    drawn(round_one)
    Round.objects.filter(pk=round_one.pk).update(status=Round.Status.FINISHED)
    assert sweep_season(round_one.season_id) == 0


def drawn_with_a_reserve(round_: Round, language: str = "he") -> Player:
    """Round one with a fifth player registered, drawn and published: returns the one left
    without a table, given an account in `language` (a new one if he had none)."""
    f.register(round_, ["Yael"])
    drawn(round_)
    (reserve,) = load_draw(round_).reserves
    if reserve.user is None:
        account(reserve.name, language)
    else:
        set_language(reserve.user, language)
    reserve.refresh_from_db()
    return reserve


def test_the_reserve_is_told_he_is_one_once(round_one):
    reserve = drawn_with_a_reserve(round_one)
    seated = Seat.objects.filter(round=round_one, player__user__isnull=False).count()
    assert sweep_season(round_one.season_id) == seated + 1
    assert sweep_season(round_one.season_id) == 0
    (row,) = [row for row in rows(Kind.TABLE_DRAWN) if row.user_id == reserve.user_id]
    assert row.key == f"reserve:{round_one.pk}"
    assert reverse("web:round", args=[round_one.season.slug, 1]) in row.text


def test_a_round_without_a_reserve_tells_no_reserve(round_one):
    drawn(round_one)
    sweep_season(round_one.season_id)
    assert [row.key for row in rows(Kind.TABLE_DRAWN) if row.key.startswith("reserve:")] == []


@pytest.mark.parametrize(
    ("language", "subject", "says"),
    [
        ("en", "Whist Online League: Round 1 draw",
         ["You are a reserve in round 1, Sunday 20 Dec 2026, 20:30: there is no seat for you"
          " at the tables.",
          "the organizer may bring you in: you will then get an e-mail with your table.",
          "Where we play (join at 20:20): https://meet.example.org/whist"]),
        ("he", "\u2068Whist Online League\u2069: הגרלת השולחנות של מחזור 1",
         ["אתה מחליף במחזור 1, יום ראשון 20.12.2026, 20:30: אין לך מקום בשולחנות.",
          "המארגן עשוי להכניס אותך לשחק"]),
        ("ru", "Whist Online League: Тур 1: жеребьёвка",
         ["Вы запасной: тур 1,", "Места за столами для вас нет.",
          "организатор может посадить вас"]),
    ],
)  # fmt: skip
def test_the_reserves_letter_is_in_his_language(round_one, language, subject, says):
    reserve = drawn_with_a_reserve(round_one, language)
    sweep_season(round_one.season_id)
    (row,) = [r for r in rows(Kind.TABLE_DRAWN) if r.user_id == reserve.user_id]
    assert row.subject == subject
    for sentence in says:
        assert sentence in row.text, row.text


CHANGED = "The draw was changed after it was published, and so was your place"


def letters_of(user_id: int) -> dict[str, str]:
    """The draw's letters to `user_id`: key -> text."""
    return {row.key: row.text for row in rows(Kind.TABLE_DRAWN) if row.user_id == user_id}


def test_a_reserve_brought_in_is_told_his_table_and_the_player_out_that_he_is_a_reserve(
    round_one,
):
    reserve = drawn_with_a_reserve(round_one, "en")
    out = Seat.objects.filter(round=round_one, player__user__isnull=False).first().player
    set_language(out.user, "en")
    sweep_season(round_one.season_id)
    first = {**letters_of(reserve.user_id), **letters_of(out.user_id)}
    assert all(CHANGED not in text for text in first.values())
    swap_players(round_one, reserve, out, reason="a player is ill")
    assert sweep_season(round_one.season_id) == 2
    table = Seat.objects.get(round=round_one, player=reserve).table
    brought_in = letters_of(reserve.user_id)
    assert set(brought_in) == {f"reserve:{round_one.pk}", f"table:{table.pk}"}
    assert CHANGED in brought_in[f"table:{table.pk}"]
    swapped_out = letters_of(out.user_id)
    assert set(swapped_out) == {f"table:{table.pk}", f"reserve:{round_one.pk}"}
    assert CHANGED in swapped_out[f"reserve:{round_one.pk}"]
    assert "there is no seat for you at the tables" in swapped_out[f"reserve:{round_one.pk}"]


def test_a_player_moved_to_another_table_is_told_his_new_one(round_one):
    f.register(round_one, ["Yael", "Tom", "Gil", "Ben"])
    drawn(round_one)
    dana = Player.objects.get(name="Dana")
    other = Seat.objects.filter(round=round_one).exclude(table=dana.seats.get().table).first()
    sweep_season(round_one.season_id)
    swap_players(round_one, dana, other.player, reason="two friends at one table")
    sweep_season(round_one.season_id)
    new_table = Seat.objects.get(round=round_one, player=dana).table
    letters = letters_of(dana.user_id)
    assert len(letters) == 2 and CHANGED in letters[f"table:{new_table.pk}"]
    assert f"You play at table {new_table.number}" in letters[f"table:{new_table.pk}"]


def test_a_player_moved_back_to_a_table_he_was_told_before_is_told_it_again(round_one):
    f.register(round_one, ["Yael", "Tom", "Gil", "Ben"])
    drawn(round_one)
    dana = Player.objects.get(name="Dana")
    first_table = dana.seats.get().table
    other = Seat.objects.filter(round=round_one).exclude(table=first_table).first().player
    sweep_season(round_one.season_id)
    swap_players(round_one, dana, other, reason="two friends at one table")
    sweep_season(round_one.season_id)
    second_table = dana.seats.get().table
    swap_players(round_one, dana, other, reason="the friends asked to stay apart")
    # Dana, and the other player if he has an account: each is back at his first table
    assert sweep_season(round_one.season_id) == 1 + (other.user_id is not None)
    assert Seat.objects.get(round=round_one, player=dana).table == first_table
    letters = letters_of(dana.user_id)
    # his third letter, the newest, gives his first table again
    again = f"table:{first_table.pk}:3"
    assert list(letters) == [f"table:{first_table.pk}", f"table:{second_table.pk}", again]
    assert CHANGED in letters[again]
    assert f"You play at table {first_table.number}" in letters[again]
    assert sweep_season(round_one.season_id) == 0  # told once


def test_a_reserve_brought_in_then_swapped_out_again_is_told_he_is_a_reserve_again(round_one):
    reserve = drawn_with_a_reserve(round_one, "en")
    out = Seat.objects.filter(round=round_one, player__user__isnull=False).first().player
    sweep_season(round_one.season_id)
    swap_players(round_one, reserve, out, reason="a player is ill")
    sweep_season(round_one.season_id)
    swap_players(round_one, out, reserve, reason="he is well again")
    sweep_season(round_one.season_id)
    letters = letters_of(reserve.user_id)
    assert len(letters) == 3
    again = f"reserve:{round_one.pk}:3"
    assert "there is no seat for you at the tables" in letters[again]
    assert CHANGED in letters[again]


def test_the_desks_publish_tells_the_players(round_one, client, django_capture_on_commit_callbacks):
    organizer = get_user_model().objects.create_user("organizer", password="pw")
    round_one.season.league.organizers.add(organizer)
    do_draw_round(round_one, seed=7)
    client.force_login(organizer)
    url = reverse("manage:publish", args=[round_one.season.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url).status_code == 302
    assert recipients(Kind.TABLE_DRAWN) == ["dana", "eli", "noa"]


def test_the_apis_publish_tells_the_players(round_one, django_capture_on_commit_callbacks):
    organizer = get_user_model().objects.create_user("organizer", password="pw")
    round_one.season.league.organizers.add(organizer)
    token = create_token(
        user=organizer,
        league=round_one.season.league,
        platform="whist-online",
        name="desk",
        scope=ApiToken.Scope.ORGANIZER,
    )
    path = f"/api/v1/seasons/{round_one.season.slug}/rounds/1/draw/"
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(token).post(path, {"seed": 7, "publish": True}, format="json")
    assert response.status_code == 201, response.json()
    assert recipients(Kind.TABLE_DRAWN) == ["dana", "eli", "noa"]


def test_the_schedules_publish_tells_the_players(round_one, django_capture_on_commit_callbacks):
    run_round_schedule(round_one.season_id, at(DATES[5], 20, 0))  # closes and draws
    with django_capture_on_commit_callbacks(execute=True):
        assert run_round_schedule(round_one.season_id, at(DATES[5], 20, 15)) == [
            (1, "publish_draw")
        ]
    assert recipients(Kind.TABLE_DRAWN) == ["dana", "eli", "noa"]


@pytest.mark.parametrize(
    ("user", "subject", "says"),
    [
        (
            "dana",
            "Whist Online League: Round 1 draw",
            [
                "You play at table 1 in round 1, Sunday 20 Dec 2026, 20:30.",
                "Where we play (join at 20:20): https://meet.example.org/whist",
            ],
        ),
        (
            "eli",
            "\u2068Whist Online League\u2069: הגרלת השולחנות של מחזור 1",
            [
                "אתה משחק בשולחן 1 במחזור 1, יום ראשון 20.12.2026, 20:30.",
                "איפה משחקים (מצטרפים ב-20:20): https://meet.example.org/whist",
            ],
        ),
        (
            "noa",
            "Whist Online League: Тур 1: жеребьёвка",
            ["Вы играете за столом 1: тур 1,"],
        ),
    ],
)
def test_the_letter_is_written_in_the_players_language(round_one, user, subject, says):
    drawn(round_one)
    sweep_season(round_one.season_id)
    (row,) = [r for r in rows(Kind.TABLE_DRAWN) if r.user.get_username() == user]
    assert row.subject == subject
    for sentence in says:
        assert sentence in row.text, row.text
    others = row.text.split("\n\n")[1]
    named = [name for name in NAMES if name in others]
    assert named == [name for name in NAMES if name.lower() != user]
    table = Seat.objects.get(round=round_one, player__name="Dana").table
    assert reverse("games:table", args=[table.pk]) in row.text
