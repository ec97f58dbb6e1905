"""The round's results with his place: when a round's results are published, to each player
of the round with an account (registered or with a game), his game's place and points at his
table and his place in the league table after the round, from the published snapshot (key
"results:<round id>")."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.site import absolute_url
from league.models import Player, Round
from league.round_names import round_in_sentence
from league.rules import LeagueRules
from league.templatetags.web_format import league_number
from mail.kinds import Kind
from mail.letters import Letter
from mail.outbox import enqueue
from notices.told import already_told
from publishing.messages import isolated_name
from publishing.published import published_round
from publishing.snapshot_schema import BriefRow, ResultLine, RoundData


def round_published(round_: Round) -> RoundData | None:
    """The round as the season's latest snapshot shows it, once that shows its results
    published (None before)."""
    section = published_round(round_.season, round_.number)
    data = None if section is None else section.section["round"]
    return data if data is not None and data["results_published_at"] else None


def _lines_of(data: RoundData) -> dict[str, tuple[int | None, ResultLine]]:
    """Each player's line of the round's games (by his slug), with his table's number."""
    return {
        line["player_slug"]: (game["table"], line)
        for game in data["results"]
        for line in game["results"]
    }


def results_letter(round_: Round, data: RoundData, rules: LeagueRules, slug: str) -> Letter:
    """The letter to the player `slug` about `round_` as the snapshot shows it (`data`), in
    the active language."""
    named = round_in_sentence(rules, data["number"])
    subject = capfirst(_("%(round)s results") % {"round": named})
    paragraphs = []
    played = _lines_of(data).get(slug)
    if played is not None:
        table, line = played
        paragraphs.append(
            _(
                "At table %(table)s you finished in place %(place)s (score %(score)s; points "
                "for the place: %(points)s)."
            )
            % {
                "table": table if table is not None else "-",
                "place": line["placement"],
                "score": line["score"],
                "points": league_number(line["points"]),
            }
        )
    rows: list[BriefRow] = data["standings_after"]
    row = next((r for r in rows if r["player_slug"] == slug), None)
    if row is not None and row["rank"] is not None:
        paragraphs.append(
            capfirst(
                ngettext(
                    "After %(round)s you are in place %(place)s of %(count)s player in the league "
                    "table (points: %(points)s).",
                    "After %(round)s you are in place %(place)s of %(count)s players in the league "
                    "table (points: %(points)s).",
                    len(rows),
                )
                % {
                    "round": named,
                    "place": row["rank"],
                    "count": len(rows),
                    "points": league_number(row["points"]),
                }
            )
        )
    elif row is not None:
        paragraphs.append(
            capfirst(
                _("After %(round)s your points in the league table: %(points)s (not ranked yet).")
                % {"round": named, "points": league_number(row["points"])}
            )
        )
    path = reverse("web:round", args=[round_.season.slug, data["number"]])
    return Letter(
        subject=f"{isolated_name(round_.season.league.name)}: {subject}",
        paragraphs=tuple(paragraphs),
        action=(_("The round's results"), absolute_url(path)),
    )


def tell_results(round_: Round, rules: LeagueRules) -> int:
    """Enqueue the round's results letters (each once), once the published snapshot shows
    them; returns how many were new."""
    data = round_published(round_)
    if data is None:
        return 0
    slugs = {p["player_slug"] for p in data["registered"]} | set(_lines_of(data))
    players = (
        Player.objects.filter(slug__in=slugs, user__isnull=False)
        .exclude(user__email="")
        .select_related("user")
        .order_by("pk")
    )
    key = f"results:{round_.pk}"
    told = already_told(Kind.RESULTS, [key])
    return sum(
        enqueue(player.user, Kind.RESULTS, key, _composer(round_, data, rules, player.slug))
        for player in players
        if (player.user_id, key) not in told
    )


def _composer(
    round_: Round, data: RoundData, rules: LeagueRules, slug: str
) -> Callable[[], Letter]:
    return lambda: results_letter(round_, data, rules, slug)
