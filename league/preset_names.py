"""The presets' names as people read them, translated: the league presets
(`league.rules.PRESETS`) and the scoring presets (`scoring.registered_presets`), for the
season wizard's menus, its messages and the rules page. A preset without a name here (one
registered later) shows its code."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from league.rules import PRESETS
from scoring import registered_presets

LEAGUE_PRESET_NAMES: dict[str, Promise] = {
    "whist-online-league": _("Whist Online league (34 rounds)"),
    "whist-online-1200": _("Whist Online 1200+ (rated)"),
    "evening-tournament": _("Evening tournament (4 stages)"),
}

SCORING_PRESET_NAMES: dict[str, Promise] = {
    "whist-online": _("Whist Online (progressive fines)"),
    "he-wikipedia": _("Hebrew Wikipedia"),
    "en-wikipedia": _("English Wikipedia (with frisch)"),
}


def league_preset_name(code: str) -> str:
    """The readable name of league preset `code` in the active language."""
    return str(LEAGUE_PRESET_NAMES.get(code, code))


def scoring_preset_name(code: str) -> str:
    """The readable name of scoring preset `code` in the active language."""
    return str(SCORING_PRESET_NAMES.get(code, code))


def league_preset_choices() -> list[tuple[str, str]]:
    """Every league preset as a menu's (code, name), in `PRESETS` order."""
    return [(code, league_preset_name(code)) for code in PRESETS]


def scoring_preset_choices() -> list[tuple[str, str]]:
    """Every registered scoring preset as a menu's (code, name)."""
    return [(code, scoring_preset_name(code)) for code in registered_presets()]
