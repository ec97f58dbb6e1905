"""The one strict JSON reader (scoring.jsonio): duplicated keys, NUL and lone surrogates
refused with a stable code and the JSON path; good JSON read as json.loads reads it."""

import doctest
import json

import pytest

import scoring.jsonio
from scoring.jsonio import WALK_BELOW, StrictJsonCode, StrictJsonError, loads_strict


def refusal(text: str | bytes) -> tuple[StrictJsonCode, str, str]:
    with pytest.raises(StrictJsonError) as error:
        loads_strict(text)
    return error.value.code, error.value.path, error.value.message


def test_good_json_is_read_as_json_loads_reads_it():
    text = '{"a": [1, 2.5, {"b": "\\ud83d\\ude00 \\u05d3"}], "c": null, "d": true}'
    assert loads_strict(text) == {"a": [1, 2.5, {"b": "😀 ד"}], "c": None, "d": True}
    assert loads_strict(text.encode()) == loads_strict(text)


def test_a_duplicated_key_is_refused_naming_the_key_and_its_path():
    code, path, message = refusal('{"season": "a", "season": "b"}')
    assert (code, path) == (StrictJsonCode.DUPLICATE_KEY, "season")
    assert '"season"' in message
    deep = '{"rounds": [{}, {}, {}, {"games": [{"scores": {}, "scores": {}}]}]}'
    assert refusal(deep)[:2] == (StrictJsonCode.DUPLICATE_KEY, "rounds[3].games[0].scores")


def test_the_first_problem_in_document_order_is_reported():
    text = '{"a": [{"x": 1, "x": 2}], "b": {"y": 1, "y": 2}}'
    assert refusal(text)[1] == "a[0].x"


@pytest.mark.parametrize(
    ("text", "path", "shown"),
    [
        ('{"players": [{"name": "\\u0000"}]}', "players[0].name", "NUL"),
        ('{"players": [{"name": "Dana\\ud800"}]}', "players[0].name", "\\ud800"),
        ('["ok", "\\udc00"]', "[1]", "\\udc00"),
        ('{"\\ud800": 1}', "\\ud800", "\\ud800"),
    ],
)
def test_nul_and_lone_surrogates_are_refused_naming_where(text, path, shown):
    code, where, message = refusal(text)
    assert (code, where) == (StrictJsonCode.INVALID_TEXT, path)
    assert shown in message
    message.encode("utf-8")  # the message itself is printable


@pytest.mark.parametrize("text", ["{oops", "", "NaN", '{"a": Infinity}', b"\xff\xfe\x00x"])
def test_text_that_is_not_json_is_refused(text):
    assert refusal(text)[0] == StrictJsonCode.NOT_JSON


def test_nesting_beyond_the_limit_is_refused():
    with pytest.raises(StrictJsonError) as error:
        loads_strict("[" * 10 + "]" * 10, max_depth=5)
    assert error.value.code == StrictJsonCode.TOO_DEEP
    assert refusal("[" * 100_000)[0] in (StrictJsonCode.TOO_DEEP, StrictJsonCode.NOT_JSON)


def test_docstring_examples_run():
    outcome = doctest.testmod(scoring.jsonio)
    assert outcome.attempted > 0 and outcome.failed == 0


def _large(record: str) -> str:
    """A JSON list past WALK_BELOW characters whose last item is `record`."""
    filler = '{"trump": "S", "tricks": [4, 3, 3, 3]}'
    count = WALK_BELOW // len(filler) + 1
    return "[" + ", ".join([filler] * count + [record]) + "]"


def test_a_large_text_is_read_like_json_loads_when_it_holds_no_problem():
    text = _large('{"trump": "H", "note": "\\ud83d\\ude00"}')  # a valid surrogate pair
    assert len(text) > WALK_BELOW
    assert loads_strict(text) == json.loads(text)


@pytest.mark.parametrize(
    ("record", "code", "where"),
    [
        ('{"trump": "H", "trump": "S"}', "duplicate_key", "].trump"),
        ('{"note": "\\ud800"}', "invalid_text", "].note"),
        ('{"note": "a\\u0000b"}', "invalid_text", "].note"),
    ],
)
def test_a_large_text_is_still_refused_naming_where(record, code, where):
    with pytest.raises(StrictJsonError) as refused:
        loads_strict(_large(record).encode())
    assert refused.value.code == code and refused.value.path.endswith(where)
