"""Strict JSON reading for every file and body we accept: no duplicated keys, no text that
cannot be stored (NUL, lone surrogates), no NaN or Infinity, bounded nesting.

Python's `json.loads` keeps the last value of a duplicated key, accepts `"\\u0000"` and
`"\\ud800"` (a lone surrogate, which is no character: it cannot be encoded or stored) and
`NaN`. `loads_strict` refuses each of these with a stable code and the JSON path of the
offending key or string (e.g. `rounds[3].games[0].scores`).

>>> loads_strict('{"a": [1, {"b": "x"}]}')
{'a': [1, {'b': 'x'}]}
>>> def refusal(text: str) -> tuple[str, str]:
...     try:
...         loads_strict(text)
...     except StrictJsonError as error:
...         return error.code.value, error.path
...     return "accepted", ""
>>> refusal('{"season": "a", "season": "b"}')
('duplicate_key', 'season')
>>> refusal('{"rounds": [{"games": [{"name": "\\ud800"}]}]}')
('invalid_text', 'rounds[0].games[0].name')
"""

from __future__ import annotations

import json
import re
from enum import StrEnum
from typing import Any, NoReturn

from scoring.problems import ProblemError

DEFAULT_MAX_DEPTH = 64
# Text no database column can hold: NUL (PostgreSQL refuses it) and lone surrogates (no
# character, not encodable). The one definition; `core.unstorable` reads it too.
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class StrictJsonCode(StrEnum):
    """Why a JSON text was refused (stable: the API answers these codes)."""

    NOT_JSON = "not_json"
    DUPLICATE_KEY = "duplicate_key"
    INVALID_TEXT = "invalid_text"
    TOO_DEEP = "too_deep"


class StrictJsonError(ProblemError[StrictJsonCode], ValueError):
    """A JSON text refused by `loads_strict`: a code, the JSON path (empty at the top) and a
    one-line sentence naming what is wrong and where."""


class _DuplicatedKeys(dict[str, Any]):
    """An object that named `key` twice; `loads_strict` reports it with its path."""

    def __init__(self, pairs: list[tuple[str, Any]], key: str) -> None:
        super().__init__(pairs)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    merged = dict(pairs)
    if len(merged) == len(pairs):  # the common case, at C speed
        return merged
    keys = [key for key, _ in pairs]
    repeated = next(key for index, key in enumerate(keys) if key in keys[:index])
    return _DuplicatedKeys(pairs, repeated)


# What could make a decoded text unstorable: a NUL or a surrogate, raw (in a str) or as a
# JSON escape. A valid surrogate pair matches too; the exact walk then accepts it.
_SUSPECT_TEXT = re.compile(UNSTORABLE.pattern + r"|\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
# Texts shorter than this are always walked; a longer one (a season or deal file) only when
# it may hold a duplicated key or unstorable text, so it is read about as fast as by
# json.loads (`_read_large`: no Python call per key). Its nesting is then bounded by the
# decoder itself (RecursionError, about a thousand levels: refused as too deep) rather than
# by `max_depth`.
WALK_BELOW = 1_000_000


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _may_hold_unstorable(text: str) -> bool:
    """True when `text` may decode to a NUL or a lone surrogate (then it is walked): the
    cheap tests first (an ASCII text with no escape holds neither)."""
    if "\x00" in text or ("\\u" in text and _SUSPECT_TEXT.search(text)):
        return True
    return not text.isascii() and UNSTORABLE.search(text) is not None


def _read_large(text: str) -> tuple[bool, Any]:
    """A large text read at `json.loads` speed: (True, value) when it provably names no key
    twice, else (False, None) and it is read the exact way.

    The decoder's objects keep one entry per distinct key; their sizes are summed as they
    are made. Every key written in the text is followed by one `:` outside any string, and
    a `:` can otherwise only occur inside a string, so the count of `:` in the text is at
    least the number of keys written (whatever the spacing). If it equals the number of
    entries kept, no key was written twice. (A text with a `:` in a string is not proven,
    only read the exact way.)"""
    kept = 0

    def count(entries: dict[str, Any]) -> dict[str, Any]:
        nonlocal kept
        kept += len(entries)
        return entries

    value = json.loads(text, object_hook=count, parse_constant=_refuse_constant)
    return (text.count(":") == kept, value)


def loads_strict(text: str | bytes, *, max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
    """Decode a JSON text (bytes must be UTF-8); raise StrictJsonError when it is not JSON,
    names a key twice in one object, holds a NUL or a lone surrogate in a string or key, or
    nests deeper than `max_depth` (a text of `WALK_BELOW` characters or more: deeper than
    the decoder allows)."""
    duplicated: list[bool] = []

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        merged = _object(pairs)
        if isinstance(merged, _DuplicatedKeys):
            duplicated.append(True)
        return merged

    try:
        decoded = text.decode(json.detect_encoding(text)) if isinstance(text, bytes) else text
        if len(decoded) >= WALK_BELOW and not _may_hold_unstorable(decoded):
            proven, value = _read_large(decoded)
            if proven:
                return value
        value = json.loads(decoded, object_pairs_hook=pairs_hook, parse_constant=_refuse_constant)
    except RecursionError:
        raise StrictJsonError(
            StrictJsonCode.TOO_DEEP, "", f"the JSON nests deeper than {max_depth} levels"
        ) from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, an over-long integer
        reason = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
        raise StrictJsonError(StrictJsonCode.NOT_JSON, "", reason) from None
    if len(decoded) < WALK_BELOW or duplicated or _may_hold_unstorable(decoded):
        check_strict(value, max_depth=max_depth)
    return value


def check_strict(value: Any, *, max_depth: int = DEFAULT_MAX_DEPTH) -> None:
    """Walk a decoded JSON value in document order; raise StrictJsonError at the first
    duplicated key, bad string or key, or nesting deeper than `max_depth`."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if depth > max_depth:
            raise StrictJsonError(
                StrictJsonCode.TOO_DEEP,
                path,
                f"the JSON nests deeper than {max_depth} levels",
            )
        if isinstance(item, str):
            _check_text(item, path)
        elif isinstance(item, dict):
            if isinstance(item, _DuplicatedKeys):
                where = join_path(path, item.key)
                raise StrictJsonError(
                    StrictJsonCode.DUPLICATE_KEY,
                    where,
                    f'the key "{_shown(item.key)}" appears more than once in the same object '
                    f"(at {where})",
                )
            children = []
            for key, child in item.items():
                child_path = join_path(path, key)
                _check_text(key, child_path, is_key=True)
                children.append((child, child_path, depth + 1))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(
                (child, join_path(path, index), depth + 1)
                for index, child in reversed(list(enumerate(item)))
            )


def join_path(path: str, key: str | int) -> str:
    """`rounds` + 3 -> `rounds[3]`; `rounds[3]` + `games` -> `rounds[3].games`."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = _shown(key)
    return f"{path}.{shown}" if path else shown


def _check_text(text: str, path: str, *, is_key: bool = False) -> None:
    bad = UNSTORABLE.search(text)
    if bad is None:
        return
    what = f"the key at {path}" if is_key else f"the text at {path or 'the top'}"
    character = bad.group()
    if character == "\x00":
        problem = "a NUL character (\\u0000)"
    else:
        problem = f"a lone surrogate (\\u{ord(character):04x}), which is not a character"
    raise StrictJsonError(StrictJsonCode.INVALID_TEXT, path, f"{what} contains {problem}")


def _shown(key: str) -> str:
    """A key safe to print and store: NUL and lone surrogates as their JSON escapes."""
    return UNSTORABLE.sub(lambda bad: f"\\u{ord(bad.group()):04x}", key)
