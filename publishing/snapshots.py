"""Build and read a season's published snapshot: the data every public page and the API show.

A snapshot is built from the database in a constant number of queries, one small function
per section, as a `SnapshotData` (the schema, documented once, is `publishing.snapshot_schema`)
and stored split by section (`publishing.snapshot_split`, `publishing.models`); pages read
the latest one and never recompute standings on a request. Standings come from the league's
pure standings layer (`league.standings`); this module only loads rows, calls it, and shapes
its answer.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Count, Max, Q, Sum
from django.urls import reverse
from django.utils import timezone

from games.models import Game, GameResult
from league.models import DrawChange, DrawRecord, Player, Registration, Round, Season, Seat
from league.rules import LeagueRules
from league.standings import (
    GameEntry,
    PlayerTally,
    RunningTally,
    StandingRow,
    gaps_from_average,
    rounded_gap,
)
from league.tournament_standings import season_rows
from publishing import deal_stats, messages
from publishing.models import SeasonSnapshot
from publishing.provisional import provisional_table
from publishing.snapshot_schema import (
    SCHEMA,
    BriefRow,
    DrawChangeData,
    DrawData,
    GameData,
    Marker,
    PlayerName,
    RaceData,
    RoundData,
    SeasonInfo,
    SeatData,
    SnapshotData,
    StandingsRow,
)
from standings.loader import GameInfo, SeasonStandings, season_standings
from standings.race import round_race_changes, row_race, season_outlooks

RACE_PLAYERS = 8


@dataclass(frozen=True)
class PlayerRef:
    """A player as the snapshot names him."""

    id: int
    name: str
    slug: str

    def as_json(self) -> PlayerName:
        return {"player": self.name, "player_slug": self.slug}


def latest_snapshot(season: Season | int) -> SeasonSnapshot | None:
    """The season's most recent published snapshot of the current `SCHEMA` (its summary; the
    sections load on demand), or None before the first publish in this schema."""
    season_id = season if isinstance(season, int) else season.pk
    return SeasonSnapshot.current(season_id).order_by("-version").first()


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
        season.league.play_link,  # the draw text says where the league plays
        season.league.join_time,
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


@dataclass(frozen=True)
class _Rows:
    """The database rows a snapshot is built from (besides the standings)."""

    results_by_game: dict[int, list[Mapping[str, Any]]]
    registrations: Sequence[Mapping[str, Any]]
    seats: Sequence[Mapping[str, Any]]
    players: dict[int, PlayerRef]
    records: dict[int, DrawRecord]


def build_snapshot_data(season: Season) -> SnapshotData:
    """The whole snapshot of `season` (schema in `publishing.snapshot_schema`).

    It also keeps the deal figures of games whose records changed (`publishing.deal_stats`),
    so call it where the snapshot is stored: in `do_publish_season`'s transaction.
    """
    table = season_standings(season)
    rows = _load_rows(season, table)
    standings = list(table.rows)
    final_rows = table.ranked(final=True).rows
    final_points = {
        row.player: row.final_place.points for row in final_rows if row.final_place is not None
    }
    games = _games_json(table, standings, rows, final_points)
    race, tables_after = _progression(table.rules, season, standings, rows.players)
    data: SnapshotData = {
        "schema": SCHEMA,
        "published_at": _iso_now(),
        "season": _season_json(season, table.rules),
        "rules": table.rules.to_dict(),
        "standings": [_row_json(row, table.rules, rows.players) for row in standings],
        "final_standings": [_row_json(row, table.rules, rows.players) for row in final_rows],
        "rounds": _rounds_json(season, games, tables_after, rows),
        "games": [game for game in games.values() if game["round"] is None],
        "race": race,
        "messages": {},
        "deal_stats": {},
        "deal_leaders": None,
    }
    _add_deal_stats(data, table, rows)
    _add_race(data, table, standings)
    if table.rules.kind == "rounds":  # a tournament's evening has its own standing
        slugs = {player.id: player.slug for player in rows.players.values()}
        mark = provisional_table(data["rounds"], standings, tables_after, slugs)
        if mark is not None:  # a snapshot without a round in play is as it was
            data["provisional"] = mark
    data["messages"] = {
        code: messages.season_messages(data, code) for code, _name in settings.LANGUAGES
    }
    return data


def _add_deal_stats(data: SnapshotData, table: SeasonStandings, rows: _Rows) -> None:
    """Each player's deal statistics and the season's leaders (one query while no deal
    records changed; `publishing.deal_stats` scores and keeps the changed ones)."""
    names = {player.id: player.as_json() for player in rows.players.values()}
    by_game = deal_stats.game_figures(
        table.season, list(table.games), table.rules.scoring_preset, table.rules.three_player_deck
    )
    seats = rows.results_by_game
    data["deal_stats"], data["deal_leaders"] = deal_stats.players_figures(by_game, seats, names, 4)
    three, leaders = deal_stats.players_figures(by_game, seats, names, 3)
    if three:  # kept apart from the games of four (a snapshot without them is as it was)
        data["deal_stats_three"] = three
        data["deal_leaders_three"] = leaders


def _load_rows(season: Season, table: SeasonStandings) -> _Rows:
    """Results, registrations, seats, the players they name and the standing draw records."""
    results_by_game: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
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
        .values("round_id", "table__number", "table__not_played", "seat", "player_id")
    )
    players = {p.id: PlayerRef(p.id, p.name, p.slug) for p in table.players.values()}
    unnamed = {r["player_id"] for r in registrations} | {s["player_id"] for s in seats}
    players |= {
        p["id"]: PlayerRef(p["id"], p["name"], p["slug"])
        for p in Player.objects.filter(id__in=unnamed - set(players)).values("id", "name", "slug")
    }
    records = {
        record.round_id: record
        for record in DrawRecord.objects.filter(
            round__season=season, superseded=False
        ).prefetch_related("changes")
    }
    return _Rows(results_by_game, registrations, seats, players, records)


def _season_json(season: Season, rules: LeagueRules) -> SeasonInfo:
    league = season.league
    return {
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
        "play_link": league.play_link,
        "join_time": league.join_time.strftime("%H:%M") if league.join_time else "",
    }


def _games_json(
    table: SeasonStandings,
    standings: Sequence[StandingRow],
    rows: _Rows,
    final_points: Mapping[int, int],
) -> dict[int, GameData]:
    """Every confirmed game by id, in played order (a tournament's final table with the
    points of its own scale: it adds to no total)."""
    dropped = {(row.player, game) for row in standings for game in row.dropped_games}
    entries_by_game: dict[int, dict[int, GameEntry]] = defaultdict(dict)
    for row in standings:
        for entry in row.entries:
            entries_by_game[entry.game][entry.player] = entry
    return {
        game.id: _game_json(
            game,
            rows.results_by_game[game.id],
            entries_by_game[game.id] or _final_table_entries(game, rows, final_points),
            rows.players,
            dropped,
        )
        for game in sorted(table.games.values(), key=lambda g: (g.date, g.id))
    }


def _final_table_entries(
    game: GameInfo, rows: _Rows, final_points: Mapping[int, int]
) -> dict[int, GameEntry]:
    """The entries of a game outside the standing's totals (a tournament's final table):
    its own points by the places it decided, and each gap from its average."""
    results = rows.results_by_game[game.id]
    gaps = gaps_from_average([r["score"] for r in results])
    return {
        r["player_id"]: GameEntry(
            r["player_id"],
            game.id,
            game.round,
            game.date,
            r["score"],
            final_points.get(r["player_id"], 0),
            gap,
        )
        for r, gap in zip(results, gaps, strict=True)
    }


def _rounds_json(
    season: Season,
    games: dict[int, GameData],
    tables_after: dict[str, list[StandingRow]],
    rows: _Rows,
) -> list[RoundData]:
    # each round's games, registrations and seats, in their order, gathered in one pass
    games_of: dict[int | None, list[GameData]] = defaultdict(list)
    for game in games.values():
        games_of[game["round"]].append(game)
    registrations_of: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for registration in rows.registrations:
        registrations_of[registration["round_id"]].append(registration)
    seats_of: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for seat in rows.seats:
        seats_of[seat["round_id"]].append(seat)
    return [
        _round_json(
            round_,
            rows.records.get(round_.id),
            [_brief_row(row, rows.players) for row in tables_after.get(str(round_.number), [])],
            games_of[round_.number],
            registrations_of[round_.id],
            seats_of[round_.id],
            rows.players,
        )
        for round_ in Round.objects.filter(season=season)
        .select_related("season")
        .order_by("number")
    ]


def _iso_now() -> str:
    return timezone.now().astimezone(dt.UTC).isoformat()


def _iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.astimezone(dt.UTC).isoformat()


def _row_json(row: StandingRow, rules: LeagueRules, players: dict[int, PlayerRef]) -> StandingsRow:
    player = players[row.player]
    markers: list[Marker] = []
    if not row.eligible:
        markers.append("below_minimum")
    elif rules.podium_windows and not row.podium_eligible:
        markers.append("podium_conditions_not_met")
    dropped = set(row.dropped_games)
    data: StandingsRow = {
        **_brief_row(row, players),  # type: ignore[typeddict-item]  # final_table: set below
        "player_id": player.id,
        "markers": markers,
        "counted_game_ids": [e.game for e in row.entries if e.game not in dropped],
        "dropped_game_ids": list(row.dropped_games),
    }
    if row.final_place is not None:
        final = row.final_place
        data["final_table"] = {"place": final.place, "points": final.points, "score": final.score}
    return data


def _add_race(data: SnapshotData, table: SeasonStandings, standings: list[StandingRow]) -> None:
    """What is still possible (RULES.md 3.1) on every in-season row: `max_points` and `race`
    (FORMATS.md 5; null for rated open play and tournaments), from the rounds read already."""
    rounds = [(r["number"], r["status"], dt.date.fromisoformat(r["date"])) for r in data["rounds"]]
    outlooks = season_outlooks(table, rounds)
    for shown, row in zip(data["standings"], standings, strict=True):
        race = row_race(outlooks, row.player)
        shown["max_points"] = race["max_points"]
        shown["race"] = race["race"]
    # the latest round's results text says who clinched or fell out of reach with them
    latest = max(
        (r for r in data["rounds"] if r["results"]), key=lambda r: r["number"], default=None
    )
    if latest is not None:
        clinched, out = round_race_changes(table, outlooks, rounds, latest["number"])
        if clinched or out:
            names = table.players
            latest["race_changes"] = {
                "clinched": sorted(names[p].name for p in clinched),
                "out": sorted(names[p].name for p in out),
            }


def _game_json(
    game: GameInfo,
    results: Sequence[Mapping[str, Any]],
    by_player: dict[int, GameEntry],
    players: dict[int, PlayerRef],
    dropped: set[tuple[int, int]],
) -> GameData:
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
                "gap": rounded_gap(by_player[r["player_id"]].gap),
                "dropped": (r["player_id"], game.id) in dropped,
            }
            for r in results
        ],
    }


def _brief_row(row: StandingRow, players: dict[int, PlayerRef]) -> BriefRow:
    brief = row.as_json(players[row.player].name)
    return {
        "rank": brief["rank"],
        "player": brief["player"],
        "points": brief["points"],
        "gap": brief["gap"],
        "games": brief["games"],
        "counted": brief["counted"],
        "dropped": brief["dropped"],
        "eligible": brief["eligible"],
        "podium_eligible": brief["podium_eligible"],
        "player_slug": players[row.player].slug,
    }


def _round_json(
    round_: Round,
    record: DrawRecord | None,
    table_after: list[BriefRow],
    games: list[GameData],
    registrations: Sequence[Mapping[str, Any]],
    seats: Sequence[Mapping[str, Any]],
    players: dict[int, PlayerRef],
) -> RoundData:
    games.sort(key=lambda g: (g["table"] is None, g["table"] or 0, g["game_id"]))
    # A draw is public once published; before that only the organizers see it, so a swap
    # before publishing never shows.
    public = bool(seats) and round_.draw_is_public
    return {
        "number": round_.number,
        "date": round_.date.isoformat(),
        "status": round_.status,
        "registration_deadline": _iso(round_.registration_deadline),
        "registered": [players[r["player_id"]].as_json() for r in registrations],
        "draw": _draw_json(round_, record, registrations, seats, players) if public else None,
        "results": games,
        "results_published_at": _iso(round_.results_published_at),
        "standings_after": table_after,
    }


def _draw_json(
    round_: Round,
    record: DrawRecord | None,
    registrations: Sequence[Mapping[str, Any]],
    seats: Sequence[Mapping[str, Any]],
    players: dict[int, PlayerRef],
) -> DrawData:
    """The published draw: how it was made and changed (league.models.DrawRecord), its
    tables and its reserves."""
    tables: dict[int, list[SeatData]] = defaultdict(list)
    not_played: set[int] = set()
    for seat in seats:
        tables[seat["table__number"]].append(
            {"seat": seat["seat"], **players[seat["player_id"]].as_json()}
        )
        if seat["table__not_played"]:
            not_played.add(seat["table__number"])
    seated = {s["player_id"] for s in seats}
    return {
        "method": round_.draw_method,
        "seed": round_.draw_seed,
        "drawn_at": _iso(round_.drawn_at),
        "published_at": _iso(round_.draw_published_at),
        "tables": [
            {"table": n, "players": tables[n], "not_played": n in not_played}
            for n in sorted(tables)
        ],
        "reserves": [
            players[r["player_id"]].as_json() for r in registrations if r["player_id"] not in seated
        ],
        "recipe": record.recipe if record else None,
        "redraws": record.number - 1 if record else 0,
        "changes": [_change_json(c) for c in record.changes.all()] if record else [],
        # the check page redoes a recorded draw: an imported one has none to point to
        "check_path": (
            reverse("web:draw_check", args=[round_.season.slug, round_.number]) if record else ""
        ),
    }


def _change_json(change: DrawChange) -> DrawChangeData:
    return {
        "kind": change.kind,
        "players": change.players,
        "tables": change.tables,
        "reason": change.reason,
        "at": _iso(change.at),
    }


def _progression(
    rules: LeagueRules,
    season: Season,
    standings: Sequence[StandingRow],
    players: dict[int, PlayerRef],
) -> tuple[RaceData, dict[str, list[StandingRow]]]:
    """The race chart and positions, and the full table after each label (round or month).

    A player's tally only changes when he plays, so after each label only the players who
    played in it are tallied again before ranking all: each player's games are kept as they
    come (`league.standings.RunningTally`, `tally_player`'s tally of the games so far).
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
    for entry in (entry for row in standings for entry in row.entries):
        by_label[label(entry)].append(entry)
    labels = sorted(by_label, key=order)
    running: dict[int, RunningTally] = {}
    tallies: dict[int, PlayerTally] = {}
    tables: dict[str, list[StandingRow]] = {}
    for current in labels:
        changed = set()
        for entry in by_label[current]:
            if entry.player not in running:
                running[entry.player] = RunningTally(rules, entry.player, season_end=season.end)
            running[entry.player].add(entry)
            changed.add(entry.player)
        for player in changed:
            tallies[player] = running[player].tally()
        tables[current] = season_rows(
            rules, tallies.values(), tiebreak=lambda player: players[player].name
        )
    rows_by_label = {lbl: {row.player: row for row in tables[lbl]} for lbl in labels}
    race: RaceData = {
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
