"""score_deals (FORMATS.md 3): outputs, exit codes 0/1/2, stdin, junk input, no traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import score_game
from scoring.cli import main
from scoring.generate import random_deals, random_game

from .helpers import EN_WIKIPEDIA, HE_WIKIPEDIA, WHIST_ONLINE, revoke_record, summary_deal

ROOT = Path(__file__).resolve().parents[2]
VALID = summary_deal([3, 6, 0, 1], [3, 4, 0, 6], declarer=1)
INVALID = summary_deal([4, 5, 0, 4], [4, 5, 0, 4], declarer=1)


def run(argv, stdin_text=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, io.StringIO(stdin_text), out, err)
    return code, out.getvalue(), err.getvalue()


def write(tmp_path, document, name="deals.json"):
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return str(path)


def test_single_valid_deal_prints_verdict_and_exits_0(tmp_path):
    code, out, err = run([write(tmp_path, VALID)])
    assert (code, err) == (0, "")
    assert out.endswith("\n") and out.count("\n") == 1
    result = json.loads(out)
    assert result == {
        "valid": True,
        "deals": [
            {
                "valid": True,
                "scores": [19, -30, 50, -25],
                "tricks": [3, 4, 0, 6],
                "trump": "H",
                "declarer": 1,
                "game": "under",
                "down": 3,
                "errors": [],
            }
        ],
    }


def test_list_of_deals_adds_totals_and_placements(tmp_path):
    second = summary_deal([5, 4, 0, 5], [5, 2, 0, 6])
    code, out, _ = run([write(tmp_path, [VALID, second])])
    result = json.loads(out)
    assert code == 0
    assert result["totals"] == [19 + 35, -30 - 10, 50 + 5, -25 - 10]
    assert result["placements"] == [2, 4, 1, 3]


def test_invalid_deal_prints_json_and_exits_1(tmp_path):
    code, out, err = run([write(tmp_path, [VALID, INVALID])])
    result = json.loads(out)
    assert (code, err) == (1, "")
    assert result["valid"] is False
    bad = result["deals"][1]
    assert bad["valid"] is False and "scores" not in bad
    assert bad["errors"][0]["code"] == "contracts_total_13"
    assert bad["errors"][0]["path"] == "contracts[0]"
    assert bad["errors"][0]["message"]


def test_dash_reads_standard_input():
    code, out, _ = run(["-"], json.dumps(VALID))
    assert code == 0 and json.loads(out)["valid"] is True


def test_default_preset_is_whist_online(tmp_path):
    zero_down_2 = summary_deal([5, 4, 0, 2], [5, 4, 0, 4])
    _, out, _ = run([write(tmp_path, zero_down_2)])
    assert json.loads(out)["deals"][0]["scores"][2] == WHIST_ONLINE.deal_score(0, 0, 2) == 40


def test_preset_option_overrides_the_default(tmp_path):
    zero_down_2 = summary_deal([5, 4, 0, 2], [5, 4, 0, 4])
    _, out, _ = run([write(tmp_path, zero_down_2), "--preset", "he-wikipedia"])
    assert json.loads(out)["deals"][0]["scores"][2] == 50


def test_game_record_uses_its_own_preset(tmp_path):
    game = random_game(3, HE_WIKIPEDIA, deals=4)
    code, out, _ = run([write(tmp_path, game)])
    result = json.loads(out)
    assert code == 0
    he_scores = [d["scores"] for d in result["deals"]]
    assert result["totals"] == list(score_game(game["deals"], HE_WIKIPEDIA).totals)
    assert he_scores == [list(d.scores) for d in score_game(game["deals"], HE_WIKIPEDIA).deals]


def test_preset_option_overrides_the_game_records_preset(tmp_path):
    game = random_game(4, WHIST_ONLINE, deals=3)
    _, out, _ = run([write(tmp_path, game), "--preset", "en-wikipedia"])
    assert json.loads(out)["totals"] == list(score_game(game["deals"], EN_WIKIPEDIA).totals)


def test_revoke_in_en_wikipedia_lists_penalties(tmp_path):
    record, _ = revoke_record()
    code, out, _ = run([write(tmp_path, record), "--preset", "en-wikipedia"])
    deal = json.loads(out)["deals"][0]
    assert code == 0
    assert deal["valid"] is True and min(deal["penalties"]) <= -100
    code, out, _ = run([write(tmp_path, record)])
    assert code == 1
    assert "revoke" in {e["code"] for e in json.loads(out)["deals"][0]["errors"]}


@pytest.mark.parametrize(
    "content",
    [
        "",
        "not json",
        "{",
        "[1,",
        "42",
        '"a string"',
        "null",
        "true",
        "[1, 2]",
        '[{"contracts": [1,2,3,4]}, "x"]',
        '{"deals": 5}',
        '{"deals": [1]}',
        '{"players": ["a"], "deals": []}',
        '{"preset": "chess", "deals": []}',
        "[" * 100000 + "]" * 100000,
        "1" * 5000,
    ],
    ids=lambda c: repr(c[:20]),
)
def test_junk_input_exits_2_with_one_line_error(tmp_path, content):
    code, out, err = run([write(tmp_path, content)])
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("score_deals: ")
    assert "Traceback" not in err


def test_missing_file_exits_2(tmp_path):
    code, _, err = run([str(tmp_path / "nope.json")])
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_directory_exits_2(tmp_path):
    code, _, err = run([str(tmp_path)])
    assert code == 2 and err.count("\n") == 1


def test_non_utf8_file_exits_2(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"x": "\xe9\xff"}')
    code, _, err = run([str(path)])
    assert code == 2 and err.count("\n") == 1


def test_unknown_preset_exits_2(tmp_path):
    code, out, err = run([write(tmp_path, VALID), "--preset", "chess"])
    assert (code, out) == (2, "")
    assert "unknown preset" in err and err.count("\n") == 1


def test_missing_file_argument_exits_2():
    code, _, err = run([])
    assert code == 2 and "usage" in err


def test_junk_object_is_an_invalid_deal_not_a_crash(tmp_path):
    code, out, _ = run([write(tmp_path, {"contracts": [[[[]]]], "hands": {"a": 1}, "play": 7})])
    assert code == 1
    assert {e["code"] for e in json.loads(out)["deals"][0]["errors"]} == {"malformed"}


def test_call_command_prints_json(tmp_path):
    out = io.StringIO()
    call_command("score_deals", write(tmp_path, VALID), stdout=out)
    assert json.loads(out.getvalue())["valid"] is True


def test_call_command_exits_1_on_invalid_deal(tmp_path):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score_deals", write(tmp_path, INVALID), stdout=out)
    assert exit_info.value.code == 1
    assert json.loads(out.getvalue())["valid"] is False


def test_call_command_reads_stdin_and_takes_preset(monkeypatch):
    monkeypatch.setattr(
        sys, "stdin", io.StringIO(json.dumps(summary_deal([5, 4, 0, 2], [5, 4, 0, 4])))
    )
    out = io.StringIO()
    call_command("score_deals", "-", preset="en-wikipedia", stdout=out)
    assert json.loads(out.getvalue())["deals"][0]["scores"][2] == 50


def manage(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "manage.py", "score_deals", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_manage_py_score_deals_exit_codes_and_output(tmp_path):
    deals = random_deals(8, 5)
    ok = manage(write(tmp_path, deals))
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["valid"] is True
    bad = manage("-", stdin=json.dumps([VALID, INVALID]))
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["deals"][1]["errors"][0]["code"] == "contracts_total_13"
    junk = manage("-", stdin="{oops")
    assert junk.returncode == 2
    assert junk.stdout == ""
    assert "Traceback" not in junk.stderr and len(junk.stderr.strip().splitlines()) == 1


def test_a_deal_file_with_a_duplicated_key_is_unreadable_naming_the_key(tmp_path):
    text = json.dumps([VALID, VALID])
    text = text[:-1] + ', {"trump": "H", "trump": "S"}]'  # a third item names trump twice
    code, out, err = run([write(tmp_path, text)])
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert '"trump"' in err and "[2].trump" in err


def test_a_deal_file_with_a_lone_surrogate_or_nul_is_unreadable_naming_where(tmp_path):
    for bad in ("\\ud800", "\\u0000"):
        code, out, err = run([write(tmp_path, '{"deals": [], "players": ["Dana' + bad + '"]}')])
        assert (code, out) == (2, "")
        assert "players[0]" in err and err.count("\n") == 1


def test_score_deals_command_refuses_a_duplicated_key_with_exit_2(tmp_path):
    err = io.StringIO()
    document = '{"deals": [], "deals": []}'
    with pytest.raises(SystemExit) as exit_info:
        call_command("score_deals", write(tmp_path, document), stdout=io.StringIO(), stderr=err)
    assert exit_info.value.code == 2
    assert 'the key "deals" appears more than once' in err.getvalue()


def _written(value, colon, repeat_at, counter):
    """`value` as JSON text with `colon` after each key, the `repeat_at`-th object (in
    document order) naming its first key twice: the second time with another value (a
    repeated key at any depth)."""
    if isinstance(value, dict):
        index, counter[0] = counter[0], counter[0] + 1
        pairs = [
            json.dumps(key) + colon + _written(item, colon, repeat_at, counter)
            for key, item in value.items()
        ]
        if index == repeat_at and value:
            pairs.append(json.dumps(next(iter(value))) + colon + "null")
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_written(item, colon, repeat_at, counter) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def run_both(path, monkeypatch):
    """score_deals on `path` with every text read by the large-text path (a key count, then
    the exact read when unproven) and with every text read the exact way."""
    outputs = []
    for walk_below in (0, 10**9):
        monkeypatch.setattr("scoring.jsonio.WALK_BELOW", walk_below)
        outputs.append(run([path]))
    return outputs


# Names that look like keys, or hold the colon that would balance a repeated key's count.
NAMES = st.sampled_from(["Dana", 'Eli": "x', '": 1, "deals', "Noa:", "עומר", "a\\b"])


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    colon=st.sampled_from([": ", ":", " : ", "\n:"]),
    seed=st.integers(0, 2**32 - 1),
    deals=st.integers(1, 3),
    game=st.booleans(),
    players=st.lists(NAMES, min_size=4, max_size=4),
    repeat_at=st.one_of(st.none(), st.integers(0, 8)),
    spoil=st.booleans(),
)
def test_the_fast_and_the_exact_read_print_the_same_bytes(
    tmp_path, monkeypatch, colon, seed, deals, game, players, repeat_at, spoil
):
    """Accepted or refused, a deal file gives the same exit code, output and error bytes
    whether it is read by the key count or the exact way; a repeated key anywhere is
    refused (exit 2) and a good file's output is json.dumps of its verdict."""
    records = random_deals(seed, deals, EN_WIKIPEDIA, revoke_chance=0.1)
    if spoil:
        records[-1]["contracts"] = [4, 5, 0, 4]
    document = {"players": players, "deals": records} if game else records
    text = _written(document, colon, -1 if repeat_at is None else repeat_at, [0])
    path = write(tmp_path, text)
    fast, exact = run_both(path, monkeypatch)
    assert fast == exact
    code, out, err = fast
    repeated = repeat_at is not None and repeat_at < text.count("{")
    if repeated:
        assert (code, out) == (2, "") and "appears more than once" in err
    else:
        expected = score_game(records, WHIST_ONLINE).to_json()
        assert (code, err) == (0 if expected["valid"] else 1, "")
        assert out == json.dumps(expected, ensure_ascii=False) + "\n"
