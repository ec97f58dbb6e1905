"""Loads what each public page shows in a constant number of SQL queries."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from django.db.models import Count, Prefetch, Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django_stubs_ext import WithAnnotations

from core.errors import ActionError
from games.deal_sheets import DealLine, deal_sheet
from games.models import Game
from league.actions.common import season_rules
from league.actions.registration import can_register_now
from league.holidays import HolidayEvening, skipped_evenings
from league.models import League, Player, Registration, Round, Season, Seat, Table
from league.rules import WEEKDAYS, LeagueRules
from publishing.published import PublishedRound, latest_tables, player_sections, published_round
from publishing.snapshot_schema import (
    DealStatsData,
    GameData,
    PlayerGame,
    ResultLine,
    StandingsRow,
)
from rating.models import RatingChange
from web.podium import Podium, final_podium
from web.schedule import RoundTimes, round_times

UPCOMING_ROUND_STATUSES = (
    Round.Status.OPEN,
    Round.Status.CLOSED,
    Round.Status.DRAWN,
    Round.Status.IN_PLAY,
)


def get_season(slug: str) -> Season:
    """The season with its league (one query), or a 404 naming the season."""
    try:
        return Season.objects.select_related("league").get(slug=slug)
    except Season.DoesNotExist:
        raise Http404(_("There is no season called “%(season)s”.") % {"season": slug}) from None


# --- home -------------------------------------------------------------------------------


class _Registered(TypedDict):
    """The annotation of the upcoming rounds the home page lists."""

    registered: int


@dataclass
class NextRound:
    """The next round of a season, for the home page."""

    round: Round
    registered: int
    times: RoundTimes


@dataclass
class SeasonSummary:
    """A season on the home page, with its next round when it has one."""

    season: Season
    kind: str
    next_round: NextRound | None = None
    leaders: list[StandingsRow] = field(default_factory=list)


@dataclass
class LeagueSummary:
    """A league on the home page: its current seasons, then its past ones."""

    league: League
    current: list[SeasonSummary] = field(default_factory=list)
    past: list[SeasonSummary] = field(default_factory=list)


def home_leagues(today: dt.date | None = None) -> list[LeagueSummary]:
    """Every league with its seasons, their leaders and each next round (4 queries)."""
    today = today or timezone.localdate()
    leagues = list(League.objects.prefetch_related("seasons"))
    next_rounds = (
        Round.objects.filter(status__in=UPCOMING_ROUND_STATUSES, date__gte=today)
        .exclude(season__status=Season.Status.FINISHED)
        .annotate(registered=Count("registrations"))
        .order_by("season_id", "date", "number")
    )
    first_round: dict[int, WithAnnotations[Round, _Registered]] = {}
    for upcoming in next_rounds:
        first_round.setdefault(upcoming.season_id, upcoming)
    seasons = [season for league in leagues for season in league.seasons.all()]
    tables = latest_tables(seasons, "standings", "final_standings")
    summaries = []
    for league in leagues:
        summary = LeagueSummary(league)
        for season in league.seasons.all():
            try:
                rules = season_rules(season)
            except ActionError:
                rules = None  # one season's broken rules must not hide the others
            item = SeasonSummary(season, rules.kind if rules else "")
            finished = season.status == Season.Status.FINISHED
            table = tables.get(season.pk, {}).get("final_standings" if finished else "standings")
            item.leaders = [row for row in table or [] if row["rank"] in (1, 2, 3)][:3]
            round_ = first_round.get(season.pk)
            if round_ is not None and rules is not None:
                round_.season = season
                times = round_times(round_, rules, league.timezone)
                item.next_round = NextRound(round_, round_.registered, times)
            if season.status == Season.Status.FINISHED:
                summary.past.append(item)
            else:
                summary.current.append(item)
        summaries.append(summary)
    return summaries


# --- a round ----------------------------------------------------------------------------


@dataclass
class TableView:
    """A drawn table: its seats, its game's status, and the published result lines."""

    table: Table
    seats: list[Seat]
    game: Game | None = None
    result: GameData | None = None
    sheet: list[DealLine] = field(default_factory=list)

    @property
    def pairs(self) -> list[tuple[Player, Player]]:
        """Every pair of players at the table, in seat order (their head-to-head links)."""
        return list(itertools.combinations([seat.player for seat in self.seats], 2))


@dataclass
class RoundPage:
    """Everything the round page shows."""

    round: Round
    rules: LeagueRules
    times: RoundTimes
    registrations: list[Registration]
    tables: list[TableView]
    reserves: list[Player]
    previous: int | None
    following: int | None
    published: PublishedRound | None

    @property
    def has_results(self) -> bool:
        """Whether any table's result is published."""
        return any(view.result is not None for view in self.tables)

    @property
    def draw_visible(self) -> bool:
        """The round has a draw and it is public (`Round.draw_is_public`)."""
        return bool(self.tables) and self.round.draw_is_public

    @property
    def players_register(self) -> bool:
        """Players register themselves for this round now, on /me/ (league.actions'
        can_register_now: open, before the deadline, not a tournament's later stage)."""
        return can_register_now(self.round, self.rules)


def round_page(season: Season, number: int) -> RoundPage:
    """Round `number` of `season`: live registrations and, once published, the draw and the
    published results (7 queries; 6 while the draw is private, which is not even loaded)."""
    rounds = list(
        Round.objects.filter(season=season, number__in=(number - 1, number, number + 1)).order_by(
            "number"
        )
    )
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise Http404(_("Round %(number)s of this season does not exist.") % {"number": number})
    round_.season = season
    registrations = list(round_.registrations.select_related("player").order_by("created_at", "id"))
    tables = (
        list(
            round_.tables.prefetch_related(
                Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("seat"))
            ).order_by("number")
        )
        if round_.draw_is_public
        else []
    )
    games = Game.objects.filter(round=round_, table__isnull=False).only(
        "id", "table_id", "status", "deals"
    )
    by_table = {game.table_id: game for game in games}
    rules = season_rules(season)
    snapshot = published_round(season, number)
    results = snapshot.results_by_table() if snapshot else {}
    views = []
    seated: set[int] = set()
    for table in tables:
        seats = list(table.seats.all())
        seated.update(seat.player_id for seat in seats)
        view = TableView(table, seats, by_table.get(table.pk), results.get(table.number))
        if view.result is not None and view.game is not None:
            view.sheet = deal_sheet(view.game.deals, rules.scoring_preset, rules.three_player_deck)
        views.append(view)
    reserves = [r.player for r in registrations if r.player_id not in seated] if tables else []
    numbers = {r.number for r in rounds}
    return RoundPage(
        round=round_,
        rules=rules,
        times=round_times(round_, rules, season.league.timezone),
        registrations=registrations,
        tables=views,
        reserves=reserves,
        previous=number - 1 if number - 1 in numbers else None,
        following=number + 1 if number + 1 in numbers else None,
        published=snapshot,
    )


def season_rounds(season: Season) -> list[Round]:
    """The season's rounds by number, each with its `registered` count (1 query)."""
    return list(
        Round.objects.filter(season=season)
        .annotate(registered=Count("registrations"))
        .order_by("number")
    )


def coming_rounds(rounds: Sequence[Round], today: dt.date | None = None) -> list[Round]:
    """The rounds still to be played, today or later, in the order of `rounds`."""
    today = today or timezone.localdate()
    return [r for r in rounds if r.status in UPCOMING_ROUND_STATUSES and r.date >= today]


def next_round(rounds: Sequence[Round], today: dt.date | None = None) -> Round | None:
    """The first round still to be played, today or later."""
    return next(iter(coming_rounds(rounds, today)), None)


# --- archive ----------------------------------------------------------------------------


@dataclass
class ArchiveEntry:
    """A finished season with its podium (places 1-3 of the final standings, None without
    final standings) and size."""

    season: Season
    podium: Podium | None
    players: int


@dataclass(frozen=True)
class SeasonList:
    """The header's "Seasons": the current ones (running, then upcoming, by start date),
    then the finished ones, newest first."""

    current: list[Season]
    finished: list[Season]


def season_list() -> SeasonList:
    """Every season with its league, current first, then the archive (1 query)."""
    seasons = list(Season.objects.select_related("league").order_by("-end", "slug"))
    finished = [s for s in seasons if s.status == Season.Status.FINISHED]
    current = sorted(
        (s for s in seasons if s.status != Season.Status.FINISHED),
        key=lambda s: (s.status != Season.Status.RUNNING, s.start, s.slug),
    )
    return SeasonList(current, finished)


def archive_entries(seasons: Sequence[Season]) -> list[ArchiveEntry]:
    """Each finished season's podium and number of players from its snapshot's final
    standings (1 query)."""
    tables = latest_tables(seasons, "final_standings")
    entries = []
    for season in seasons:
        rows = tables.get(season.pk, {}).get("final_standings") or []
        entries.append(ArchiveEntry(season, final_podium(rows), len(rows)))
    return entries


# --- a player ---------------------------------------------------------------------------


@dataclass
class PlayerSeason:
    """A player's season: his table row and his games with points, gap and drops."""

    season: Season
    row: StandingsRow | None
    games: list[tuple[PlayerGame, ResultLine]]
    final: bool
    position_labels: list[str] = field(default_factory=list)
    positions: list[int | None] = field(default_factory=list)
    deal_stats: DealStatsData | None = None
    deal_stats_three: DealStatsData | None = None  # at tables of three, kept apart

    @property
    def has_rounds(self) -> bool:
        """Whether the season's games were played in rounds (not open play)."""
        return any(game["round"] for game, _line in self.games)


@dataclass
class PlayerPage:
    """Everything the player page shows."""

    player: Player
    seasons: list[PlayerSeason]
    rating: list[tuple[dt.date, float]]


def get_player(key: str) -> Player:
    """The player whose slug, or else whose exact name, is `key` (1 query), or a 404.

    FORMATS.md 7 names the address `/players/PLAYER/`; links use the slug, and a name typed
    by hand (`/players/Dana/`) finds the same page.
    """
    candidates = list(
        Player.objects.filter(Q(slug=key) | Q(name=key) | Q(slug__iexact=key)).order_by("pk")[:10]
    )
    tests: tuple[Callable[[Player], bool], ...] = (
        lambda p: p.slug == key,
        lambda p: p.name == key,
        lambda p: p.slug.lower() == key.lower(),
    )
    for matches in tests:
        found = next((p for p in candidates if matches(p)), None)
        if found is not None:
            return found
    raise Http404(_("There is no player “%(player)s”.") % {"player": key})


def player_page(slug: str) -> PlayerPage:
    """The player's seasons, games and positions (published snapshots) and rating (4 queries)."""
    player = get_player(slug)
    seasons = list(
        Season.objects.filter(games__results__player=player)
        .distinct()
        .select_related("league")
        .order_by("-start", "slug")
    )
    sections = player_sections(seasons, player.slug)
    items = []
    for season in seasons:
        section = sections.get(season.pk)
        if section is None:
            continue
        final = season.status == Season.Status.FINISHED
        items.append(
            PlayerSeason(
                season=season,
                row=section["final_row" if final else "row"],
                games=[(game, game["line"]) for game in section["games"]],
                final=final,
                position_labels=list(section["position_labels"]),
                positions=list(section["positions"]),
                deal_stats=section["deal_stats"],
                deal_stats_three=section.get("deal_stats_three"),
            )
        )
    rating = [
        (change["played_on"], change["after"])
        for change in RatingChange.objects.filter(player=player)
        .order_by("played_on", "game_id")
        .values("played_on", "after")
    ]
    return PlayerPage(player, items, rating)


# --- rules page -------------------------------------------------------------------------


def skipped_holidays(season: Season, rules: LeagueRules) -> list[HolidayEvening]:
    """The holiday evenings of the league's list on the season's round days that have no
    round (one query; none for a season without scheduled rounds)."""
    if not rules.has_rounds or rules.is_tournament:
        return []
    played = set(season.rounds.values_list("date", flat=True))
    days = (
        season.start + dt.timedelta(days=n) for n in range((season.end - season.start).days + 1)
    )
    weekdays = rules.schedule.weekdays
    on_round_days = (day for day in days if WEEKDAYS[day.weekday()] in weekdays)
    return skipped_evenings(on_round_days, season.league.skipped_holidays, played)
