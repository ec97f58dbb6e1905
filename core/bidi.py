"""Names inside Unicode isolates: a name in a sentence or a title keeps its place whatever
its direction ("2027 ליגת חורף: round 1" reads "ליגת חורף 2027: round 1" once the name is
isolated). For text that cannot hold markup (a page's <title>, a chat text, an attribute);
in a page's body <bdi> does the same.

>>> isolate("חורף 2027") == chr(0x2068) + "חורף 2027" + chr(0x2069)
True
"""

from __future__ import annotations

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def isolate(text: str) -> str:
    """`text` between a first-strong isolate and its pop: its direction is its own."""
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"
