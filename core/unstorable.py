"""Text the database cannot store: NUL bytes (PostgreSQL refuses them) and lone surrogates
(not Unicode, so not encodable as UTF-8). Shared by the request middleware and the forms
that read uploaded files."""

from __future__ import annotations

from scoring.jsonio import UNSTORABLE as _UNSTORABLE


def first_unstorable(text: str) -> int | None:
    """The index of the first NUL or lone surrogate in `text`, or None when it has none."""
    found = _UNSTORABLE.search(text)
    return None if found is None else found.start()


def is_storable(text: str) -> bool:
    """True when `text` has no NUL byte and no lone surrogate."""
    return first_unstorable(text) is None


def printable(text: str) -> str:
    """`text` with every NUL and lone surrogate shown as U+FFFD, safe to echo in a message."""
    return _UNSTORABLE.sub("\ufffd", text)
