"""`export_season` (FORMATS.md 4): the club's data round-trips through a season file:
export, empty the database, import, and the rounds, games and standings are the same."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from games.models import Game
from league.models import Round, Season
from scoring import get_preset, score_game
from scoring.generate import random_game
from tests.publishing import factories as f
from tests.roundsupport import make_organizer, make_user

pytestmark = pytest.mark.django_db

FOUR = ("Dana", "Eli", "Noa", "Omer")


def standings_json(slug: str) -> object:
    out = io.StringIO()
    call_command("standings", slug, "--json", stdout=out)
    return json.loads(out.getvalue())


def export(slug: str, tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / f"{slug}.json"
    call_command("export_season", slug, "--output", str(path), stdout=io.StringIO())
    return path, json.loads(path.read_text(encoding="utf-8"))


def flush_and_import(path: Path) -> None:
    call_command("flush", "--noinput")
    assert not Season.objects.exists()
    call_command("import_season", str(path), stdout=io.StringIO())


def rounds_and_games(slug: str) -> list[tuple]:
    return [
        (
            r.number,
            r.date,
            [
                (g.date, g.deals, [(x.seat, x.player.name, x.score) for x in g.results.all()])
                for g in r.games.filter(status=Game.Status.CONFIRMED).order_by("table__number")
            ],
        )
        for r in Round.objects.filter(season__slug=slug).order_by("number")
    ]


@pytest.fixture
def league_season() -> Season:
    """A scheduled-rounds season with an override, a deal-by-deal game, a disputed game
    (not counted, not exported) and an open round without games."""
    season = f.season(start=dt.date(2026, 9, 6), end=dt.date(2026, 12, 30))
    season.rules = {"min_games": 1}
    season.save()
    round_1 = f.round_(season, 1, dt.date(2026, 9, 6), status=Round.Status.FINISHED)
    f.table_game(season, round_1, 1, {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10})
    record = random_game(5, get_preset("whist-online"), deals=28)
    record["players"] = ["Tal", "Gil", "Ran", "Yael"]
    totals = score_game(record["deals"], get_preset("whist-online")).totals
    with_deals = f.table_game(season, round_1, 2, dict(zip(record["players"], totals, strict=True)))
    with_deals.deals = record["deals"]
    with_deals.save()
    round_2 = f.round_(season, 2, dt.date(2026, 9, 9), status=Round.Status.FINISHED)
    f.table_game(season, round_2, 1, {"Dana": 10, "Noa": 60, "Eli": 30, "Omer": 30})
    disputed = f.table_game(season, round_2, 2, {"Tal": 1, "Gil": 2, "Ran": 3, "Yael": 4})
    disputed.status = Game.Status.DISPUTED
    disputed.save()
    f.round_(season, 3, dt.date(2026, 9, 13))
    return season


def test_export_lists_every_round_with_its_date_and_games_with_scores_and_records(
    league_season, tmp_path
):
    _, data = export(league_season.slug, tmp_path)
    assert (data["league"], data["season"], data["preset"]) == (
        "Whist Online League",
        "season-10",
        "whist-online-league",
    )
    assert data["rules"] == {"min_games": 1}
    assert [(r["number"], r["date"], len(r["games"])) for r in data["rounds"]] == [
        (1, "2026-09-06", 2),
        (2, "2026-09-09", 1),
        (3, "2026-09-13", 0),
    ]
    assert data["rounds"][0]["games"][0] == {
        "scores": {"Dana": 120, "Eli": 80, "Noa": 45, "Omer": -10}
    }
    record = data["rounds"][0]["games"][1]["record"]
    assert len(record["deals"]) == 28 and record["preset"] == "whist-online"
    assert "games" not in data


# Flushing inside the test needs real transactions (PostgreSQL refuses TRUNCATE with
# pending deferred constraint checks).
@pytest.mark.django_db(transaction=True)
def test_league_season_round_trips_rounds_games_records_and_standings(league_season, tmp_path):
    before = standings_json(league_season.slug)
    games_before = rounds_and_games(league_season.slug)
    path, _ = export(league_season.slug, tmp_path)
    flush_and_import(path)
    assert standings_json(league_season.slug) == before
    assert rounds_and_games(league_season.slug) == games_before


@pytest.mark.django_db(transaction=True)
def test_rated_season_round_trips_its_dated_games_and_standings(tmp_path):
    season = f.season(
        slug="open-2026",
        rules_preset="whist-online-1200",
        start=dt.date(2026, 1, 1),
        end=dt.date(2026, 6, 30),
        league_name="1200+ League",
    )
    season.rules = {"min_games": 2, "final_period": None}
    season.save()
    for day, scores in enumerate(
        [
            {"Dana": 100, "Eli": 50, "Noa": 0, "Omer": -50},
            {"Eli": 70, "Dana": 70, "Tal": 10, "Noa": -20},
            {"Omer": 5, "Noa": 15, "Tal": 25, "Dana": 35},
        ],
        1,
    ):
        f.game(season, scores, date=dt.date(2026, 2, day))
    before = standings_json(season.slug)
    path, data = export(season.slug, tmp_path)
    assert [g["date"] for g in data["games"]] == ["2026-02-01", "2026-02-02", "2026-02-03"]
    assert "rounds" not in data
    flush_and_import(path)
    assert standings_json(season.slug) == before
    assert Game.objects.filter(season__slug=season.slug).count() == 3


def test_export_of_an_unknown_season_is_refused_in_one_line():
    with pytest.raises(CommandError, match="there is no season 'nope'"):
        call_command("export_season", "nope")


def test_export_to_standard_output_is_the_season_file(league_season):
    out = io.StringIO()
    call_command("export_season", league_season.slug, stdout=out)
    assert json.loads(out.getvalue())["season"] == league_season.slug


def test_a_hebrew_slug_season_file_is_named_in_latin_letters(league_season, client):
    Season.objects.filter(pk=league_season.pk).update(slug="ליגת-חורף-2027")
    client.force_login(make_organizer(league_season))
    response = client.get(reverse("manage:season_file", args=["ליגת-חורף-2027"]))
    assert response["Content-Disposition"] == 'attachment; filename="ligt-chorf-2027.json"'


def test_organizer_downloads_the_season_file_from_the_season_page(league_season, client):
    organizer = make_organizer(league_season)
    client.force_login(organizer)
    page = client.get(reverse("manage:season", args=[league_season.slug])).content.decode()
    link = reverse("manage:season_file", args=[league_season.slug])
    assert link in page
    response = client.get(link)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="season-10.json"'
    assert json.loads(response.content)["rounds"][0]["number"] == 1


def test_season_file_download_is_refused_to_a_non_organizer(league_season, client):
    client.force_login(make_user())
    response = client.get(reverse("manage:season_file", args=[league_season.slug]))
    assert response.status_code == 403
