"""Template filters that show league numbers (exact fractions) in the active locale: the
`web_format` library that the pages of every top-layer package load (public pages, the desk,
the games' result pages, sign-up), so it sits in the lowest app its filters need (league)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django import template
from django.utils.dateparse import parse_date
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.bidi import isolate, isolated
from core.errors import ActionError
from league.actions.common import season_rules
from league.models import Season
from league.round_names import is_tournament, round_in_sentence
from league.round_names import round_title as title_under_rules

register = template.Library()


def _decimal(value: object, places: int) -> Decimal | None:
    try:
        if isinstance(value, Fraction):
            number = Decimal(value.numerator) / Decimal(value.denominator)
        else:
            number = Decimal(str(value))
    except (ArithmeticError, ValueError, TypeError):
        return None
    return number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


@register.filter
def league_number(value: object, places: int = 2) -> str:
    """A number with at most `places` decimals and no trailing zeros: 6, 4.5, 1.33."""
    number = _decimal(value, places)
    if number is None:
        return ""
    normal = number.normalize()
    shown = max(0, -normal.as_tuple().exponent)  # type: ignore[operator]  # finite: an int
    return number_format(number, decimal_pos=shown, use_l10n=True)


@register.filter
def signed(value: object, places: int = 2) -> str:
    """A gap with its sign and fixed decimals: +58.75, -12.50, 0.00."""
    number = _decimal(value, places)
    if number is None:
        return ""
    text = number_format(abs(number), decimal_pos=places, use_l10n=True)
    if number > 0:
        return f"+{text}"
    if number < 0:
        return f"-{text}"
    return text


@register.filter
def signed_number(value: object, places: int = 2) -> str:
    """A difference of league points with its sign, as `league_number` prints it: +1.5,
    -2, 0."""
    number = _decimal(value, places)
    if number is None:
        return ""
    text = league_number(abs(number), places)
    return f"+{text}" if number > 0 else f"-{text}" if number < 0 else text


@register.filter
def round_title(season: Season, number: int) -> str:
    """Round `number` of `season` in the players' words: "Round 3", "Stage 3", "Final table"."""
    try:
        return title_under_rules(season_rules(season), number)
    except ActionError:  # rules that no longer read: the plain word
        return _("Round %(number)s") % {"number": number}


@register.filter(name="round_in_sentence")
def round_in_sentence_filter(season: Season, number: int) -> str:
    """Round `number` of `season` as a sentence names it: "round 3", "stage 3", "the final
    table"."""
    try:
        return round_in_sentence(season_rules(season), number)
    except ActionError:  # rules that no longer read: the plain word
        return _("round %(number)s") % {"number": number}


@register.filter
def tournament(season: Season) -> bool:
    """Whether the season is a tournament (its rounds are stages)."""
    try:
        return is_tournament(season_rules(season))
    except ActionError:
        return False


@register.filter
def as_date(value: object) -> dt.date | None:
    """An ISO date string of the published data as a date, for the `date` filter."""
    if isinstance(value, dt.date):
        return value
    return parse_date(str(value)) if value else None


@register.filter(name="isolate")
def isolate_name(value: object) -> str:
    """A name inside Unicode isolates, for a <title> or a translated sentence
    (`{% blocktranslate with season=season.name|isolate %}`): a Hebrew name keeps its place
    in an English title and a Latin one in a Hebrew title (escaped like any value).

    >>> isolate_name("חורף 2027") == chr(0x2068) + "חורף 2027" + chr(0x2069)
    True
    """
    return isolate(str(value))


register.filter("isolated", isolated)  # a number in a <bdi> (core.bidi.isolated)
