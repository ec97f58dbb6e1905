"""What the public sees of a round's draw beyond its tables: its history on the round page
and the data of the draw-check page (web.draw_check). Nothing before publication."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draws.stored import draw_history, load_draw
from league.models import DrawRecord, Round


def draw_is_disclosed(round_: Round) -> bool:
    """The draw, its history and its check are public once the draw is published."""
    return round_.draw_published_at is not None


def check_url(round_: Round, season_slug: str) -> str:
    """The address of the round's draw-check page."""
    return reverse("web:draw_check", args=[season_slug, round_.number])


def draw_disclosure(round_: Round, season_slug: str) -> dict[str, Any]:
    """Round page context: every draw of the round with its changes, the number of changes
    to the standing draw, and the check page's address (all empty before publication)."""
    if not draw_is_disclosed(round_):
        return {"history": [], "draw_changes": 0, "check_url": ""}
    history = draw_history(round_)
    standing = next((r for r in history if not r.superseded), None)
    return {
        "history": history,
        "draw_changes": len(standing.changes.all()) if standing else 0,
        "check_url": check_url(round_, season_slug) if standing else "",  # nothing to redo
    }


def check_data(round_: Round, record: DrawRecord) -> dict[str, Any]:
    """What the browser needs to redo the draw and replay its changes, with the page's
    words for the verdict (in the request's language)."""
    now = load_draw(round_)
    changes = list(record.changes.all())
    return {
        "recipe": record.recipe,
        "method": record.method,
        "seed": None if record.seed is None else str(record.seed),
        "remainder": record.remainder,
        "players": [entry["player"] for entry in record.starting_list],
        "ranking": [e["player"] for e in record.starting_list if e.get("rank") is not None],
        "tables": record.tables,
        "reserves": record.reserves,
        "changes": [{"kind": c.kind, "players": c.players} for c in changes],
        "now": {
            "tables": [[p.name for p in table] for table in now.tables],
            "reserves": [p.name for p in now.reserves],
        },
        "words": {
            "table": _("Table %(number)s"),
            "reserves": _("Reserves:"),
            "matches": _("This draw matches the seed."),
            "matches_with_changes": ngettext(
                "This draw matches the seed, then this change.",
                "This draw matches the seed, then these %(count)s changes.",
                len(changes),
            )
            % {"count": len(changes)},
            "mismatch": _("This draw does NOT match the seed: the recipe gives different tables."),
            "changes_mismatch": _(
                "The draw matches the seed, but the tables now do NOT match it with the "
                "listed changes."
            ),
            "no_crypto": _(
                "Your browser cannot compute SHA-256 here (it needs a secure https page), so "
                "the draw cannot be checked in this browser."
            ),
        },
    }
