"""One e-mail's words, as its writer composes them (already in the recipient's language)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Letter:
    """What an e-mail says: its subject, its paragraphs (plain sentences, already
    translated) and at most one button (its label and absolute URL). The outbox lays it out
    as plain text and HTML and adds the unsubscribe link."""

    subject: str
    paragraphs: tuple[str, ...]
    action: tuple[str, str] | None = None
