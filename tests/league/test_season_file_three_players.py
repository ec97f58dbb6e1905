"""Season files with games of three (issue 30 item 3, FORMATS.md 2 and 4): a three-player
record is imported in a league that seats tables of three, scored with its
`three_player_deck`, exported naming that deck, and round-trips; a game of three in a league
without tables of three is `seat_count`, one naming another deck `deck_mismatch`."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games.models import Game
from games.season_import import import_season
from league.models import Season
from league.season_file import SeasonFileError
from scoring import get_deck, get_preset, score_game
from scoring.generate import random_game
from tests.league.factories import season_file

pytestmark = pytest.mark.django_db

THREE = ["Dana", "Eli", "Noa"]
FOUR = ["Tal", "Gil", "Ran", "Yael"]
RULES = {"remainder": "three-player", "three_player_deck": "one-card-out"}


def three_record(deck: str = "one-card-out", *, names_deck: bool = True) -> dict[str, Any]:
    record = random_game(
        4, get_preset("whist-online"), deals=28, players=THREE, deck=get_deck(deck)
    )
    if not names_deck:
        del record["deck"]
    return record


def four_record() -> dict[str, Any]:
    return random_game(5, get_preset("whist-online"), deals=28, players=FOUR)


def file_with(*games: dict[str, Any], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    return season_file(
        rounds=[{"number": 1, "date": "2024-06-30", "games": [{"record": g} for g in games]}],
        rules=RULES if rules is None else rules,
    )


@pytest.mark.parametrize("names_deck", [True, False])
def test_seat_count_a_three_player_record_is_imported_with_the_leagues_deck(names_deck):
    record = three_record(names_deck=names_deck)
    import_season(file_with(record, four_record()))
    game = Game.objects.get(results__player__name="Dana")
    totals = score_game(record["deals"], get_preset("whist-online"), get_deck("one-card-out"))
    assert [r.score for r in game.results.order_by("seat")] == list(totals.totals or ())
    assert game.deals == record["deals"]
    assert Game.objects.count() == 2


def test_seat_count_a_three_player_record_in_a_league_without_tables_of_three():
    with pytest.raises(SeasonFileError, match=r"seat_count at players: This table has 4"):
        import_season(file_with(three_record(), rules={"remainder": "reserve"}))


def test_deck_mismatch_a_three_player_record_naming_another_deck_is_refused():
    with pytest.raises(SeasonFileError, match=r"deck_mismatch at deck: .*one-card-out deck"):
        import_season(file_with(three_record("no-clubs")))


def export(slug: str, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / f"{slug}.json"
    call_command("export_season", slug, "--output", str(path), stdout=io.StringIO())
    return path, json.loads(path.read_text(encoding="utf-8"))


def stored_games() -> list[tuple[Any, ...]]:
    return sorted(
        (
            tuple((r.seat, r.player.name, r.score) for r in game.results.order_by("seat")),
            json.dumps(game.deals),
        )
        for game in Game.objects.all()
    )


@pytest.mark.django_db(transaction=True)
def test_seat_count_a_season_with_three_player_records_round_trips(tmp_path):
    import_season(file_with(three_record(names_deck=False), four_record()))
    before = stored_games()
    path, data = export("season-10", tmp_path)
    records = [g["record"] for g in data["rounds"][0]["games"]]
    three = next(r for r in records if len(r["players"]) == 3)
    four = next(r for r in records if len(r["players"]) == 4)
    assert three["deck"] == "one-card-out" and "deck" not in four
    assert list(four) == ["players", "preset", "deals"]
    assert data["rules"]["three_player_deck"] == "one-card-out"
    call_command("flush", "--noinput")
    assert not Season.objects.exists()
    call_command("import_season", str(path), stdout=io.StringIO())
    assert stored_games() == before
