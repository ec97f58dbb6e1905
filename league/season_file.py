"""Reading a season file (FORMATS.md 4) into checked plain data, scoring full game records."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from core.errors import ActionError
from league.actions.players import clean_player_name
from league.game_check import GameCode, check_game
from league.name_match import name_key
from league.rules import LeagueRules, RulesError
from scoring import ErrorCode
from scoring.problems import ProblemError

_SLUG = re.compile(r"[-\w]{1,120}")
MAX_SCORE = 100_000  # far beyond any real game; keeps scores inside the database's integers


class SeasonFileCode(StrEnum):
    """Why a season file was refused (its message names where)."""

    INVALID = "invalid_season_file"


class SeasonFileError(ProblemError[SeasonFileCode], ValueError):
    """A season file that cannot be imported; the message is one line naming where."""

    def __init__(self, message: str) -> None:
        super().__init__(SeasonFileCode.INVALID, "", message)


@dataclass(frozen=True)
class FileGame:
    """One game of the file: players by seat with their game scores."""

    label: str
    round_number: int | None
    date: dt.date
    results: tuple[tuple[str, int], ...]
    deals: list[Any] | None


@dataclass(frozen=True)
class FileRound:
    """One round of a scheduled-rounds season (possibly with no games yet)."""

    number: int
    date: dt.date
    games: tuple[FileGame, ...]


@dataclass(frozen=True)
class SeasonFile:
    """A checked season file: every game valid, every name usable."""

    league: str
    slug: str
    name: str
    preset: str
    rules: LeagueRules
    start: dt.date
    end: dt.date
    rounds: tuple[FileRound, ...]
    open_games: tuple[FileGame, ...]

    @property
    def round_games(self) -> list[FileGame]:
        """The games played in rounds, round by round."""
        return [game for r in self.rounds for game in r.games]

    @property
    def games(self) -> list[FileGame]:
        """Every game of the file, rounds first."""
        return self.round_games + list(self.open_games)

    @property
    def player_names(self) -> list[str]:
        """Every player named in the file, in first-seen order."""
        names = (name for game in self.games for name, _ in game.results)
        return list(dict.fromkeys(names))


def parse_season_file(data: object) -> SeasonFile:
    """Check a decoded season file; raise SeasonFileError naming the first problem."""
    top = _object(data, "the season file")
    league = _name(top.get("league"), "league")
    slug = top.get("season")
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
        raise SeasonFileError(
            "season: must be a slug of letters, digits, '-' or '_' (e.g. \"season-10\")"
        )
    name = _name(top.get("name", slug), "name")
    preset = top.get("preset")
    if not isinstance(preset, str):
        raise SeasonFileError('preset: must name a league preset, e.g. "whist-online-league"')
    try:
        rules = LeagueRules.from_preset(preset, top.get("rules") or {})
    except RulesError as error:
        raise SeasonFileError(str(error)) from None
    start = _date(top.get("start"), "start")
    end = _date(top.get("end"), "end")
    if end < start:
        raise SeasonFileError(f"end: {end} is before the start {start}")
    reader = _GameReader(rules)
    rounds_data = _list(top.get("rounds", []), "rounds")
    games_data = _list(top.get("games", []), "games")
    if rules.has_rounds and games_data:
        raise SeasonFileError("games: a scheduled-rounds league lists its games under rounds")
    if rules.kind == "rated" and rounds_data:
        raise SeasonFileError("rounds: a rated open-play league lists dated games under games")
    rounds = _rounds(rounds_data, rules, reader)
    open_games = tuple(
        reader.game(item, f"game {i}", None, None) for i, item in enumerate(games_data, 1)
    )
    return SeasonFile(league, slug, name, preset, rules, start, end, rounds, open_games)


def _rounds(items: Sequence[Any], rules: LeagueRules, reader: _GameReader) -> tuple[FileRound, ...]:
    rounds: list[FileRound] = []
    seen: set[int] = set()
    for index, item in enumerate(items, 1):
        data = _object(item, f"rounds[{index - 1}]")
        number = data.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise SeasonFileError(f"rounds[{index - 1}].number: must be a whole number from 1")
        where = f"round {number}"
        if number in seen:
            raise SeasonFileError(f"{where}: listed twice")
        if rules.rounds_in_season is not None and number > rules.rounds_in_season:
            raise SeasonFileError(f"{where}: the season has only {rules.rounds_in_season} rounds")
        seen.add(number)
        date = _date(data.get("date"), f"{where}.date")
        games = tuple(
            reader.game(game, f"{where}, game {i}", number, date)
            for i, game in enumerate(_list(data.get("games", []), f"{where}.games"), 1)
        )
        seated: set[str] = set()
        for game in games:
            for player, _ in game.results:
                if name_key(player) in seated:
                    raise SeasonFileError(f"{game.label}: {player} already plays in {where}")
                seated.add(name_key(player))
        rounds.append(FileRound(number, date, games))
    return tuple(sorted(rounds, key=lambda r: r.number))


class _GameReader:
    """Checks single games against the season's rules (dates are the club's record, as given)."""

    def __init__(self, rules: LeagueRules) -> None:
        self.rules = rules
        self.sizes = (3, 4) if rules.remainder == "three-player" else (4,)

    def game(
        self, item: object, label: str, round_number: int | None, date: dt.date | None
    ) -> FileGame:
        data = _object(item, label)
        if date is None:
            date = _date(data.get("date"), f"{label}.date")
        deals = None
        if "record" in data:
            results, deals = self._record(data["record"], label)
            if "scores" in data and self._scores(data["scores"], label) != results:
                raise SeasonFileError(f"{label}: scores disagree with the scored record {results}")
        elif "scores" in data:
            results = self._scores(data["scores"], label)
        else:
            raise SeasonFileError(f'{label}: needs "scores" or a game "record"')
        return FileGame(label, round_number, date, results, deals)

    def _scores(self, value: object, label: str) -> tuple[tuple[str, int], ...]:
        scores = _object(value, f"{label}: scores")
        results: list[tuple[str, int]] = []
        for raw_name, score in scores.items():
            name = _player_name(raw_name, label)
            if isinstance(score, bool) or not isinstance(score, int):
                raise SeasonFileError(f"{label}: the score of {name} must be a whole number")
            if abs(score) > MAX_SCORE:
                raise SeasonFileError(
                    f"{label}: the score of {name} ({score}) is beyond ±{MAX_SCORE}"
                )
            results.append((name, score))
        self._check_players([name for name, _ in results], label)
        return tuple(results)

    def _seats(self, record: object) -> int:
        """The table a record's game is checked for: three when it names three players in
        a league that seats tables of three, else four (a game of three in a league without
        them is refused as `seat_count`)."""
        players = record.get("players") if isinstance(record, dict) else None
        named = len(players) if isinstance(players, list) else 4
        return 3 if named == 3 and 3 in self.sizes else 4

    def _check_players(self, names: list[str], label: str) -> None:
        if len({name_key(name) for name in names}) != len(names):
            raise SeasonFileError(f"{label}: a player is listed twice")
        if len(names) not in self.sizes:
            allowed = " or ".join(str(size) for size in self.sizes)
            raise SeasonFileError(f"{label}: has {len(names)} players, a game needs {allowed}")

    def _record(self, value: object, label: str) -> tuple[tuple[tuple[str, int], ...], list[Any]]:
        seats = self._seats(value)
        check = check_game(self.rules, record=value, seats=seats)
        record = check.record
        if record is None:
            error = check.problems[0]
            raise SeasonFileError(f"{label}: record {error.path}: {error.message}".rstrip())
        for error in check.problems:
            if error.code in (ErrorCode.SEAT_COUNT, ErrorCode.DECK_MISMATCH):
                raise SeasonFileError(
                    f"{label}: the record is refused: {error.code.value} at {error.path}: "
                    f"{error.message}"
                )
        if len(record.players) != seats:
            raise SeasonFileError(f"{label}: the record needs its {seats} players by seat")
        players = [_player_name(name, label) for name in record.players]
        codes = {problem.code for problem in check.problems}
        if GameCode.PRESET_MISMATCH in codes:
            raise SeasonFileError(
                f"{label}: the record is scored by {record.preset}, "
                f"the league plays {self.rules.scoring_preset}"
            )
        if GameCode.DEAL_COUNT in codes:
            raise SeasonFileError(
                f"{label}: the record has {len(record.deals)} deals, "
                f"a game of this league has {self.rules.deals_per_game}"
            )
        for number, deal in enumerate(check.deal_results, 1):
            if not deal.valid:
                error = deal.errors[0]
                raise SeasonFileError(
                    f"{label}: deal {number} is invalid: {error.code.value} at "
                    f"{error.path or 'the deal'}: {error.message}"
                )
        assert check.totals is not None  # every deal is valid
        self._check_players(players, label)
        return tuple(zip(players, check.totals, strict=True)), list(record.deals)


def _player_name(value: object, where: str) -> str:
    try:
        return clean_player_name(value)
    except ActionError as error:
        raise SeasonFileError(f"{where}: {error}") from None


def _object(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise SeasonFileError(f"{where}: must be a JSON object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SeasonFileError(f"{where}: must be a list")
    return value


def _name(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 120:
        raise SeasonFileError(f"{where}: must be a name of 1 to 120 characters")
    return value.strip()


def _date(value: object, where: str) -> dt.date:
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise SeasonFileError(f'{where}: must be a date like "2024-06-30", not {value!r}')
