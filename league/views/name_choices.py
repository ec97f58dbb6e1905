"""The organizer's "did you mean?" step of forms that take player names (the desk's
registration, accounts' import; page league/confirm_names.html): the names typed,
the choices posted for the ones that are not exact matches, and the rows the page shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest

from league.actions.players import LEFT_OUT, NEW_PLAYER
from league.name_match import NameMatch

CONFIRM_FIELD = "confirm"


def typed_names(request: HttpRequest) -> list[str]:
    """The names of the first step (a textarea, one per line) or of the confirm step."""
    if confirming(request):
        return [n for n in request.POST.getlist("name") if n.strip()]
    return [line for line in request.POST.get("names", "").splitlines() if line.strip()]


def confirming(request: HttpRequest) -> bool:
    """True for the post of the confirm step."""
    return request.POST.get(CONFIRM_FIELD) == "1"


def posted_choices(request: HttpRequest, matches: Sequence[NameMatch]) -> dict[str, str]:
    """The organizer's answer per name (`choice-I` for the I-th name): an id, NEW_PLAYER or
    LEFT_OUT."""
    return {m.name: request.POST.get(f"choice-{i}", "") for i, m in enumerate(matches)}


def choice_rows(matches: Sequence[NameMatch], chosen: dict[str, str] | None = None) -> list[Any]:
    """What the confirm step shows: every name (hidden), and a question for the unsure ones."""
    chosen = chosen or {}
    return [
        {
            "index": i,
            "name": m.name,
            "ask": m.needs_choice,
            "candidates": [{"id": pk, "name": name} for pk, name in m.candidates],
            "chosen": chosen.get(m.name) or ("" if m.candidates else NEW_PLAYER),
            "new": NEW_PLAYER,
            "left_out": LEFT_OUT,
        }
        for i, m in enumerate(matches)
    ]


def needs_confirmation(matches: Sequence[NameMatch]) -> bool:
    """True when a name is new or only near a known player's: the organizer says who."""
    return any(m.needs_choice for m in matches)
