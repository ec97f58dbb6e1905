"""Storing a platform's finished game once per game id, in one transaction, then the signals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, OperationalError, transaction
from rest_framework import status
from rest_framework.exceptions import PermissionDenied

from api.errors import (
    ApiError,
    ApiErrorCode,
    Conflict,
    InvalidRequest,
    refused_by_action,
)
from api.models import ApiToken, GameSubmission
from api.platform_players import resolve_players
from api.submissions import PlayerRef, ScoredGame, Submission, score_submission
from core.actor import SYSTEM
from core.errors import ActionError
from games.actions import CURRENT, organizer_set_result
from games.models import Game, ResultVersion
from games.record import record_game
from league.actions.common import season_rules
from league.models import League, Player, Round, Season, Seat, Table
from league.rules import LeagueRules
from league.signals import announce_results
from scoring.problems import Problem

# A request that loses a race (a new player name, platform id, table or game id inserted by a
# concurrent request first) starts again and then finds the winner's rows. Each loss needs a
# different row committed by someone else (at most 4 players, 4 ids, the table, the game id).
ATTEMPTS = 10
# PostgreSQL's deadlock and serialization failures: safe to retry from the start.
RETRYABLE_SQLSTATES = {"40P01", "40001"}


@dataclass(frozen=True)
class SubmissionOutcome:
    """The stored game and whether this request stored it (False: an identical resubmission)."""

    game: Game
    created: bool


def submit_game(token: ApiToken, submission: Submission) -> SubmissionOutcome:
    """Store `submission` once for the token's league and platform; an identical resend
    answers the same.

    Raises InvalidRequest (400), PermissionDenied (403) or Conflict (409); nothing is written
    then. After the commit, `season_results_changed` and (for rated games) `game_confirmed`
    are sent, exactly as for a result confirmed at the table.
    """
    fingerprint = submission.fingerprint()
    for attempt in range(ATTEMPTS):
        existing = _existing_game(token, submission.game_id, fingerprint)
        if existing is not None:
            return SubmissionOutcome(existing, created=False)
        try:
            return SubmissionOutcome(_store(token, submission, fingerprint), created=True)
        except ApiError as refused:
            # An identical request committed between the lookup above and the table's check
            # (`table_has_game`): this is a retry, and it gets the replay.
            if refused.status_code != status.HTTP_409_CONFLICT:
                raise
            existing = _existing_game(token, submission.game_id, fingerprint)
            if existing is not None:
                return SubmissionOutcome(existing, created=False)
            raise
        except (IntegrityError, OperationalError) as lost:
            if isinstance(lost, OperationalError) and not _retryable(lost):
                raise
            if attempt == ATTEMPTS - 1:
                existing = _existing_game(token, submission.game_id, fingerprint)
                if existing is not None:
                    return SubmissionOutcome(existing, created=False)
                raise Conflict(
                    ApiErrorCode.CONFLICT,
                    "The game collided with another write several times; send it again.",
                ) from None
    raise AssertionError("unreachable")


def _retryable(error: OperationalError) -> bool:
    return getattr(error.__cause__, "sqlstate", None) in RETRYABLE_SQLSTATES


def _existing_game(token: ApiToken, game_id: str, fingerprint: str) -> Game | None:
    """The game stored for this game id of the token's league and platform, or None;
    Conflict if its content differs."""
    found = (
        GameSubmission.objects.select_related("game")
        .filter(league_id=token.league_id, platform=token.platform, external_id=game_id)
        .first()
    )
    if found is None:
        return None
    if found.fingerprint != fingerprint:
        raise Conflict(
            ApiErrorCode.CONFLICT,
            f"Game {game_id} was already submitted with different content; a stored game is "
            "never overwritten. Ask an organizer to correct it.",
            path="game_id",
        )
    return found.game


def _store(token: ApiToken, submission: Submission, fingerprint: str) -> Game:
    season = _season(token, submission)
    rules = _rules(season)
    round_ = _round(season, rules, submission)
    scored = score_submission(submission, rules)
    # A rated open-play game joins its season only while its four players are members
    # (RULES.md 3.2); the rating job decides that after the game is rated, so it is stored
    # without a season here, like a rated game from play.
    counted_in = season if rules.has_rounds else None
    with transaction.atomic():
        players = _seat_players(token, submission.players)
        table = _table(round_, players) if round_ is not None else None
        if table is not None:
            game = _store_at_table(token, submission, table, players, scored)
        else:
            game = _create_game(counted_in, round_, submission, scored, players)
            season_id, game_id, rated = game.season_id, game.pk, game.rated
            announce_results(season_id, game_id if rated else None)
        GameSubmission.objects.create(
            league_id=token.league_id,
            platform=token.platform,
            external_id=submission.game_id,
            fingerprint=fingerprint,
            game=game,
            token=token,
        )
    return game


def _store_at_table(
    token: ApiToken,
    submission: Submission,
    table: Table,
    players: Sequence[Player],
    scored: ScoredGame,
) -> Game:
    """A drawn table's result goes through the results workflow, confirmed at once.

    As an organizer's entry would: a confirmed version is kept and the table's game is
    written by `games.actions.organizer_set_result` (which sends the signals after commit),
    as submitted by the platform and rated as it says, in the same write.
    """
    seated = list(
        Seat.objects.filter(table=table).order_by("seat").values_list("player_id", flat=True)
    )
    if scored.deals is not None and seated != [p.pk for p in players]:
        names = {p.pk: p.name for p in players}
        raise InvalidRequest(
            [
                Problem(
                    ApiErrorCode.SEAT_ORDER,
                    "players",
                    "A deal record must list the players in their drawn seats: "
                    + ", ".join(names[pk] for pk in seated)
                    + ".",
                )
            ]
        )
    score_of = {p.pk: score for p, score in zip(players, scored.scores, strict=True)}
    try:
        organizer_set_result(
            table,
            actor=SYSTEM,
            scores=[score_of[pk] for pk in seated],
            deals=scored.deals,
            note=f"submitted by {token.platform} as game {submission.game_id}",
            source=Game.Source.API,
            rated=submission.rated,
        )
    except ActionError as refused:
        raise refused_by_action(refused) from None
    return Game.objects.get(table=table)


def _season(token: ApiToken, submission: Submission) -> Season:
    """The season named (or the league's season on the game's date), checked against the token."""
    if submission.season is not None:
        season = Season.objects.select_related("league").filter(slug=submission.season).first()
        if season is None:
            raise InvalidRequest(
                [Problem(ApiErrorCode.UNKNOWN_SEASON, "season", "There is no such season.")]
            )
        if submission.league is not None and season.league.slug != submission.league:
            raise InvalidRequest(
                [
                    Problem(
                        ApiErrorCode.UNKNOWN_SEASON,
                        "league",
                        f"Season {season.slug} belongs to the league {season.league.slug}.",
                    )
                ]
            )
    else:
        league = League.objects.filter(slug=submission.league).first()
        if league is None:
            raise InvalidRequest(
                [Problem(ApiErrorCode.UNKNOWN_LEAGUE, "league", "There is no such league.")]
            )
        season = (
            Season.objects.select_related("league")
            .filter(league=league, start__lte=submission.date, end__gte=submission.date)
            .order_by("-start")
            .first()
        )
        if season is None:
            raise InvalidRequest(
                [
                    Problem(
                        ApiErrorCode.NO_SEASON_ON_DATE,
                        "date",
                        f"The league {league.slug} has no season running on {submission.date}.",
                    )
                ]
            )
    if season.league_id != token.league_id:
        raise PermissionDenied(f"This token submits games for the league {token.league.slug} only.")
    if not season.start <= submission.date <= season.end:
        raise InvalidRequest(
            [
                Problem(
                    ApiErrorCode.DATE_OUTSIDE_SEASON,
                    "date",
                    f"Season {season.slug} runs from {season.start} to {season.end}.",
                )
            ]
        )
    return season


def _rules(season: Season) -> LeagueRules:
    try:
        return season_rules(season)
    except ActionError as refused:
        raise InvalidRequest([Problem(ApiErrorCode.MALFORMED, "season", refused.message)]) from None


def _round(season: Season, rules: LeagueRules, submission: Submission) -> Round | None:
    """The game's round in a scheduled-rounds season (by number, else the round on its date)."""
    if rules.kind != "rounds":
        if submission.round is not None:
            raise InvalidRequest(
                [
                    Problem(
                        ApiErrorCode.UNKNOWN_ROUND,
                        "round",
                        f"Season {season.slug} is open play; its games have no round.",
                    )
                ]
            )
        return None
    rounds = Round.objects.filter(season=season)
    if submission.round is not None:
        found = rounds.filter(number=submission.round).first()
        if found is None:
            raise InvalidRequest(
                [
                    Problem(
                        ApiErrorCode.UNKNOWN_ROUND,
                        "round",
                        f"Season {season.slug} has no round {submission.round}.",
                    )
                ]
            )
        if found.date != submission.date:
            raise InvalidRequest(
                [
                    Problem(
                        ApiErrorCode.DATE_OUTSIDE_SEASON,
                        "date",
                        f"Round {found.number} was played on {found.date}.",
                    )
                ]
            )
        return found
    found = rounds.filter(date=submission.date).order_by("number").first()
    if found is None:
        raise InvalidRequest(
            [
                Problem(
                    ApiErrorCode.UNKNOWN_ROUND,
                    "round",
                    f"Season {season.slug} has no round on {submission.date}; give `round`.",
                )
            ]
        )
    return found


def _seat_players(token: ApiToken, refs: Sequence[PlayerRef]) -> list[Player]:
    """The four seats' players, each a different person."""
    players = resolve_players(token, refs)
    seen: set[int] = set()
    for seat, player in enumerate(players):
        if player.pk in seen:
            raise InvalidRequest(
                [
                    Problem(
                        ApiErrorCode.DUPLICATE_PLAYER,
                        f"players[{seat}]",
                        f"{player.name} cannot sit at two seats of one game.",
                    )
                ]
            )
        seen.add(player.pk)
    return players


def _table(round_: Round, players: Sequence[Player]) -> Table | None:
    """The drawn table these players sat at (None if the round has no draw)."""
    seats = list(Seat.objects.filter(round=round_).values_list("table_id", "player_id"))
    if not seats:
        return None
    tables = {table_id for table_id, player_id in seats if player_id in {p.pk for p in players}}
    at_table = {player_id for table_id, player_id in seats if table_id in tables}
    if len(tables) != 1 or at_table != {p.pk for p in players}:
        raise InvalidRequest(
            [
                Problem(
                    ApiErrorCode.NOT_AT_TABLE,
                    "players",
                    f"These four players were not drawn together at one table of round "
                    f"{round_.number}.",
                )
            ]
        )
    table = Table.objects.select_related("round__season").get(pk=tables.pop())
    if (
        Game.objects.filter(table=table).exists()
        or ResultVersion.objects.filter(table=table, status__in=CURRENT).exists()
    ):
        raise Conflict(
            ApiErrorCode.TABLE_HAS_GAME,
            f"Table {table.number} of round {round_.number} already has a result.",
        )
    return table


def _create_game(
    season: Season | None,
    round_: Round | None,
    submission: Submission,
    scored: ScoredGame,
    players: Sequence[Player],
) -> Game:
    return record_game(
        Game(
            season=season,
            round=round_,
            date=submission.date,
            status=Game.Status.CONFIRMED,
            source=Game.Source.API,
            rated=submission.rated,
            deals=scored.deals,
        ),
        [
            (seat, player, score)
            for seat, (player, score) in enumerate(zip(players, scored.scores, strict=True))
        ],
    )
