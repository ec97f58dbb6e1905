"""The rules' values as people read them, translated: weekdays, remainder policies and the
scoring presets (`scoring.registered_presets`), for the season wizard's menus and the rules
page. A scoring preset without a name here (one registered later) shows its code. The league
presets' names are `league.preset_names`."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from league.rules.objects import WEEKDAYS
from scoring import registered_presets

SCORING_PRESET_NAMES: dict[str, Promise] = {
    "whist-online": _("Whist Online (progressive fines)"),
    "he-wikipedia": _("Hebrew Wikipedia"),
    "en-wikipedia": _("English Wikipedia (with frisch)"),
}

WEEKDAY_NAMES: dict[str, Promise] = {
    "mon": _("Monday"),
    "tue": _("Tuesday"),
    "wed": _("Wednesday"),
    "thu": _("Thursday"),
    "fri": _("Friday"),
    "sat": _("Saturday"),
    "sun": _("Sunday"),
}

# The club's week starts on Sunday (and the presets list their days in that order).
CLUB_WEEK = (WEEKDAYS[-1], *WEEKDAYS[:-1])

REMAINDER_NAMES: dict[str, Promise] = {
    "reserve": _("reserves (wait for a free seat)"),
    "three-player": _("a table of three"),
}

# The decks a table of three plays with (RULES.md 1.5, `scoring.decks`).
DECK_NAMES: dict[str, Promise] = {
    "no-low-cards": _("36 cards: every 2, 3, 4 and 5 removed (12 tricks)"),
    "no-clubs": _("39 cards: the clubs removed (13 tricks)"),
    "one-card-out": _("52 cards, one set aside each deal (17 tricks)"),
}


def scoring_preset_name(code: str) -> str:
    """The readable name of scoring preset `code` in the active language."""
    return str(SCORING_PRESET_NAMES.get(code, code))


def weekday_name(code: str) -> str:
    """The translated name of a weekday code of the rules data ('sun' -> 'Sunday')."""
    return str(WEEKDAY_NAMES[code])


def remainder_name(code: str) -> str:
    """What remainder policy `code` does with the players left over, in the active language."""
    return str(REMAINDER_NAMES[code])


def scoring_preset_choices() -> list[tuple[str, str]]:
    """Every registered scoring preset as a menu's (code, name)."""
    return [(code, scoring_preset_name(code)) for code in registered_presets()]


def deck_name(code: str) -> str:
    """What three-player deck `code` is, in the active language (its code if unnamed)."""
    return str(DECK_NAMES.get(code, code))
