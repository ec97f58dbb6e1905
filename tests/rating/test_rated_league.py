"""The rated open-play league (RULES.md 3.2): membership by threshold, counted games."""

from __future__ import annotations

import datetime as dt

import pytest

from games.models import Game, GameResult
from league.signals import announce_results, season_results_changed
from rating.membership import Membership, counted_games, membership
from rating.models import RatedLeagueMember
from rating.tasks import update_ratings
from standings.loader import season_standings
from tests.publishing import factories as f
from web.versions import season_version

START = dt.date(2026, 1, 1)
END = dt.date(2026, 7, 1)


def test_membership_from_the_start_when_the_rating_is_carried_in():
    assert membership(1200, START, END, 1210.0, []) == Membership(START, None, 1210.0)


def test_membership_after_the_game_that_reaches_the_threshold():
    crossings = [(dt.date(2025, 12, 1), 1, 1250.0), (dt.date(2026, 2, 3), 7, 1201.0)]
    assert membership(1200, START, END, 1150.0, crossings) == Membership(
        dt.date(2026, 2, 3), 7, 1201.0
    )


def test_no_membership_when_reached_only_after_the_end():
    assert membership(1200, START, END, 1000.0, [(dt.date(2026, 7, 2), 9, 1300.0)]) is None


def test_membership_is_kept_once_reached_and_the_reaching_game_does_not_count():
    members = {
        "a": Membership(START, None, 1200.0),
        "b": Membership(START, None, 1200.0),
        "c": Membership(START, None, 1200.0),
        "d": Membership(dt.date(2026, 2, 3), 7, 1201.0),
    }
    games = [
        (7, dt.date(2026, 2, 3), ["a", "b", "c", "d"]),  # the game that made d a member
        (8, dt.date(2026, 2, 3), ["a", "b", "c", "d"]),
        (9, dt.date(2026, 3, 3), ["a", "b", "c", "x"]),  # x is not a member
        (10, dt.date(2026, 7, 5), ["a", "b", "c", "d"]),  # after the end
    ]
    assert counted_games(members, games, START, END) == [8]


@pytest.fixture
def rated_season():
    return f.season(
        slug="1200-2026",
        rules_preset="whist-online-1200",
        start=START,
        end=END,
        league_name="Whist Online 1200+",
    )


def lift(name: str, day: int) -> None:
    """A pre-season win against three fillers: the winner reaches 1016."""
    f.game(
        None,
        {name: 100, f"{name}-f1": 0, f"{name}-f2": -10, f"{name}-f3": -20},
        date=START - dt.timedelta(days=day),
    )


@pytest.mark.django_db
def test_rated_season_counts_games_among_members_and_leaves_the_rest(rated_season):
    rated_season.rules = {"rating_threshold": 1010}
    rated_season.save()
    for day, name in enumerate(["Dana", "Eli", "Noa", "Omer"], start=1):
        lift(name, day)
    members_game = f.game(
        None, {"Dana": 10, "Eli": 20, "Noa": 30, "Omer": 40}, date=dt.date(2026, 2, 1)
    )
    mixed_game = f.game(
        None, {"Dana": 10, "Eli": 20, "Noa": 30, "Tal": -40}, date=dt.date(2026, 2, 2)
    )
    imported = f.game(
        rated_season,
        {"Tal": 10, "Eli": 20, "Noa": 30, "Omer": 40},
        date=dt.date(2026, 2, 3),
        source=Game.Source.IMPORT,
    )
    outcome = update_ratings()
    assert outcome["seasons"] == [rated_season.pk]
    members_game.refresh_from_db()
    mixed_game.refresh_from_db()
    imported.refresh_from_db()
    assert members_game.season == rated_season
    assert mixed_game.season is None
    assert imported.season == rated_season  # imported games count as they stand
    # the results follow their game into and out of the season: both standings paths agree
    assert set(GameResult.objects.filter(season=rated_season).values_list("game", flat=True)) == {
        members_game.pk,
        imported.pk,
    }
    pure = season_standings(rated_season, final=True)
    in_database = season_standings(rated_season, final=True, details=False)
    assert [r.as_json("") for r in in_database.rows] == [r.as_json("") for r in pure.rows]
    assert set(
        RatedLeagueMember.objects.filter(season=rated_season).values_list("player__name", flat=True)
    ) == {"Dana", "Eli", "Noa", "Omer"}
    assert update_ratings()["seasons"] == []  # nothing changed the second time


@pytest.mark.django_db
def test_a_player_reaching_the_threshold_in_season_joins_after_that_game(rated_season):
    rated_season.rules = {"rating_threshold": 1010}
    rated_season.save()
    for day, name in enumerate(["Dana", "Eli", "Noa"], start=1):
        lift(name, day)
    reach = f.game(None, {"Tal": 100, "x1": 0, "x2": -10, "x3": -20}, date=dt.date(2026, 3, 1))
    later = f.game(None, {"Dana": 1, "Eli": 2, "Noa": 3, "Tal": 4}, date=dt.date(2026, 3, 2))
    update_ratings()
    tal = RatedLeagueMember.objects.get(season=rated_season, player__name="Tal")
    assert tal.since_game_id == reach.pk and tal.since_date == dt.date(2026, 3, 1)
    assert tal.reached_rating == pytest.approx(1016)
    later.refresh_from_db()
    assert later.season == rated_season


@pytest.mark.django_db
def test_a_game_from_play_joins_the_rated_season_and_is_published(
    rated_season, django_capture_on_commit_callbacks
):
    from league.signals import game_confirmed
    from publishing.snapshots import latest_snapshot

    rated_season.rules = {"rating_threshold": 1000}  # everyone starts as a member
    rated_season.save()
    game = f.game(None, {"Dana": 50, "Eli": 40, "Noa": 30, "Omer": 20}, date=dt.date(2026, 2, 1))
    with django_capture_on_commit_callbacks(execute=True):
        game_confirmed.send(sender=Game, game_id=game.pk)
    game.refresh_from_db()
    assert game.season == rated_season
    snapshot = latest_snapshot(rated_season)
    assert snapshot is not None and snapshot.data["games"][0]["game_id"] == game.pk
    assert snapshot.data["standings"][0]["points"] == 7.0


@pytest.mark.django_db
def test_syncing_again_keeps_the_member_rows(rated_season):
    rated_season.rules = {"rating_threshold": 1010}
    rated_season.save()
    for day, name in enumerate(["Dana", "Eli", "Noa", "Omer"], start=1):
        lift(name, day)
    update_ratings()
    before = set(RatedLeagueMember.objects.values_list("pk", "player__name"))
    update_ratings()
    assert set(RatedLeagueMember.objects.values_list("pk", "player__name")) == before
    assert len(before) == 4


@pytest.mark.django_db
def test_the_rating_job_announces_each_season_it_changed_the_one_way(
    rated_season, django_capture_on_commit_callbacks
):
    rated_season.rules = {"rating_threshold": 1010}
    rated_season.save()
    for day, name in enumerate(["Dana", "Eli", "Noa", "Omer"], start=1):
        lift(name, day)
    f.game(None, {"Dana": 10, "Eli": 20, "Noa": 30, "Omer": 40}, date=dt.date(2026, 2, 1))
    before = season_version(rated_season.slug)
    announced: list[tuple[object, int]] = []

    def heard(sender: object, season_id: int, **kwargs: object) -> None:
        announced.append((sender, season_id))

    season_results_changed.connect(heard)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert update_ratings()["seasons"] == [rated_season.pk]
    finally:
        season_results_changed.disconnect(heard)
    # through announce_results, so the season's public pages move on with it
    assert announced == [(announce_results, rated_season.pk)]
    assert season_version(rated_season.slug) != before
