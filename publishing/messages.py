"""Copyable messaging-group texts of a round's draw and results, made from snapshot data."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

STANDINGS_LINES = 20


def season_messages(data: dict[str, Any], language: str) -> dict[str, Any]:
    """Every round's draw and results texts in `language` (rounds without them get null)."""
    with translation.override(language):
        return {
            "rounds": {
                str(round_["number"]): {
                    "draw": draw_text(data, round_),
                    "results": results_text(data, round_),
                }
                for round_ in data["rounds"]
            }
        }


def _heading(data: dict[str, Any], round_: dict[str, Any]) -> str:
    return _("%(league)s, %(season)s, round %(number)s (%(date)s)") % {
        "league": data["season"]["league"],
        "season": data["season"]["name"] or data["season"]["slug"],
        "number": round_["number"],
        "date": round_["date"],
    }


def draw_text(data: dict[str, Any], round_: dict[str, Any]) -> str | None:
    """The draw as a few lines for the group: tables, reserves, and the seed to check it."""
    draw = round_["draw"]
    if draw is None or not draw["tables"]:
        return None
    method = {
        "random": _("random draw"),
        "ranking": _("draw by ranking"),
        "not_recorded": _("draw method not recorded"),
    }.get(draw["method"], _("draw by ranking"))
    lines = [_heading(data, round_), f"{_('Draw')} ({method}):"]
    for table in draw["tables"]:
        names = ", ".join(p["player"] for p in table["players"])
        lines.append(
            _("Table %(table)s: %(players)s") % {"table": table["table"], "players": names}
        )
    if draw["reserves"]:
        names = ", ".join(p["player"] for p in draw["reserves"])
        lines.append(_("Reserves: %(players)s") % {"players": names})
    if draw["seed"] is not None:
        lines.append(
            _(
                "Seed %(seed)s: check with `python manage.py draw %(season)s --round %(n)s "
                "--seed %(seed)s`"
            )
            % {"seed": draw["seed"], "season": data["season"]["slug"], "n": round_["number"]}
        )
    return "\n".join(lines)


def results_text(data: dict[str, Any], round_: dict[str, Any]) -> str | None:
    """The round's results per table and the league table after it (top lines)."""
    if not round_["results"]:
        return None
    lines = [_heading(data, round_), _("Results:")]
    for game in round_["results"]:
        ranked = sorted(game["results"], key=lambda r: (r["placement"], r["seat"]))
        parts = ", ".join(f"{r['player']} {r['score']} ({_points(r['points'])})" for r in ranked)
        label = _("Table %(table)s") % {"table": game["table"]} if game["table"] else _("Game")
        lines.append(f"{label}: {parts}")
    lines.append(_("League table:"))
    for row in round_["standings_after"][:STANDINGS_LINES]:
        rank = row["rank"] if row["rank"] is not None else "-"
        lines.append(
            _("%(rank)s. %(player)s %(points)s pts, gap %(gap)s, %(games)s games")
            % {
                "rank": rank,
                "player": row["player"],
                "points": _points(row["points"]),
                "gap": f"{row['gap']:+.2f}",
                "games": row["games"],
            }
        )
    return "\n".join(lines)


def _points(value: float) -> str:
    return f"{value:g}"
