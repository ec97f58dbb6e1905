"""What a round is called in the players' words: a league's round, a tournament's stage or
its final table (RULES.md 3.4), from the rules data alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from league.rules import LeagueRules


def round_title(rules: LeagueRules | Mapping[str, Any], number: int) -> str:
    """ "Round 3", "Stage 3" or "Final table" for round `number` under `rules` (the rules or
    their stored dict, as the snapshot keeps them)."""
    if not is_tournament(rules):
        return _("Round %(number)s") % {"number": number}
    if is_final_table(rules, number):
        return _("Final table")
    return _("Stage %(number)s") % {"number": number}


def round_in_sentence(rules: LeagueRules | Mapping[str, Any], number: int) -> str:
    """ "round 3", "stage 3" or "the final table": round `number` as a sentence names it
    (`capfirst` it at a sentence's start; Hebrew takes its prefixes, "למחזור 3", "לשלב 3")."""
    if not is_tournament(rules):
        return _("round %(number)s") % {"number": number}
    if is_final_table(rules, number):
        return _("the final table")
    return _("stage %(number)s") % {"number": number}


def is_final_table(rules: LeagueRules | Mapping[str, Any], number: int) -> bool:
    """Whether round `number` is the tournament's final table (the round after its stages)."""
    _kind, stages, final_table = _tournament_facts(rules)
    return final_table and stages is not None and number == stages + 1


def is_tournament(rules: LeagueRules | Mapping[str, Any]) -> bool:
    """Whether the rules (or their stored dict) are a tournament's."""
    return _tournament_facts(rules)[0] == "tournament"


def _tournament_facts(rules: LeagueRules | Mapping[str, Any]) -> tuple[str, int | None, bool]:
    if isinstance(rules, LeagueRules):
        return rules.kind, rules.stages, rules.final_table is not None
    stages = rules.get("stages")
    return (
        str(rules.get("kind", "")),
        stages if isinstance(stages, int) else None,
        rules.get("final_table") is not None,
    )
