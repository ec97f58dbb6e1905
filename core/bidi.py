"""Names inside Unicode isolates: a name in a sentence or a title keeps its place whatever
its direction ("2027 ליגת חורף: round 1" reads "ליגת חורף 2027: round 1" once the name is
isolated). For text that cannot hold markup (a page's <title>, a chat text, an attribute);
in a page's body <bdi> does the same.

>>> isolate("חורף 2027") == chr(0x2068) + "חורף 2027" + chr(0x2069)
True
"""

from __future__ import annotations

from django.utils.html import format_html, format_html_join

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def isolate(text: str) -> str:
    """`text` between a first-strong isolate and its pop: its direction is its own."""
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"


_ISOLATED = '<bdi dir="ltr" class="number">{}</bdi>'


def isolated(value: object) -> str:
    """A number (or a list of numbers, joined by " / ") isolated left to right in a <bdi>,
    so a Hebrew page shows "-20", not "20-" (the `isolated` template filter).

    >>> isolated(-20)
    '<bdi dir="ltr" class="number">-20</bdi>'
    >>> isolated([31, -5])
    '<bdi dir="ltr" class="number">31</bdi> / <bdi dir="ltr" class="number">-5</bdi>'
    """
    if value is None or value == "":
        return ""
    if isinstance(value, list | tuple):
        return format_html_join(" / ", _ISOLATED, ((item,) for item in value))
    return format_html(_ISOLATED, value)
