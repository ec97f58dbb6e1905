"""`import_season` (FORMATS.md 4): good files, every kind of bad file, idempotent re-import."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import Game, GameResult
from league.models import League, Player, Round, Season, Seat, Table
from league.rules import LeagueRules
from league.signals import season_results_changed
from scoring import get_preset, score_game
from scoring.generate import random_game
from tests.league.factories import scores, season_file

pytestmark = pytest.mark.django_db

ROUND_1 = {
    "number": 1,
    "date": "2024-06-30",
    "games": [
        scores(("Dana", 120), ("Eli", 80), ("Noa", 45), ("Omer", -10)),
        scores(("Tal", 10), ("Gil", 20), ("Ran", 30), ("Yael", 40)),
    ],
}
ROUND_2 = {
    "number": 2,
    "date": "2024-07-03",
    "games": [scores(("Dana", 0), ("Eli", 0), ("Noa", 90), ("Omer", 90))],
}
ROUND_27 = {"number": 27, "date": "2024-10-13", "games": []}


def run_import(data, tmp_path: Path) -> str:
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    call_command("import_season", str(path), stdout=out)
    return out.getvalue()


def rejected(data, tmp_path: Path) -> str:
    with pytest.raises(CommandError) as error:
        run_import(data, tmp_path)
    assert error.value.returncode == 1
    message = str(error.value)
    assert "\n" not in message
    return message


def counts():
    return {
        model.__name__: model.objects.count()
        for model in (League, Season, Round, Table, Seat, Game, GameResult, Player)
    }


def test_import_creates_league_season_rounds_tables_games_and_players(tmp_path):
    out = run_import(
        season_file(rounds=[ROUND_1, ROUND_2, ROUND_27], rules={"min_games": 12}), tmp_path
    )
    assert "imported season-10: 3 rounds, 3 games, 8 players" in out
    season = Season.objects.get(slug="season-10")
    assert season.league.name == "Whist Online League"
    assert season.rules_preset == "whist-online-league"
    assert LeagueRules.from_dict(season.rules).min_games == 12
    assert str(season.start) == "2024-06-30"
    rounds = {r.number: r for r in season.rounds.all()}
    assert set(rounds) == {1, 2, 27}
    assert rounds[1].status == Round.Status.FINISHED
    assert rounds[27].status == Round.Status.OPEN
    assert counts()["Table"] == 3 and counts()["Seat"] == 12
    game = Game.objects.get(round=rounds[2])
    assert (game.season, game.status, game.source) == (season, "confirmed", "import")
    assert [(r.seat, r.player.name, r.score) for r in game.results.order_by("seat")] == [
        (0, "Dana", 0),
        (1, "Eli", 0),
        (2, "Noa", 90),
        (3, "Omer", 90),
    ]
    assert Player.objects.get(name="Dana").slug == "dana"


def test_import_rated_league_dated_games(tmp_path):
    games = [
        {"date": "2024-03-05", **scores(("A", 1), ("B", 2), ("C", 3), ("D", 4))},
        {"date": "2024-06-10", **scores(("A", 9), ("B", 2), ("C", 3), ("E", 4))},
    ]
    run_import(season_file(slug="rated-2024", preset="whist-online-1200", games=games), tmp_path)
    season = Season.objects.get(slug="rated-2024")
    assert LeagueRules.from_dict(season.rules).kind == "rated"
    assert not season.rounds.exists()
    assert sorted(str(g.date) for g in season.games.all()) == ["2024-03-05", "2024-06-10"]
    assert Game.objects.filter(round__isnull=False).count() == 0


def test_import_game_record_is_scored_by_the_rules_engine(tmp_path):
    record = random_game(7, get_preset("whist-online"), deals=28)
    data = season_file(rounds=[{"number": 1, "date": "2024-06-30", "games": [{"record": record}]}])
    run_import(data, tmp_path)
    game = Game.objects.get()
    totals = score_game(record["deals"], get_preset("whist-online")).totals
    assert [r.score for r in game.results.order_by("seat")] == list(totals)
    assert [r.player.name for r in game.results.order_by("seat")] == record["players"]
    assert game.deals == record["deals"]


def test_reimport_replaces_the_season(tmp_path):
    run_import(season_file(rounds=[ROUND_1, ROUND_2]), tmp_path)
    first = counts()
    season_id = Season.objects.get().pk
    run_import(season_file(rounds=[ROUND_1, ROUND_2]), tmp_path)
    assert counts() == first
    assert Season.objects.get().pk == season_id
    run_import(season_file(rounds=[ROUND_1]), tmp_path)
    assert counts()["Round"] == 1 and counts()["Game"] == 2
    assert counts()["Player"] == first["Player"]  # players are kept


def test_import_sends_season_results_changed_on_commit(
    tmp_path, django_capture_on_commit_callbacks
):
    received = []

    def receiver(sender, season_id, **kwargs):
        received.append(season_id)

    season_results_changed.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            run_import(season_file(rounds=[ROUND_1]), tmp_path)
    finally:
        season_results_changed.disconnect(receiver)
    assert len(callbacks) >= 1
    assert received == [Season.objects.get().pk]


# --- rejected files ---------------------------------------------------------------------


def _game(*names_scores):
    return scores(*names_scores)


FOUR = (("A", 1), ("B", 2), ("C", 3), ("D", 4))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([1, 2], "the season file: must be a JSON object"),
        (season_file(league=""), "league:"),
        (season_file(season="season 10!"), "season: must be a slug"),
        (season_file(preset="bridge"), "unknown league preset 'bridge'"),
        (season_file(rules={"min_games": "many"}), "rules.min_games: must be a whole number"),
        (season_file(rules={"drops": {"at": [20, 10]}}), "rules.drops.at"),
        (
            season_file(rules={"deals_per_game": 1_000_000}),
            "rules.deals_per_game: must be at most 52",
        ),
        (season_file(start="30.06.2024"), "start: must be a date"),
        (season_file(start="2024-11-01"), "end: 2024-10-27 is before the start 2024-11-01"),
        (season_file(rounds={"number": 1}), "rounds: must be a list"),
        (season_file(rounds=[{"number": 0, "date": "2024-06-30"}]), "rounds[0].number"),
        (
            season_file(rounds=[{"number": 35, "date": "2024-06-30"}]),
            "round 35: the season has only 34",
        ),
        (season_file(rounds=[ROUND_1, ROUND_1]), "round 1: listed twice"),
        (season_file(rounds=[{"number": 3, "date": None}]), "round 3.date: must be a date"),
        (
            season_file(rounds=[{"number": 3, "date": "2024-07-07", "games": [{}]}]),
            'round 3, game 1: needs "scores" or a game "record"',
        ),
        (
            season_file(rounds=[{"number": 3, "date": "2024-07-07", "games": "none"}]),
            "round 3.games: must be a list",
        ),
        (
            season_file(
                rounds=[
                    {
                        "number": 4,
                        "date": "2024-07-10",
                        "games": [_game(*FOUR), _game(("A", 1), ("B", "x"), ("C", 3), ("D", 4))],
                    }
                ]
            ),
            "round 4, game 2: the score of B must be a whole number",
        ),
        (
            season_file(
                rounds=[
                    {
                        "number": 4,
                        "date": "2024-07-10",
                        "games": [_game(("A", 1), ("B", True), ("C", 3), ("D", 4))],
                    }
                ]
            ),
            "round 4, game 1: the score of B must be a whole number",
        ),
        (
            season_file(
                rounds=[
                    {"number": 4, "date": "2024-07-10", "games": [_game(("A", 10**12), *FOUR[1:])]}
                ]
            ),
            "round 4, game 1: the score of A (1000000000000) is beyond",
        ),
        (
            season_file(
                rounds=[{"number": 5, "date": "2024-07-14", "games": [_game(*FOUR, ("E", 5))]}]
            ),
            "round 5, game 1: has 5 players, a game needs 4",
        ),
        (
            season_file(rounds=[{"number": 5, "date": "2024-07-14", "games": [_game(*FOUR[:3])]}]),
            "round 5, game 1: has 3 players, a game needs 4",
        ),
        (
            season_file(
                rounds=[{"number": 5, "date": "2024-07-14", "games": [_game(("  ", 1), *FOUR[1:])]}]
            ),
            "round 5, game 1:",
        ),
        (
            season_file(
                rounds=[
                    {
                        "number": 6,
                        "date": "2024-07-17",
                        "games": [_game(*FOUR), _game(("A", 0), ("E", 1), ("F", 2), ("G", 3))],
                    }
                ]
            ),
            "round 6, game 2: A already plays in round 6",
        ),
        (
            season_file(
                rounds=[{"number": 6, "date": "2024-07-17", "games": [{"scores": [1, 2, 3, 4]}]}]
            ),
            "round 6, game 1: scores: must be a JSON object",
        ),
        (
            season_file(games=[{"date": "2024-07-01", **_game(*FOUR)}]),
            "games: a scheduled-rounds league",
        ),
        (
            season_file(preset="whist-online-1200", rounds=[ROUND_1]),
            "rounds: a rated open-play league lists dated games under games",
        ),
        (
            season_file(preset="whist-online-1200", games=[_game(*FOUR)]),
            "game 1.date: must be a date",
        ),
    ],
)
def test_invalid_file_is_rejected_with_a_message_naming_where(data, expected, tmp_path):
    before = counts()
    assert expected in rejected(data, tmp_path)
    assert counts() == before


def test_three_player_game_allowed_with_the_three_player_remainder(tmp_path):
    data = season_file(
        rules={"remainder": "three-player"},
        rounds=[{"number": 1, "date": "2024-06-30", "games": [_game(*FOUR[:3])]}],
    )
    run_import(data, tmp_path)
    assert GameResult.objects.count() == 3


def _record_round(record):
    return [{"number": 2, "date": "2024-07-03", "games": [_game(*FOUR), {"record": record}]}]


def test_record_with_wrong_deal_count_is_rejected(tmp_path):
    record = random_game(3, get_preset("whist-online"), deals=24)
    message = rejected(season_file(rounds=_record_round(record)), tmp_path)
    assert "round 2, game 2: the record has 24 deals, a game of this league has 28" in message


def test_record_with_an_invalid_deal_is_rejected_naming_the_deal(tmp_path):
    record = random_game(3, get_preset("whist-online"), deals=28)
    record["deals"][4]["contracts"] = [13, 0, 0, 0]
    message = rejected(season_file(rounds=_record_round(record)), tmp_path)
    assert message.startswith("season file rejected, nothing imported: round 2, game 2: deal 5")


def test_record_of_another_scoring_preset_is_rejected(tmp_path):
    record = random_game(3, get_preset("he-wikipedia"), deals=28)
    message = rejected(season_file(rounds=_record_round(record)), tmp_path)
    assert "round 2, game 2: the record is scored by he-wikipedia" in message


def test_record_that_is_not_a_game_record_is_rejected(tmp_path):
    message = rejected(season_file(rounds=_record_round({"deals": "many"})), tmp_path)
    assert "round 2, game 2: record deals:" in message


def test_record_scores_must_agree_when_both_are_given(tmp_path):
    record = random_game(5, get_preset("whist-online"), deals=28)
    game = {"record": record, "scores": dict.fromkeys(record["players"], 0)}
    data = season_file(rounds=[{"number": 1, "date": "2024-06-30", "games": [game]}])
    assert "round 1, game 1: scores disagree" in rejected(data, tmp_path)


def test_rejected_reimport_keeps_the_season_as_it_was(tmp_path):
    run_import(season_file(rounds=[ROUND_1, ROUND_2]), tmp_path)
    before = counts()
    broken = season_file(rounds=[ROUND_1, {**ROUND_2, "games": [_game(*FOUR[:2])]}])
    assert "round 2, game 1" in rejected(broken, tmp_path)
    assert counts() == before


def test_unreadable_file_is_rejected(tmp_path):
    with pytest.raises(CommandError, match=r"cannot read .*missing\.json") as error:
        call_command("import_season", str(tmp_path / "missing.json"))
    assert error.value.returncode == 1


@pytest.mark.parametrize(
    "content", [b"", b"{not json", b"\xff\xfe\x00garbage", b"[" * 100000, b"null", b'"text"']
)
def test_file_that_is_not_a_season_file_is_rejected(content, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CommandError) as error:
        call_command("import_season", str(path))
    assert error.value.returncode == 1
    assert "\n" not in str(error.value)


def test_command_line_rejection_exits_1_without_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{oops", encoding="utf-8")
    for target in (str(path), str(tmp_path)):
        done = subprocess.run(
            [sys.executable, "manage.py", "import_season", target],
            capture_output=True,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
            check=False,
        )
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


def test_import_reads_standard_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(season_file(rounds=[ROUND_1]))))
    out = io.StringIO()
    call_command("import_season", "-", stdout=out)
    assert "imported season-10: 1 rounds, 2 games, 8 players" in out.getvalue()


def rejected_text(text: str, tmp_path: Path) -> str:
    path = tmp_path / "season.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as error:
        call_command("import_season", str(path))
    assert error.value.returncode == 1
    message = str(error.value)
    assert "\n" not in message
    return message


def test_import_never_replaces_a_season_of_another_league(tmp_path):
    run_import(season_file(rounds=[ROUND_1, ROUND_2]), tmp_path)
    before = counts()
    message = rejected(season_file(rounds=[ROUND_1], league="Club B"), tmp_path)
    assert "Whist Online League" in message and "Club B" in message
    assert "season-10" in message
    assert counts() == before
    assert Season.objects.get().league.name == "Whist Online League"
    assert not League.objects.filter(name="Club B").exists()


def test_a_season_file_with_a_duplicated_key_is_rejected_naming_the_key(tmp_path):
    text = json.dumps(season_file(rounds=[ROUND_1]))
    text = text.replace('"season": "season-10"', '"season": "season-10", "season": "other"')
    message = rejected_text(text, tmp_path)
    assert 'the key "season" appears more than once' in message
    assert counts() == dict.fromkeys(counts(), 0)


def test_a_duplicated_key_deep_in_a_season_file_is_named_with_its_path(tmp_path):
    text = json.dumps(season_file(rounds=[ROUND_1, ROUND_2]))
    text = text.replace('"Noa": 90,', '"Noa": 90, "Noa": 10,')
    assert "rounds[1].games[0].scores.Noa" in rejected_text(text, tmp_path)
    assert not Season.objects.exists()


def test_a_lone_surrogate_in_a_season_file_is_one_clear_line_without_traceback(tmp_path):
    text = json.dumps(season_file(rounds=[ROUND_1])).replace('"Dana"', '"Dana\\ud800"', 1)
    assert "rounds[0].games[0].scores" in rejected_text(text, tmp_path)
    assert not Season.objects.exists()
    path = tmp_path / "season.json"
    done = subprocess.run(
        [sys.executable, "manage.py", "import_season", str(path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "lone surrogate" in done.stderr


def test_a_nul_in_a_season_file_is_rejected_naming_where(tmp_path):
    text = json.dumps(season_file(rounds=[ROUND_1])).replace('"Eli"', '"E\\u0000li"', 1)
    assert "NUL" in rejected_text(text, tmp_path)
    assert not Season.objects.exists()
