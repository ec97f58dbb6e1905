"""The score_deals command line (FORMATS.md 3): read deals, print the verdict, exit 0/1/2."""

from __future__ import annotations

import argparse
import json
from typing import Any, NoReturn, Protocol

from scoring.collector import collector_paused
from scoring.game import parse_game_record, score_game
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict
from scoring.presets import DEFAULT_PRESET, Preset, UnknownPresetError, get_preset
from scoring.validate import validate_deal

EXIT_VALID = 0
EXIT_INVALID_DEAL = 1
EXIT_UNREADABLE = 2

USAGE = "score_deals FILE [--preset NAME]"


class TextReader(Protocol):
    """Where standard input comes from (sys.stdin, io.StringIO)."""

    def read(self) -> str: ...


class TextWriter(Protocol):
    """Where output goes (sys.stdout, io.StringIO, a Django command's OutputWrapper)."""

    def write(self, text: str, /) -> object: ...


class InputError(Exception):
    """The input cannot be scored at all (exit 2); the message is one line for standard error."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports usage errors as InputError instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise InputError(f"{message}; usage: {USAGE}")


def _parser() -> _Parser:
    parser = _Parser(prog="score_deals", add_help=False, exit_on_error=False)
    parser.add_argument("file")
    parser.add_argument("--preset", default=None)
    return parser


def _load(file: str, stdin: TextReader) -> object:
    try:
        if file == "-":
            text = stdin.read()
        else:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = (
            exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text"
        )
        raise InputError(f"cannot read {file}: {reason}") from None
    try:
        return loads_strict(text)
    except StrictJsonError as exc:
        if exc.code == StrictJsonCode.NOT_JSON:
            raise InputError(f"{file} is not JSON: {exc.message}") from None
        raise InputError(f"{file}: {exc.message}") from None


def _preset(name: str) -> Preset:
    try:
        return get_preset(name)
    except UnknownPresetError as exc:
        raise InputError(str(exc)) from None


def score_document(document: object, preset_name: str | None) -> dict[str, Any]:
    """The FORMATS.md 3 output for a deal record, a list of them or a game record.

    `preset_name` overrides a game record's own preset; without either, whist-online.
    Raise InputError when the document is none of these shapes.
    """
    if type(document) is dict and "deals" in document:
        record, errors = parse_game_record(document)
        if record is None:
            raise InputError(f"not a game record: {errors[0].message}")
        _require_objects(record.deals, "deals")
        preset = _preset(preset_name or record.preset or DEFAULT_PRESET)
        return score_game(record.deals, preset).to_json()
    preset = _preset(preset_name or DEFAULT_PRESET)
    if type(document) is list:
        _require_objects(document, "the list")
        return score_game(document, preset).to_json()
    if type(document) is dict:
        deal = validate_deal(document, preset)
        return {"valid": deal.valid, "deals": [deal.to_json()]}
    raise InputError(
        "expected a deal record (JSON object), a list of deal records or a game record"
    )


def _require_objects(deals: list[Any], where: str) -> None:
    for index, deal in enumerate(deals):
        if type(deal) is not dict:
            raise InputError(f"item {index} of {where} is not a deal record (a JSON object)")


def main(argv: list[str], stdin: TextReader, stdout: TextWriter, stderr: TextWriter) -> int:
    """Run score_deals with `argv` (without the program name); return the exit code.

    The file, its verdict and the printed text hold no cycle: the cycle collector is paused
    throughout (`collector_paused`), which was a third of the time on a large file."""
    with collector_paused():
        return _run(argv, stdin, stdout, stderr)


def _run(argv: list[str], stdin: TextReader, stdout: TextWriter, stderr: TextWriter) -> int:
    try:
        args, extra = _parser().parse_known_args(argv)
        if extra:
            raise InputError(f"unexpected arguments {' '.join(extra)}; usage: {USAGE}")
        output = score_document(_load(args.file, stdin), args.preset)
    except argparse.ArgumentError as exc:
        stderr.write(f"score_deals: {exc}; usage: {USAGE}\n")
        return EXIT_UNREADABLE
    except InputError as exc:
        stderr.write(f"score_deals: {exc}\n")
        return EXIT_UNREADABLE
    stdout.write(json.dumps(output, ensure_ascii=False) + "\n")
    return EXIT_VALID if output["valid"] else EXIT_INVALID_DEAL
