"""A tournament run through the actions and commands (RULES.md 3.4, FORMATS.md 6):
24 players, 4 stages and a final table."""

from __future__ import annotations

import datetime as dt
import io
import json
from itertools import combinations

import pytest
from django.core.management import call_command
from django.utils import translation

from core.errors import ActionError
from draws.actions import do_draw_round, publish_draw
from games.actions import organizer_set_result
from games.finish import finish_round
from league.draw_check import RecordedDraw, matches_seed
from league.models import DrawRecord, Round, Table
from publishing.rounds import run_round_schedule
from tests.roundsupport import FAR_SUNDAY, make_players, make_round, make_season, register

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_english():
    """The refusals are read in English (a page test before may leave Hebrew active)."""
    with translation.override("en"):
        yield


SCORES = [120, 60, 10, -40]  # by seat: seat 0 wins every table (seats follow the draw order)


def _tournament(players: int = 24):
    season = make_season(slug="evening", rules_preset="evening-tournament")
    rounds = [make_round(season, number, FAR_SUNDAY) for number in range(1, 6)]
    people = make_players(players)
    for round_ in rounds[:4]:
        register(round_, people)
    return season, rounds, people


def _draw_json(season, number: int, *extra: str) -> dict:
    out = io.StringIO()
    call_command("draw", season.slug, "--round", str(number), "--json", *extra, stdout=out)
    return json.loads(out.getvalue())


def _play(round_: Round, scores=SCORES) -> None:
    publish_draw(round_)
    for table in Table.objects.filter(round=round_).order_by("number"):
        seated = table.seats.count()
        organizer_set_result(table, scores=scores[:seated])
    finish_round(round_)


def _pairs(tables) -> set[frozenset[str]]:
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def _standings(season, *extra: str) -> dict:
    out = io.StringIO()
    call_command("standings", season.slug, "--json", *extra, stdout=out)
    return json.loads(out.getvalue())


def test_tournament_of_24_players_over_4_stages_and_a_final_table():
    season, rounds, _people = _tournament()
    first = _draw_json(season, 1, "--seed", "7")
    assert first["method"] == "random"
    assert first["seed"] == 7
    assert [len(t) for t in first["tables"]] == [4] * 6
    _play(rounds[0])

    second = _draw_json(season, 2)
    assert second["method"] == "standing"
    assert second["seed"] is None
    assert not _pairs(first["tables"]) & _pairs(second["tables"])
    # stage 1's six winners share the top tables: table 1 holds four of them
    winners = {table[0] for table in first["tables"]}
    assert set(second["tables"][0]) <= winners
    _play(rounds[1])

    seen = _pairs(first["tables"]) | _pairs(second["tables"])
    for number in (3, 4):
        stage = _draw_json(season, number)
        assert stage["method"] == "standing"
        assert not seen & _pairs(stage["tables"])
        seen |= _pairs(stage["tables"])
        _play(rounds[number - 1])

    standing = _standings(season)["standings"]
    top4 = [row["player"] for row in standing[:4]]
    final = _draw_json(season, 5)
    assert final["method"] == "final"
    assert final["tables"] == [top4]
    assert final["reserves"] == []
    # the final table: the 4th of the standing wins it, then 3rd, 2nd, 1st
    _play(rounds[4], scores=[-40, 10, 60, 120])
    after = _standings(season, "--final")
    assert [row["player"] for row in after["standings"][:4]] == top4[::-1]
    assert [row["rank"] for row in after["standings"][:4]] == [1, 2, 3, 4]
    assert min(row["rank"] for row in after["standings"][4:]) >= 5
    assert after["standings"][0]["final_table"] == {"place": 1, "points": 6, "score": 120}
    assert [r["player"] for r in after["standings"][4:]] == [r["player"] for r in standing[4:]]
    # in-season (no --final) the final table changes nothing
    assert _standings(season)["standings"] == standing


def test_a_stage_draw_is_checkable_from_its_record():
    _season, rounds, _people = _tournament(16)
    do_draw_round(rounds[0], seed=3)
    _play(rounds[0])
    do_draw_round(rounds[1])
    record = DrawRecord.objects.get(round=rounds[1], superseded=False)
    assert record.method == "standing"
    assert all("met" in entry for entry in record.starting_list)
    recorded = RecordedDraw(
        record.method,
        record.recipe,
        record.remainder,
        record.seed,
        record.starting_list,
        tuple(tuple(t) for t in record.tables),
        tuple(record.reserves),
    )
    assert matches_seed(recorded) is True


def test_a_later_stage_waits_for_the_stages_before_it():
    _season, rounds, _people = _tournament(8)
    do_draw_round(rounds[0], seed=1)
    with pytest.raises(ActionError, match="finish stage 1 first"):
        do_draw_round(rounds[1])


def test_a_stage_draw_stays_private_until_published_and_a_redraw_needs_a_reason():
    _season, rounds, _people = _tournament(8)
    do_draw_round(rounds[0], seed=1)
    _play(rounds[0])
    draw, made = do_draw_round(rounds[1])
    assert made
    rounds[1].refresh_from_db()
    assert rounds[1].draw_published_at is None
    with pytest.raises(ActionError, match="reason"):
        do_draw_round(rounds[1], redraw=True)
    again, _ = do_draw_round(rounds[1], redraw=True, reason="a late arrival")
    assert [[p.name for p in t] for t in again.tables] == [[p.name for p in t] for t in draw.tables]
    assert DrawRecord.objects.filter(round=rounds[1]).count() == 2


def test_export_and_import_round_trip_a_tournament_with_its_final_table(tmp_path):
    season, rounds, _people = _tournament(12)
    do_draw_round(rounds[0], seed=5)
    _play(rounds[0])
    for number in (2, 3, 4, 5):
        do_draw_round(rounds[number - 1])
        _play(rounds[number - 1], scores=[-40, 10, 60, 120] if number == 5 else SCORES)
    out = io.StringIO()
    call_command("export_season", season.slug, stdout=out)
    exported = json.loads(out.getvalue())
    assert exported["preset"] == "evening-tournament"
    assert [r["date"] for r in exported["rounds"]] == [FAR_SUNDAY.isoformat()] * 5
    before = _standings(season, "--final")["standings"]
    exported["season"] = "evening-again"
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(exported))
    call_command("import_season", str(path), stdout=io.StringIO())
    again = _standings(Round.objects.filter(season__slug="evening-again").first().season, "--final")
    assert again["standings"] == before


def test_the_round_schedule_leaves_a_tournaments_stages_to_the_organizer():
    season, rounds, _people = _tournament(8)
    evening = dt.datetime.combine(FAR_SUNDAY, dt.time(23, 0), tzinfo=dt.UTC)
    assert run_round_schedule(season.pk, now=evening) == []
    rounds[0].refresh_from_db()
    assert rounds[0].status == Round.Status.OPEN
