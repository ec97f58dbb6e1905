"""`manage.py standings SEASON [--final] [--json]`: a season's league table, FORMATS.md 5."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import ActionError
from league.actions.common import season_rules
from league.models import Season
from league.race import Outlook
from league.standings import podium_places
from standings.loader import SeasonStandings, season_standings
from standings.race import needs_details, row_race, season_outlooks


class Command(BaseCommand):
    help = "Print a season's standings: in-season (default) or --final, as a table or --json."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season", help="the season's slug, e.g. season-10")
        parser.add_argument("--final", action="store_true", help="the final standings")
        parser.add_argument("--json", action="store_true", help="print JSON (FORMATS.md 5)")

    def handle(self, *args: Any, **options: Any) -> None:
        season = Season.objects.select_related("league").filter(slug=options["season"]).first()
        if season is None:
            raise CommandError(f"there is no season {options['season']!r}")
        final = options["final"]
        try:
            # in-season a scheduled-rounds league's rows say what is still possible, which
            # needs every player's games
            details = not final and needs_details(season_rules(season))
            standings = season_standings(season, final=final, details=details)
        except ActionError as error:
            raise CommandError(str(error)) from None
        outlooks = None if final else season_outlooks(standings)
        if options["json"]:
            data = standings.as_json()
            if not final:  # FORMATS.md 5: max_points and race, null where not given
                for row, shown in zip(standings.rows, data["standings"], strict=True):
                    shown.update(row_race(outlooks, row.player))
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(text_table(standings, outlooks))


def text_table(standings: SeasonStandings, outlooks: Mapping[int, Outlook] | None = None) -> str:
    """The standings as a plain-text table with markers for the conditions not met and,
    with `outlooks`, a place 1-3 clinched or out of reach (RULES.md 3.1)."""
    season = standings.season
    title = f"{season.league.name}, {season.name} ({season.slug})"
    title += ": final standings" if standings.final else ": standings"
    header = ("#", "player", "points", "gap", "games", "counted", "dropped", "")
    lines = [header]
    for row in standings.rows:
        data = row.as_json(standings.players[row.player].name)
        notes = []
        if not row.eligible:
            notes.append("below minimum")
        elif not row.podium_eligible:
            notes.append("no podium")
        race = None if outlooks is None else outlooks.get(row.player)
        if race is not None and race.race != "open":
            notes.append("1-3 clinched" if race.race == "clinched" else "1-3 out of reach")
        lines.append(
            (
                "-" if row.rank is None else str(row.rank),
                data["player"],
                _number(data["points"]),
                f"{data['gap']:.2f}",
                str(row.games),
                str(row.counted),
                str(row.dropped),
                ", ".join(notes),
            )
        )
    if standings.final and standings.rows:
        # places 1-3 left over: fewer players met the podium conditions (RULES.md 3.1)
        awarded, not_awarded = podium_places(row.rank for row in standings.rows)
        after = 1 + awarded  # the header, then the podium's rows
        lines[after:after] = [
            (str(place), "(not awarded)", "", "", "", "", "", "") for place in not_awarded
        ]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    right = {0, 2, 3, 4, 5, 6}
    rendered = [
        "  ".join(
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in lines
    ]
    if not standings.rows:
        rendered.append("(no confirmed games yet)")
    return "\n".join([title, *rendered])


def _number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}"
