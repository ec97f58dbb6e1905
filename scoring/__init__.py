"""The Israeli Whist rules engine: cards, deal records, validation, scoring presets (no Django)."""

from scoring.calls import Call, parse_call
from scoring.cards import Card, Seat, Strain, Suit, parse_card
from scoring.decks import (
    DEFAULT_THREE_PLAYER_DECK,
    FOUR_SEATS,
    THREE_PLAYER_DECK_NAMES,
    Deck,
    UnknownDeckError,
    deck_for,
    get_deck,
)
from scoring.errors import ErrorCode
from scoring.game import (
    GameRecord,
    GameResult,
    parse_game_record,
    placements,
    score_game,
    table_problems,
)
from scoring.presets import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    Preset,
    RuleOptions,
    ScoringTable,
    UnknownPresetError,
    get_preset,
    register_preset,
    registered_presets,
)
from scoring.problems import Problem
from scoring.validate import DealResult, validate_deal

__all__ = [
    "DEFAULT_PRESET",
    "DEFAULT_THREE_PLAYER_DECK",
    "FOUR_SEATS",
    "PRESET_NAMES",
    "THREE_PLAYER_DECK_NAMES",
    "Call",
    "Card",
    "DealResult",
    "Deck",
    "ErrorCode",
    "GameRecord",
    "GameResult",
    "Preset",
    "Problem",
    "RuleOptions",
    "ScoringTable",
    "Seat",
    "Strain",
    "Suit",
    "UnknownDeckError",
    "UnknownPresetError",
    "deck_for",
    "get_deck",
    "get_preset",
    "parse_call",
    "parse_card",
    "parse_game_record",
    "placements",
    "register_preset",
    "registered_presets",
    "score_game",
    "table_problems",
    "validate_deal",
]
