"""A platform's game submission as plain data: its fingerprint and its scores by the engine."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from api.errors import ApiErrorCode, InvalidRequest
from scoring import Problem, UnknownPresetError, get_preset, parse_game_record, score_game
from scoring.bounds import game_total_bounds, seats_out_of_bounds


@dataclass(frozen=True)
class PlayerRef:
    """A seat's player as the platform names him: its id, his league name, or both."""

    platform_id: str | None
    name: str | None


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
            players = tuple(PlayerRef(None, name) for name in (record or {})["players"])
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
        return tuple(PlayerRef(p.get("id"), p.get("name")) for p in data["players"])

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


def _engine_path(prefix: str, path: str) -> str:
    if not path:
        return prefix
    return f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"


def _engine_errors(prefix: str, errors: Sequence[Problem]) -> list[Problem]:
    return [Problem(e.code, _engine_path(prefix, e.path), e.message) for e in errors]


def _check_bounds(scores: Sequence[int], scoring_preset: str, deals_per_game: int) -> None:
    """Refuse game scores no game of the league's deals can give (scoring.bounds)."""
    try:
        bounds = game_total_bounds(get_preset(scoring_preset), deals_per_game)
    except UnknownPresetError:
        return
    problems = [
        Problem(
            ApiErrorCode.MALFORMED,
            f"scores[{seat}]",
            f"{scores[seat]} cannot be a game score: a game of {deals_per_game} deals under "
            f"{scoring_preset} scores between {bounds[0]} and {bounds[1]}.",
        )
        for seat in seats_out_of_bounds(scores, bounds)
    ]
    if problems:
        raise InvalidRequest(problems)


def score_submission(
    submission: Submission, *, scoring_preset: str, deals_per_game: int
) -> ScoredGame:
    """The game's scores: given, or computed from the record by the league's scoring rules.

    Raises InvalidRequest listing every problem: the engine's rule errors with their paths
    under `record`, a wrong deal count, a record in another preset, or scores that disagree
    with the record.
    """
    if submission.record is None:
        assert submission.scores is not None
        _check_bounds(submission.scores, scoring_preset, deals_per_game)
        return ScoredGame(submission.scores, None)
    record, parse_errors = parse_game_record(submission.record)
    if record is None:
        raise InvalidRequest(_engine_errors("record", parse_errors))
    problems: list[Problem] = []
    if record.preset is not None and record.preset != scoring_preset:
        problems.append(
            Problem(
                ApiErrorCode.PRESET_MISMATCH,
                "record.preset",
                f"The league scores by {scoring_preset}, but the record says {record.preset}.",
            )
        )
    if len(record.deals) != deals_per_game:
        problems.append(
            Problem(
                ApiErrorCode.DEAL_COUNT,
                "record.deals",
                f"A game in this league has {deals_per_game} deals; the record has "
                f"{len(record.deals)}.",
            )
        )
    if problems:
        raise InvalidRequest(problems)
    try:
        preset = get_preset(scoring_preset)
    except UnknownPresetError:
        raise InvalidRequest(
            [
                Problem(
                    ApiErrorCode.PRESET_MISMATCH,
                    "record",
                    f"The league's scoring preset {scoring_preset} is unknown to the engine.",
                )
            ]
        ) from None
    result = score_game(record.deals, preset)
    if not result.valid or result.totals is None:
        raise InvalidRequest(
            [
                e
                for index, deal in enumerate(result.deals)
                for e in _engine_errors(f"record.deals[{index}]", deal.errors)
            ]
        )
    if submission.scores is not None and tuple(submission.scores) != tuple(result.totals):
        raise InvalidRequest(
            [
                Problem(
                    ApiErrorCode.SCORES_MISMATCH,
                    "scores",
                    f"The scores {list(submission.scores)} disagree with the record's totals "
                    f"{list(result.totals)}.",
                )
            ]
        )
    return ScoredGame(tuple(result.totals), list(record.deals))
