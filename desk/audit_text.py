"""The audit log in the reader's language: each stored action code with its details becomes a
translated sentence; an entry whose details do not carry what its sentence needs (older
free-text entries) shows its stored summary as it is."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.bidi import isolated
from core.models import AuditEntry


@dataclass(frozen=True)
class Labels:
    """Names of the rounds and tables the entries on a page point at, by id."""

    rounds: Mapping[int, str]
    tables: Mapping[int, str]


def _names(value: Any) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)


def _draw_how(details: Mapping[str, Any]) -> str:
    if details.get("method") == "random":
        return gettext("at random (draw number %(seed)s)") % {"seed": details.get("seed")}
    return gettext("by ranking")


# action -> (sentence, the details (or labels) it needs, how to turn them into parameters)
Params = Callable[[Mapping[str, Any]], dict[str, Any]]
SENTENCES: Final[Mapping[str, tuple[Promise, tuple[str, ...], Params]]] = {
    "register": (
        _("%(round)s: registered %(players)s"),
        ("round", "players"),
        lambda d: {"players": _names(d["players"])},
    ),
    "register_latecomer": (
        _("%(round)s: latecomers registered after closing: %(players)s"),
        ("round", "players"),
        lambda d: {"players": _names(d["players"])},
    ),
    "unregister": (_("%(round)s: unregistered %(player)s"), ("round", "player"), dict),
    "close_registration": (_("%(round)s: registration closed"), ("round",), dict),
    "reopen_registration": (_("%(round)s: registration reopened"), ("round",), dict),
    "draw": (
        _("%(round)s: tables drawn %(how)s"),
        ("round", "method"),
        lambda d: {"how": _draw_how(d)},
    ),
    "redraw": (
        _("%(round)s: tables drawn again %(how)s"),
        ("round", "method"),
        lambda d: {"how": _draw_how(d)},
    ),
    "swap": (
        _("%(round)s: swapped %(first)s and %(second)s"),
        ("round", "players"),
        lambda d: {"first": d["players"][0], "second": d["players"][-1]},
    ),
    "publish_draw": (_("%(round)s: draw published"), ("round",), dict),
    "create_round": (_("%(round)s created"), ("round",), dict),
    "create_season": (
        _("season %(season)s created from %(preset)s with %(rounds)s rounds"),
        ("season", "preset", "rounds"),
        dict,
    ),
    "finish_round": (_("%(round)s finished"), ("round",), dict),
    "result_edit": (
        _("%(table)s: result set to %(scores)s (version %(version)s)"),
        ("table", "scores", "version"),
        lambda d: {"scores": isolated(d["scores"])},
    ),
    "result_confirm": (_("%(table)s: version %(version)s confirmed"), ("table", "version"), dict),
    "claim_approve": (_("%(user)s as %(player)s: claim approved"), ("user", "player"), dict),
    "claim_reject": (_("%(user)s as %(player)s: claim rejected"), ("user", "player"), dict),
    "import_players": (
        _("imported %(count)s players"),
        ("players",),
        lambda d: {"count": len(d["players"]) if isinstance(d["players"], list) else 0},
    ),
    "invite": (_("invited %(player)s <%(address)s>"), ("player", "address"), dict),
    "mark_not_played": (_("%(table)s: marked as not played"), ("table",), dict),
    "mark_played": (_("%(table)s: played after all"), ("table",), dict),
    "seat_links_issue": (
        _("%(round)s: private seat links made: %(count)s"),
        ("round", "count"),
        dict,
    ),
    "seat_link_revoke": (
        _("%(round)s: the private link of %(player)s revoked"),
        ("round", "player"),
        dict,
    ),
    "where_we_play": (
        _("where we play set to %(link)s (join at %(join_time)s)"),
        (),
        lambda d: {"link": d.get("link") or "-", "join_time": d.get("join_time") or "-"},
    ),
}


def audit_sentence(entry: AuditEntry, labels: Labels) -> SafeString:
    """The entry as a sentence in the active language (HTML-escaped, numbers isolated)."""
    details: dict[str, Any] = dict(entry.details) if isinstance(entry.details, dict) else {}
    if isinstance(details.get("round_id"), int) and details["round_id"] in labels.rounds:
        details["round"] = labels.rounds[details["round_id"]]
    if isinstance(details.get("table_id"), int) and details["table_id"] in labels.tables:
        details["table"] = labels.tables[details["table_id"]]
    known = SENTENCES.get(entry.action)
    if known is None or any(details.get(name) in (None, "", []) for name in known[1]):
        return conditional_escape(entry.summary)
    sentence, _needed, params = known
    try:
        values = {**details, **params(details)}
    except (KeyError, IndexError, TypeError):
        return conditional_escape(entry.summary)
    escaped = {key: conditional_escape(value) for key, value in values.items()}
    return mark_safe(str(sentence) % escaped)  # every parameter is escaped
