"""The Israeli Whist rules engine: cards, deal records, validation, scoring presets (no Django)."""

from scoring.calls import Call, parse_call
from scoring.cards import Card, Seat, Strain, Suit, parse_card
from scoring.errors import ErrorCode
from scoring.game import GameRecord, GameResult, parse_game_record, placements, score_game
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
    "PRESET_NAMES",
    "Call",
    "Card",
    "DealResult",
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
    "UnknownPresetError",
    "get_preset",
    "parse_call",
    "parse_card",
    "parse_game_record",
    "placements",
    "register_preset",
    "registered_presets",
    "score_game",
    "validate_deal",
]
