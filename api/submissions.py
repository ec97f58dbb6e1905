"""A platform's game submission as plain data: its fingerprint and its scores by the engine."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from api.errors import ApiErrorCode, Rejected
from league.game_check import SHAPE_CODES, GameCode, GameRules, check_game
from scoring import ErrorCode, Problem


@dataclass(frozen=True)
class PlayerRef:
    """A seat's player as the platform names him: its id, his league name, or both; `where`
    is the name's path in the request body."""

    platform_id: str | None
    name: str | None
    where: str = ""


@dataclass(frozen=True)
class Submission:
    """A validated request body of `POST /api/v1/games/`."""

    game_id: str
    season: str | None
    league: str | None
    round: int | None
    date: dt.date
    players: tuple[PlayerRef, ...]
    scores: tuple[int, ...] | None
    record: Any
    rated: bool

    @classmethod
    def from_validated(cls, data: Mapping[str, Any]) -> Submission:
        """Build from GameSubmissionSerializer's validated data."""
        record = data.get("record")
        if "players" in data:
            players = cls.player_refs(data)
        else:  # the serializer checked that the record names its four players
            players = tuple(
                PlayerRef(None, name, f"record.players[{seat}]")
                for seat, name in enumerate((record or {})["players"])
            )
        return cls(
            game_id=data["game_id"],
            season=data.get("season"),
            league=data.get("league"),
            round=data.get("round"),
            date=data["date"],
            players=players,
            scores=tuple(data["scores"]) if "scores" in data else None,
            record=record,
            rated=data.get("rated", True),
        )

    @staticmethod
    def player_refs(data: Mapping[str, Any]) -> tuple[PlayerRef, ...]:
        """The validated `players` list (PlayerRefSerializer objects) as PlayerRefs."""
        return tuple(
            PlayerRef(p.get("id"), p.get("name"), f"players[{seat}].name")
            for seat, p in enumerate(data["players"])
        )

    def fingerprint(self) -> str:
        """SHA-256 of the content in canonical JSON: equal content, equal fingerprint."""
        content = {
            "season": self.season,
            "league": self.league,
            "round": self.round,
            "date": self.date.isoformat(),
            "players": [[p.platform_id, p.name] for p in self.players],
            "scores": None if self.scores is None else list(self.scores),
            "record": self.record,
            "rated": self.rated,
        }
        canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ScoredGame:
    """What is stored for a game: the four scores by seat, and the deal records if any."""

    scores: tuple[int, ...]
    deals: list[Any] | None


# The game check's codes as the API names them (FORMATS.md 3); the engine's pass unchanged.
_API_CODES: dict[str, ApiErrorCode] = {
    GameCode.PRESET_MISMATCH: ApiErrorCode.PRESET_MISMATCH,
    GameCode.DEAL_COUNT: ApiErrorCode.DEAL_COUNT,
    GameCode.SCORE_OUT_OF_RANGE: ApiErrorCode.MALFORMED,
    GameCode.SCORES_MISMATCH: ApiErrorCode.SCORES_MISMATCH,
}
# Where a problem of the game check points in the request body.
_UNPREFIXED = frozenset({GameCode.SCORE_OUT_OF_RANGE, GameCode.SCORES_MISMATCH})


def _api_problem(problem: Problem) -> Problem:
    code = _API_CODES.get(problem.code, problem.code)
    if problem.code in _UNPREFIXED:
        return Problem(code, problem.path, problem.message)
    path = f"record.{problem.path}" if problem.path else "record"
    return Problem(code, path, problem.message)


def score_submission(submission: Submission, rules: GameRules, seats: int = 4) -> ScoredGame:
    """The game's scores: given, or computed from the record by the league's scoring rules,
    for a table of `seats` players (a game of another number is `seat_count`; at three the
    record plays the league's deck, another one named is `deck_mismatch`).

    Raises Rejected listing every problem of the game check (league.game_check): the
    engine's rule errors with their paths under `record`, a wrong deal count or a record in
    another preset (these alone, first), or scores that disagree with the record.
    """
    for path, given in (("players", submission.players), ("scores", submission.scores)):
        if given is not None and len(given) != seats:
            raise Rejected([seat_count_problem(seats, len(given), path)])
    check = check_game(rules, record=submission.record, totals=submission.scores, seats=seats)
    shape = [p for p in check.problems if p.code in SHAPE_CODES]
    if shape or check.totals is None:
        raise Rejected([_api_problem(p) for p in shape or check.problems])
    return ScoredGame(check.totals, None if check.deals is None else list(check.deals))


def seat_count_problem(table: int, game: int, path: str) -> Problem:
    """`seat_count` (FORMATS.md 3): a game of `game` players for a table of `table`."""
    return Problem(
        ErrorCode.SEAT_COUNT,
        path,
        f"This table has {table} players, but the game is a game of {game}.",
    )
