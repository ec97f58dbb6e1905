"""Storing a platform's finished game once per game id, in one transaction, then the signals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, OperationalError, transaction
from rest_framework import status

from api.errors import ACTION_STATUS, ApiErrorCode, ApiRefusal, Rejected
from api.models import ApiToken, GameSubmission
from api.platform_players import resolve_players
from api.submissions import ScoredGame, Submission, score_submission, seat_count_problem
from core.actor import SYSTEM
from core.errors import ActionCode, ActionError
from games.actions import CURRENT, organizer_set_result
from games.models import Game, ResultVersion
from games.record import record_game
from league.actions.common import season_rules
from league.lookups import (
    LookupCode,
    LookupRefused,
    check_different_players,
    check_game_date,
    drawn_seats,
    drawn_table,
    game_round,
    game_season,
)
from league.models import Player, Round, Season, Seat, Table
from league.rules import LeagueRules
from league.signals import announce_results

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

    Refuses with the league's codes (ActionError, LookupRefused), the API's own (ApiRefusal)
    or every problem of what it names (Rejected), which the API's exception handler answers
    with their statuses (api.errors.ACTION_STATUS); nothing is written then. After the commit,
    `season_results_changed` and (for rated games) `game_confirmed` are sent, exactly as for a
    result confirmed at the table.
    """
    fingerprint = submission.fingerprint()
    for attempt in range(ATTEMPTS):
        existing = _existing_game(token, submission.game_id, fingerprint)
        if existing is not None:
            return SubmissionOutcome(existing, created=False)
        try:
            return SubmissionOutcome(_store(token, submission, fingerprint), created=True)
        except (ActionError, ApiRefusal) as refused:
            # An identical request committed between the lookup above and the table's check
            # (`table_has_game`, or the table's state in the results workflow): this is a
            # retry, and it gets the replay.
            if ACTION_STATUS[refused.code] != status.HTTP_409_CONFLICT:
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
                raise ActionError(
                    ActionCode.CONFLICT,
                    "The game collided with another write several times; send it again.",
                ) from None
    raise AssertionError("unreachable")


def _retryable(error: OperationalError) -> bool:
    return getattr(error.__cause__, "sqlstate", None) in RETRYABLE_SQLSTATES


def _existing_game(token: ApiToken, game_id: str, fingerprint: str) -> Game | None:
    """The game stored for this game id of the token's league and platform, or None;
    refused (`conflict`) if its content differs."""
    found = (
        GameSubmission.objects.select_related("game")
        .filter(league_id=token.league_id, platform=token.platform, external_id=game_id)
        .first()
    )
    if found is None:
        return None
    if found.fingerprint != fingerprint:
        raise ActionError(
            ActionCode.CONFLICT,
            f"Game {game_id} was already submitted with different content; a stored game is "
            "never overwritten. Ask an organizer to correct it.",
            path="game_id",
        )
    return found.game


def _store(token: ApiToken, submission: Submission, fingerprint: str) -> Game:
    season = _season(token, submission)
    rules = _rules(season)
    round_ = game_round(season, rules, number=submission.round, date=submission.date)
    scored = score_submission(submission, rules, _game_seats(rules, submission))
    # A rated open-play game joins its season only while its four players are members
    # (RULES.md 3.2); the rating job decides that after the game is rated, so it is stored
    # without a season here, like a rated game from play.
    counted_in = season if rules.has_rounds else None
    with transaction.atomic():
        players = resolve_players(token, submission.players)
        check_different_players(players)
        table = _free_table(round_, players) if round_ is not None else None
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
    seated = drawn_seats(table, players, in_seat_order=scored.deals is not None)
    score_of = {p.pk: score for p, score in zip(players, scored.scores, strict=True)}
    organizer_set_result(
        table,
        actor=SYSTEM,
        scores=[score_of[pk] for pk in seated],
        deals=scored.deals,
        note=f"submitted by {token.platform} as game {submission.game_id}",
        source=Game.Source.API,
        rated=submission.rated,
    )
    return Game.objects.get(table=table)


def _season(token: ApiToken, submission: Submission) -> Season:
    """The season named (or the league's season on the game's date), checked against the token."""
    season = game_season(season=submission.season, league=submission.league, date=submission.date)
    if season.league_id != token.league_id:
        raise ActionError(
            ActionCode.FORBIDDEN,
            f"This token submits games for the league {token.league.slug} only.",
        )
    check_game_date(season, submission.date)
    return season


def _rules(season: Season) -> LeagueRules:
    try:
        return season_rules(season)
    except ActionError as refused:
        raise ApiRefusal(ApiErrorCode.MALFORMED, "season", refused.message) from None


def _game_seats(rules: LeagueRules, submission: Submission) -> int:
    """The table a game is checked for: three when it has three players in a league that
    seats tables of three (RULES.md 1.5), else four (a game of three is then `seat_count`);
    a drawn table of another size than the game is refused by `_free_table`."""
    if len(submission.players) == 3 and rules.remainder == "three-player":
        return 3
    return 4


def _free_table(round_: Round, players: Sequence[Player]) -> Table | None:
    """The drawn table these players sat at (None if the round has no draw), refused if it
    already has a result (entered, waiting or disputed), or as `seat_count` if they sat at
    one table of another size than the game."""
    try:
        table = drawn_table(round_, players)
    except LookupRefused as refused:
        if refused.code == LookupCode.NOT_AT_TABLE:
            _refuse_seat_count(round_, players)
        raise
    if table is None:
        return None
    if (
        Game.objects.filter(table=table).exists()
        or ResultVersion.objects.filter(table=table, status__in=CURRENT).exists()
    ):
        raise ApiRefusal(
            ApiErrorCode.TABLE_HAS_GAME,
            "",
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


def _refuse_seat_count(round_: Round, players: Sequence[Player]) -> None:
    """Refused as `seat_count` when the game's players drawn in `round_` all sat at one
    table of another size than the game: three of a table of four, or four (one of them not
    drawn) for a table of three."""
    seats = list(Seat.objects.filter(round=round_).values_list("table_id", "player_id"))
    wanted = {player.pk for player in players}
    tables = {table_id for table_id, player_id in seats if player_id in wanted}
    if len(tables) != 1:
        return
    at_table = {player_id for table_id, player_id in seats if table_id in tables}
    if wanted < at_table or at_table < wanted:
        raise Rejected([seat_count_problem(len(at_table), len(wanted), "players")])
