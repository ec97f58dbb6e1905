"""The score_deals command line (FORMATS.md 3): read deals, print the verdict, exit 0/1/2."""

from __future__ import annotations

import argparse
import json
from typing import Any, NoReturn, Protocol

from scoring.collector import collector_paused
from scoring.decks import Deck, UnknownDeckError, deck_for
from scoring.game import deals_seats, parse_game_record, score_game
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict
from scoring.presets import DEFAULT_PRESET, Preset, UnknownPresetError, get_preset
from scoring.validate import validate_deal

EXIT_VALID = 0
EXIT_INVALID_DEAL = 1
EXIT_UNREADABLE = 2

USAGE = "score_deals FILE [--preset NAME] [--deck NAME]"


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
    parser.add_argument("--deck", default=None)
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


def _deck(seats: int, name: str | None) -> Deck:
    """The deck of a table of `seats`; `--deck NAME` makes it a table of three."""
    try:
        return deck_for(3 if name is not None else seats, name)
    except UnknownDeckError as exc:
        raise InputError(str(exc)) from None


def score_document(
    document: object, preset_name: str | None, deck_name: str | None = None
) -> dict[str, Any]:
    """The FORMATS.md 3 output for a deal record, a list of them or a game record.

    `preset_name` overrides a game record's own preset; without either, whist-online.
    `deck_name` (a three-player deck) overrides a game record's own deck; without either,
    deals of three seats are read with `no-low-cards` (RULES.md 1.5). A game of three's
    output also names its `deck`. Raise InputError when the document is none of these shapes.
    """
    if type(document) is dict and "deals" in document:
        record, errors = parse_game_record(document)
        if record is None:
            raise InputError(f"not a game record: {errors[0].message}")
        _require_objects(record.deals, "deals")
        if deck_name is not None and record.seats == 4 and record.players:
            raise InputError("--deck is for games of three players; this game has four")
        preset = _preset(preset_name or record.preset or DEFAULT_PRESET)
        deck = _deck(record.seats, deck_name or record.deck)
        return _named(score_game(record.deals, preset, deck).to_json(), deck)
    preset = _preset(preset_name or DEFAULT_PRESET)
    if type(document) is list:
        _require_objects(document, "the list")
        deck = _deck(deals_seats(document), deck_name)
        return _named(score_game(document, preset, deck).to_json(), deck)
    if type(document) is dict:
        deck = _deck(deals_seats([document]), deck_name)
        deal = validate_deal(document, preset, deck)
        return _named({"valid": deal.valid, "deals": [deal.to_json()]}, deck)
    raise InputError(
        "expected a deal record (JSON object), a list of deal records or a game record"
    )


def _named(output: dict[str, Any], deck: Deck) -> dict[str, Any]:
    """The output of a game of three names its deck (an extra field; four seats have none)."""
    if deck.seats == 3:
        output["deck"] = deck.name
    return output


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
        output = score_document(_load(args.file, stdin), args.preset, args.deck)
    except argparse.ArgumentError as exc:
        stderr.write(f"score_deals: {exc}; usage: {USAGE}\n")
        return EXIT_UNREADABLE
    except InputError as exc:
        stderr.write(f"score_deals: {exc}\n")
        return EXIT_UNREADABLE
    stdout.write(json.dumps(output, ensure_ascii=False) + "\n")
    return EXIT_VALID if output["valid"] else EXIT_INVALID_DEAL
