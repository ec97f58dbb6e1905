"""The one strict JSON reader (scoring.jsonio): duplicated keys, NUL and lone surrogates
refused with a stable code and the JSON path; good JSON read as json.loads reads it."""

import doctest
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# A JSON value as written: objects are lists of (key, value) pairs, so a key may repeat.
# Keys and strings are drawn from quotes, colons and backslashes too, so a string may look
# like a key (`a": 1, "a`) or hold the colon that would balance a repeated key's count.
_KEYS = st.text(alphabet='ab":\\ ', max_size=3) | st.sampled_from(['a": "a', '": 1, "'])
_WRITTEN = st.recursive(
    st.integers(-5, 5) | st.text(alphabet='ab":\\ \n\u05d0', max_size=4) | _KEYS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(st.tuples(_KEYS, inner), max_size=4).map(lambda pairs: ("object", pairs))
    ),
    max_leaves=12,
)
_COLONS = st.sampled_from([":", ": ", " :", " : ", "\n:", ":\t", "\r\n :"])


def _write(value: object, colon: str, ascii_only: bool) -> str:
    if isinstance(value, tuple):
        pairs = value[1]
        return (
            "{"
            + ", ".join(
                json.dumps(key, ensure_ascii=ascii_only) + colon + _write(item, colon, ascii_only)
                for key, item in pairs
            )
            + "}"
        )
    if isinstance(value, list):
        return "[" + ", ".join(_write(item, colon, ascii_only) for item in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


def _repeats(value: object) -> bool:
    if isinstance(value, tuple):
        keys = [key for key, _ in value[1]]
        return len(set(keys)) < len(keys) or any(_repeats(item) for _, item in value[1])
    if isinstance(value, list):
        return any(_repeats(item) for item in value)
    return False


def outcome(text: str, *, fast: bool) -> tuple[object, ...]:
    """What loads_strict makes of `text`: its value, or its refusal's code, path and message.
    `fast`: every text takes the large-text path (jsonio._read_large, then the exact read
    when unproven); else every text is read the exact way."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scoring.jsonio, "WALK_BELOW", 0 if fast else len(text) + 1)
        try:
            return ("read", loads_strict(text))
        except StrictJsonError as refused:
            return ("refused", refused.code, refused.path, refused.message)


@settings(max_examples=400, deadline=None)
@given(value=_WRITTEN, colon=_COLONS, ascii_only=st.booleans())
def test_the_fast_read_of_large_texts_agrees_with_the_exact_read(value, colon, ascii_only):
    """Large texts are read without a Python call per key (jsonio._read_large): whatever the
    spacing and whatever the strings hold, a text is read or refused exactly as the exact
    walk reads or refuses it (same value; same code, path and message), and every repeated
    key, at any depth, is refused."""
    text = _write(value, colon, ascii_only)
    fast = outcome(text, fast=True)
    assert fast == outcome(text, fast=False)
    if _repeats(value):
        assert fast[:2] == ("refused", StrictJsonCode.DUPLICATE_KEY)
    else:
        assert fast == ("read", json.loads(text))


def test_the_key_count_proves_spaced_keys_but_not_a_colon_in_a_string():
    assert scoring.jsonio._read_large('{"a" : 1,\n "b"\t:{"c" :[]}}') == (
        True,
        {"a": 1, "b": {"c": []}},
    )
    assert scoring.jsonio._read_large('{"a": "20:30"}')[0] is False  # read the exact way
    assert scoring.jsonio._read_large('{"a": 1, "a": 2}')[0] is False
    assert loads_strict(_large('{"a": "20:30"}'))[-1] == {"a": "20:30"}


def test_a_large_text_with_spaced_keys_or_colons_in_strings_is_still_refused():
    spaced = _large('{"trump" : "H", "trump" : "S"}')
    quoted = _large('{"a": "\\":", "a": 1}')  # a "\": in a string: one "\": too many
    # A colon in a string would even out the count of a repeated key's colon.
    balanced = _large('{"trump" : "\\":", "trump" : "S"}')
    for text in (spaced, quoted, balanced):
        with pytest.raises(StrictJsonError) as refused:
            loads_strict(text)
        assert refused.value.code == StrictJsonCode.DUPLICATE_KEY
