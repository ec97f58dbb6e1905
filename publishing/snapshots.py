"""Build and read a season's published snapshot: the data every public page and the API show.

A snapshot is built from the database in a constant number of queries and stored as JSON in
`SeasonSnapshot.data`; pages read the latest one and never recompute standings on a request.
Standings come from the league's pure standings layer (`league.standings`); this module only
loads rows, calls it, and shapes its answer.

Schema of `data` (version `SCHEMA`; all dates ISO 8601, datetimes ISO 8601 with offset, UTC):

```
{"schema": 1,
 "published_at": "2026-11-29T22:40:00+00:00",
 "season": {"slug", "name", "league", "league_slug", "kind": "rounds" | "rated",
            "preset", "start", "end", "status", "time_zone"},
 "rules": {...},                      # LeagueRules.to_dict() of the season
 "standings": [ROW, ...],             # in-season table, FORMATS.md 5 order
 "final_standings": [ROW, ...],       # final mode: eligible ranked first, then rank null
 "rounds": [ROUND, ...],              # scheduled-rounds seasons, by number
 "games": [GAME, ...],                # confirmed games not in a round (rated league), played order
 "race": {"labels": ["1", "2", ...],  # round numbers, or "YYYY-MM" months in a rated league
          "series": [{"player", "player_slug", "points": [float, ...]}],
          "positions": {player_slug: [rank | null, ...]}},   # table position per label
 "messages": {LANG: {"rounds": {"N": {"draw": str | null, "results": str | null}}}}}

ROW = {"rank": int | null, "player": name, "points": float, "gap": float (2 decimals),
       "games", "counted", "dropped", "eligible": bool, "podium_eligible": bool,
       "player_slug": str, "player_id": int,
       "markers": ["below_minimum" | "podium_conditions_not_met", ...],
       "counted_game_ids": [int, ...], "dropped_game_ids": [int, ...]}   # in played order

ROUND = {"number", "date", "status", "registration_deadline": datetime | null,
         "registered": [{"player", "player_slug"}],          # registration order
         # draw: null until the draw is published (or the round has results)
         "draw": null | {"method": "random" | "ranking" | "", "seed": int | null,
                         "drawn_at", "published_at",
                         "recipe": "sha256-v1" | "legacy" | "unrecorded" | null,
                         "redraws": int,       # draws of the round before the standing one
                         "changes": [{"kind": "swap" | "reserve_in", "players": [name, name],
                                      "tables": [int | null, int | null], "reason", "at"}],
                         "check_path": "/seasons/S/rounds/N/draw-check/",
                         "tables": [{"table": 1, "players": [{"seat", "player", "player_slug"}]}],
                         "reserves": [{"player", "player_slug"}]},
         "results": [GAME, ...],                             # confirmed games, by table
         "results_published_at": datetime | null,
         "standings_after": [FORMATS.md 5 row + "player_slug", ...]}  # table after this round

GAME = {"game_id", "round": int | null, "table": int | null, "date",
        "results": [{"seat", "player", "player_slug", "score", "placement" (1 = best, ties
                     share the better place), "points": float, "gap": float, "dropped": bool}]}
```

Race series hold the cumulative league points (over counted games, drops applied as at that
moment) of the top `RACE_PLAYERS` players of the current table after each label.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Count, Max, Q, Sum
from django.urls import reverse
from django.utils import timezone

from games.models import Game, GameResult
from league.models import DrawChange, DrawRecord, Player, Registration, Round, Season, Seat
from league.rules import LeagueRules
from league.standings import GameEntry, PlayerTally, StandingRow, rank_tallies, tally_player
from publishing import messages
from publishing.models import SeasonSnapshot
from standings.loader import GameInfo, season_standings

SCHEMA = 1
RACE_PLAYERS = 8


@dataclass(frozen=True)
class PlayerRef:
    """A player as the snapshot names him."""

    id: int
    name: str
    slug: str

    def as_json(self) -> dict[str, str]:
        return {"player": self.name, "player_slug": self.slug}


def latest_snapshot(season: Season | int) -> SeasonSnapshot | None:
    """The season's most recent published snapshot, or None before the first publish."""
    season_id = season if isinstance(season, int) else season.pk
    return SeasonSnapshot.objects.filter(season_id=season_id).order_by("-version").first()


def inputs_fingerprint(season: Season) -> str:
    """A hash of everything a snapshot is built from, in a constant number of queries."""
    games = Game.objects.filter(season=season).aggregate(
        n=Count("id"), ids=Sum("id"), changed=Max("updated_at")
    )
    confirmed = Game.objects.filter(season=season, status=Game.Status.CONFIRMED).aggregate(
        n=Count("id"), ids=Sum("id")
    )
    results = GameResult.objects.filter(game__season=season).aggregate(
        n=Count("id"), ids=Sum("id"), scores=Sum("score"), players=Sum("player_id")
    )
    rounds = list(
        Round.objects.filter(season=season)
        .order_by("number")
        .values_list(
            "id",
            "number",
            "date",
            "status",
            "registration_deadline",
            "draw_method",
            "draw_seed",
            "drawn_at",
            "draw_published_at",
            "results_published_at",
        )
    )
    registrations = Registration.objects.filter(round__season=season).aggregate(
        n=Count("id"), ids=Sum("id")
    )
    seats = Seat.objects.filter(round__season=season).aggregate(
        n=Count("id"), ids=Sum("id"), players=Sum("player_id"), seats=Sum("seat")
    )
    draw_records = DrawRecord.objects.filter(round__season=season).aggregate(
        n=Count("id"), ids=Sum("id"), current=Sum("id", filter=~Q(superseded=True))
    )
    draw_changes = DrawChange.objects.filter(record__round__season=season).aggregate(
        n=Count("id"), ids=Sum("id")
    )
    payload = [
        SCHEMA,
        season.pk,
        season.slug,
        season.name,
        season.rules_preset,
        season.rules,
        season.start,
        season.end,
        season.status,
        season.updated_at,
        games,
        confirmed,
        results,
        rounds,
        registrations,
        seats,
        draw_records,
        draw_changes,
    ]
    encoded = json.dumps(payload, default=str, sort_keys=True).encode()
    return hashlib.sha256(encoded).hexdigest()


def build_snapshot_data(season: Season) -> dict[str, Any]:
    """The snapshot of `season` as JSON-ready data (schema in the module docstring)."""
    table = season_standings(season)
    rules = table.rules
    standings = list(table.rows)
    final = list(table.ranked(final=True).rows)
    entries = [entry for row in standings for entry in row.entries]
    league = season.league
    rounds = list(Round.objects.filter(season=season).select_related("season").order_by("number"))
    games = sorted(table.games.values(), key=lambda g: (g.date, g.id))
    results_by_game: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in (
        GameResult.objects.filter(game__season=season, game__status=Game.Status.CONFIRMED)
        .order_by("game_id", "seat")
        .values("game_id", "seat", "player_id", "score")
    ):
        results_by_game[row["game_id"]].append(row)
    registrations = list(
        Registration.objects.filter(round__season=season)
        .order_by("created_at", "id")
        .values("round_id", "player_id")
    )
    seats = list(
        Seat.objects.filter(round__season=season)
        .order_by("table__number", "seat")
        .values("round_id", "table__number", "seat", "player_id")
    )
    players = {p.id: PlayerRef(p.id, p.name, p.slug) for p in table.players.values()}
    unnamed = {r["player_id"] for r in registrations} | {s["player_id"] for s in seats}
    players |= {
        p["id"]: PlayerRef(p["id"], p["name"], p["slug"])
        for p in Player.objects.filter(id__in=unnamed - set(players)).values("id", "name", "slug")
    }
    dropped = {(row.player, game) for row in standings for game in row.dropped_games}
    entries_by_game: dict[int, dict[int, GameEntry]] = defaultdict(dict)
    for entry in entries:
        entries_by_game[entry.game][entry.player] = entry
    game_rows = {
        game.id: _game_json(
            game, results_by_game[game.id], entries_by_game[game.id], players, dropped
        )
        for game in games
    }
    round_number = {game.id: game.round for game in games}
    standings_json = [_row_json(row, rules, players) for row in standings]
    race, tables_after = _progression(rules, season, entries, standings, players)
    records = {
        record.round_id: record
        for record in DrawRecord.objects.filter(
            round__season=season, superseded=False
        ).prefetch_related("changes")
    }
    round_json = [
        _round_json(
            round_,
            records.get(round_.id),
            [_brief_row(row, players) for row in tables_after.get(str(round_.number), [])],
            [g for gid, g in game_rows.items() if round_number[gid] == round_.number],
            [r for r in registrations if r["round_id"] == round_.id],
            [s for s in seats if s["round_id"] == round_.id],
            players,
        )
        for round_ in rounds
    ]
    data: dict[str, Any] = {
        "schema": SCHEMA,
        "published_at": _iso(timezone.now()),
        "season": {
            "slug": season.slug,
            "name": season.name,
            "league": league.name,
            "league_slug": league.slug,
            "kind": rules.kind,
            "preset": season.rules_preset,
            "start": season.start.isoformat(),
            "end": season.end.isoformat(),
            "status": season.status,
            "time_zone": league.timezone,
        },
        "rules": rules.to_dict(),
        "standings": standings_json,
        "final_standings": [_row_json(row, rules, players) for row in final],
        "rounds": round_json,
        "games": [g for gid, g in game_rows.items() if round_number[gid] is None],
        "race": race,
    }
    data["messages"] = {
        code: messages.season_messages(data, code) for code, _name in settings.LANGUAGES
    }
    return data


def _iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.astimezone(dt.UTC).isoformat()


def _row_json(
    row: StandingRow, rules: LeagueRules, players: dict[int, PlayerRef]
) -> dict[str, Any]:
    player = players[row.player]
    markers = []
    if not row.eligible:
        markers.append("below_minimum")
    elif rules.podium_windows and not row.podium_eligible:
        markers.append("podium_conditions_not_met")
    dropped = set(row.dropped_games)
    return {
        **row.as_json(player.name),
        "player_slug": player.slug,
        "player_id": player.id,
        "markers": markers,
        "counted_game_ids": [e.game for e in row.entries if e.game not in dropped],
        "dropped_game_ids": list(row.dropped_games),
    }


def _game_json(
    game: GameInfo,
    results: Sequence[dict[str, Any]],
    by_player: dict[int, GameEntry],
    players: dict[int, PlayerRef],
    dropped: set[tuple[int, int]],
) -> dict[str, Any]:
    scores = [r["score"] for r in results]
    return {
        "game_id": game.id,
        "round": game.round,
        "table": game.table,
        "date": game.date.isoformat(),
        "results": [
            {
                "seat": r["seat"],
                **players[r["player_id"]].as_json(),
                "score": r["score"],
                "placement": 1 + sum(1 for s in scores if s > r["score"]),
                "points": float(by_player[r["player_id"]].points),
                "gap": float(round(by_player[r["player_id"]].gap, 2)),
                "dropped": (r["player_id"], game.id) in dropped,
            }
            for r in results
        ],
    }


def _brief_row(row: StandingRow, players: dict[int, PlayerRef]) -> dict[str, Any]:
    return {**row.as_json(players[row.player].name), "player_slug": players[row.player].slug}


def _round_json(
    round_: Round,
    record: DrawRecord | None,
    table_after: list[dict[str, Any]],
    games: list[dict[str, Any]],
    registrations: Sequence[dict[str, Any]],
    seats: Sequence[dict[str, Any]],
    players: dict[int, PlayerRef],
) -> dict[str, Any]:
    games.sort(key=lambda g: (g["table"] is None, g["table"] or 0, g["game_id"]))
    draw = None
    # A draw is public once published; before that only the organizers see it, so a swap
    # before publishing never shows.
    if seats and round_.draw_is_public:
        tables: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for seat in seats:
            tables[seat["table__number"]].append(
                {"seat": seat["seat"], **players[seat["player_id"]].as_json()}
            )
        seated = {s["player_id"] for s in seats}
        draw = {
            "method": round_.draw_method,
            "seed": round_.draw_seed,
            "drawn_at": _iso(round_.drawn_at),
            "published_at": _iso(round_.draw_published_at),
            "tables": [{"table": n, "players": tables[n]} for n in sorted(tables)],
            "reserves": [
                players[r["player_id"]].as_json()
                for r in registrations
                if r["player_id"] not in seated
            ],
            **_disclosure_json(round_, record),
        }
    return {
        "number": round_.number,
        "date": round_.date.isoformat(),
        "status": round_.status,
        "registration_deadline": _iso(round_.registration_deadline),
        "registered": [players[r["player_id"]].as_json() for r in registrations],
        "draw": draw,
        "results": games,
        "results_published_at": _iso(round_.results_published_at),
        "standings_after": table_after,
    }


def _disclosure_json(round_: Round, record: DrawRecord | None) -> dict[str, Any]:
    """How the standing draw was made and changed (league.models.DrawRecord), for the texts."""
    changes = list(record.changes.all()) if record else []
    return {
        "recipe": record.recipe if record else None,
        "redraws": record.number - 1 if record else 0,
        "changes": [
            {
                "kind": c.kind,
                "players": c.players,
                "tables": c.tables,
                "reason": c.reason,
                "at": _iso(c.at),
            }
            for c in changes
        ],
        "check_path": reverse("web:draw_check", args=[round_.season.slug, round_.number]),
    }


def _progression(
    rules: LeagueRules,
    season: Season,
    entries: Sequence[GameEntry],
    standings: Sequence[StandingRow],
    players: dict[int, PlayerRef],
) -> tuple[dict[str, Any], dict[str, list[StandingRow]]]:
    """The race chart and positions, and the full table after each label (round or month).

    A player's tally only changes when he plays, so after each label only the players who
    played in it are tallied again (`league.standings.tally_player`) before ranking all.
    """
    top = [row.player for row in standings[:RACE_PLAYERS]]

    def label(entry: GameEntry) -> str:
        if entry.round is not None:
            return str(entry.round)
        assert entry.date is not None
        return entry.date.strftime("%Y-%m")

    def order(value: str) -> tuple[int, str]:
        return (int(value), "") if value.isdigit() else (0, value)

    by_label: dict[str, list[GameEntry]] = defaultdict(list)
    for entry in entries:
        by_label[label(entry)].append(entry)
    labels = sorted(by_label, key=order)
    played: dict[int, list[GameEntry]] = defaultdict(list)
    tallies: dict[int, PlayerTally] = {}
    tables: dict[str, list[StandingRow]] = {}
    for current in labels:
        changed = set()
        for entry in by_label[current]:
            played[entry.player].append(entry)
            changed.add(entry.player)
        for player in changed:
            tallies[player] = tally_player(rules, player, played[player], season_end=season.end)
        tables[current] = rank_tallies(
            rules, tallies.values(), tiebreak=lambda player: players[player].name
        )
    rows_by_label = {lbl: {row.player: row for row in tables[lbl]} for lbl in labels}
    race = {
        "labels": labels,
        "series": [
            {
                **players[player].as_json(),
                "points": [
                    float(rows_by_label[lbl][player].points)
                    if player in rows_by_label[lbl]
                    else 0.0
                    for lbl in labels
                ],
            }
            for player in top
        ],
        "positions": {
            players[row.player].slug: [
                rows_by_label[lbl][row.player].rank if row.player in rows_by_label[lbl] else None
                for lbl in labels
            ]
            for row in standings
        },
    }
    return race, tables
