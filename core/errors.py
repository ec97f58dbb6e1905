"""The one exception league and games actions raise: a stable code and a user sentence."""

from __future__ import annotations

from enum import StrEnum

from scoring.problems import ProblemError


class ActionCode(StrEnum):
    """Stable codes for refused actions (callers branch on these, users read the message).
    Each has its HTTP status in the API's one table (api.errors.ACTION_STATUS) and its line
    in the API's documentation (docs/api.md)."""

    UNKNOWN = "unknown"
    FORBIDDEN = "forbidden"
    # What was asked cannot be done as asked (400).
    NAME_NOT_TEXT = "name_not_text"
    NAME_EMPTY = "name_empty"
    NAME_TOO_LONG = "name_too_long"
    NAME_INVISIBLE_CHARACTER = "name_invisible_character"
    NAME_AMBIGUOUS = "name_ambiguous"
    NAME_NEEDS_CHOICE = "name_needs_choice"
    NAMES_MISSING = "names_missing"
    PLAYER_FILE_INVALID = "player_file_invalid"
    EMAIL_INVALID = "email_invalid"
    REASON_MISSING = "reason_missing"
    REASON_TOO_LONG = "reason_too_long"
    SEED_INVALID = "seed_invalid"
    REPLACE_NOT_CONFIRMED = "replace_not_confirmed"
    SWAP_PLAYERS_MISSING = "swap_players_missing"
    SWAP_SAME_PLAYER = "swap_same_player"
    SWAP_SAME_TABLE = "swap_same_table"
    SWAP_TWO_RESERVES = "swap_two_reserves"
    ROUND_NUMBER_INVALID = "round_number_invalid"
    DATE_OUTSIDE_SEASON = "date_outside_season"
    RESULT_INVALID = "result_invalid"
    SHEET_NEEDS_FOUR_PLAYERS = "sheet_needs_four_players"
    SEASON_RULES_INVALID = "season_rules_invalid"
    NOT_LATECOMER_TIME = "not_latecomer_time"
    FINAL_TABLE_NO_REGISTRATION = "final_table_no_registration"
    NOBODY_REGISTERED = "nobody_registered"
    DRAW_IMPOSSIBLE = "draw_impossible"
    EARLIER_STAGE_UNFINISHED = "earlier_stage_unfinished"
    OPEN_PLAY_HAS_NO_ROUNDS = "open_play_has_no_rounds"
    # The round or the result is not in the state the action needs (409).
    ROUND_CLOSED = "round_closed"
    ROUND_DRAWN = "round_drawn"
    DEADLINE_PASSED = "deadline_passed"
    NOT_REGISTERED = "not_registered"
    ALREADY_REGISTERED = "already_registered"
    NOT_DRAWN = "not_drawn"
    DRAW_NOT_PUBLISHED = "draw_not_published"
    HAS_RESULTS = "has_results"
    STALE = "stale"
    CONFLICT = "conflict"


class ActionError(ProblemError[ActionCode]):
    """An action that was refused; nothing was written. `message` says what to do, `problem`
    is the refusal as a `Problem` (its path is empty unless the action names a field)."""

    def __init__(self, code: ActionCode, message: str, path: str = "") -> None:
        super().__init__(code, path, message)
