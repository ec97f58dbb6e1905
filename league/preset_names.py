"""The league presets' names as people read them, translated (`league.rules.PRESETS`), for
the season wizard's menus and its messages. A preset without a name here (one added later)
shows its code. The scoring presets' names are `league.rules.names`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from league.rules import PRESETS

LEAGUE_PRESET_NAMES: dict[str, Promise] = {
    "whist-online-league": _("Whist Online league (34 rounds)"),
    "whist-online-1200": _("Whist Online 1200+ (rated)"),
    "evening-tournament": _("Evening tournament (4 stages)"),
}


def league_preset_name(code: str) -> str:
    """The readable name of league preset `code` in the active language."""
    return str(LEAGUE_PRESET_NAMES.get(code, code))


def league_preset_choices() -> list[tuple[str, str]]:
    """Every league preset as a menu's (code, name), in `PRESETS` order."""
    return [(code, league_preset_name(code)) for code in PRESETS]
