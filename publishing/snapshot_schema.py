"""The published snapshot's shape, in one place: the writer (`publishing.snapshots`) returns
these types and every reader (pages, API, texts, mails) reads them.

All dates are ISO 8601, datetimes ISO 8601 with offset, in UTC. The whole snapshot of a
season (`SnapshotData`, version `SCHEMA`):

```
{"schema": 2,
 "published_at": "2026-11-29T22:40:00+00:00",
 "season": SEASON,                    # slug, name, league, kind (rounds, rated, tournament),
                                      # where the league plays (link, join time)
 "rules": {...},                      # LeagueRules.to_dict() of the season
 "standings": [ROW, ...],             # in-season table, FORMATS.md 5 order
 "final_standings": [ROW, ...],       # final mode: eligible ranked first, then rank null
                                      # (a tournament: the final table's places 1-4 first)
 "rounds": [ROUND, ...],              # scheduled-rounds seasons (a tournament's stages
                                      # and final table), by number
 "games": [GAME, ...],                # confirmed games not in a round (rated league), played order
 "race": {"labels": ["1", "2", ...],  # round numbers, or "YYYY-MM" months in a rated league
          "series": [{"player", "player_slug", "points": [float, ...]}],
          "positions": {player_slug: [rank | null, ...]}},   # table position per label
 "messages": {LANG: {"rounds": {"N": {"draw": str | null, "results": str | null}}}},
 "deal_stats": {player_slug: DEAL_STATS},   # players with games entered deal by deal
 "deal_leaders": LEADERS | null}      # null when no game of the season has deal records
```

Deal statistics (`publishing.deal_stats`, from the engine's `scoring.stats`) count only the
games entered deal by deal (or sent with records); each player's figures go to his section,
the season's leaders to the summary.

Race series hold the cumulative league points (over counted games, drops applied as at that
moment) of the top players of the current table after each label (`RACE_PLAYERS` in
`publishing.snapshots`).

It is stored split by section (since `SCHEMA` 2; 3 added the deal statistics), so a page
decodes only what it shows: `SeasonSnapshot.summary` holds a `SnapshotSummary` (the tables,
the round list, the race chart, the dropped games the table lists, the latest results texts
and the deal-statistics leaders) and each
`SnapshotSection` row one heavy part under its key: `round_key(N)` -> `RoundSection`,
`player_key(SLUG)` -> `PlayerSection`, `GAMES_KEY` -> the open-play games. The split and
its inverse are `publishing.snapshot_split`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from league.race import Race

SCHEMA = 3
GAMES_KEY = "games"

Marker = Literal["below_minimum", "podium_conditions_not_met"]


class PlayerName(TypedDict):
    """A player as the snapshot names him."""

    player: str
    player_slug: str


class BriefRow(TypedDict):
    """A FORMATS.md 5 standings row with the player's slug (the table after a round)."""

    rank: int | None
    player: str
    points: float
    gap: float  # 2 decimals
    games: int
    counted: int
    dropped: int
    eligible: bool
    podium_eligible: bool
    player_slug: str
    # In-season table rows (FORMATS.md 5, RULES.md 3.1 "What is still possible"): null for
    # rated open play and tournaments; absent from final rows, from the tables after each
    # round and from snapshots before them
    max_points: NotRequired[float | None]
    race: NotRequired[Race | None]


class FinalTableRow(TypedDict):
    """A player's result at a tournament's final table: the place it decided, its points
    for that place and his score in its game (RULES.md 3.4)."""

    place: int
    points: int
    score: int


class StandingsRow(BriefRow):
    """A row of the league table: FORMATS.md 5 with slug, id, markers and its games."""

    player_id: int
    markers: list[Marker]
    counted_game_ids: list[int]  # in played order
    dropped_game_ids: list[int]
    # A tournament's final standings, the final table's players (the podium shows its points)
    final_table: NotRequired[FinalTableRow]


class ResultLine(TypedDict):
    """One player's line of a published game."""

    seat: int
    player: str
    player_slug: str
    score: int
    placement: int  # 1 = best; tied players share the better place
    points: float
    gap: float
    dropped: bool


class GameData(TypedDict):
    """A confirmed game."""

    game_id: int
    round: int | None
    table: int | None
    date: str
    results: list[ResultLine]


class SeatData(TypedDict):
    """A seat of a drawn table."""

    seat: int
    player: str
    player_slug: str


class DrawTable(TypedDict):
    """A drawn table with its seats."""

    table: int
    players: list[SeatData]
    not_played: bool  # the organizer marked the table as not played


class DrawChangeData(TypedDict):
    """A swap or a reserve brought in after the draw, with the organizer's reason."""

    kind: str  # "swap" | "reserve_in"
    players: list[str]  # [first, second] / [reserve, replaced]
    tables: list[int | None]
    reason: str
    at: str | None


class DrawBrief(TypedDict):
    """How a published draw was made (the round list of the summary carries this much)."""

    method: str  # "random" | "ranking" | "" (not recorded)
    seed: int | None
    drawn_at: str | None
    published_at: str | None
    recipe: str | None  # "sha256-v1" | "legacy" | "unrecorded"
    redraws: int  # draws of the round before the standing one
    check_path: str  # "/seasons/S/rounds/N/draw-check/"; "" when the draw is not recorded


class DrawData(DrawBrief):
    """A published draw: how it was made and changed, its tables and reserves."""

    changes: list[DrawChangeData]
    tables: list[DrawTable]
    reserves: list[PlayerName]


class RoundSummary(TypedDict):
    """A round as the summary lists it: no registrations, seats, results nor tables."""

    number: int
    date: str
    status: str
    registration_deadline: str | None
    draw: DrawBrief | None  # null until the draw is published
    results_published_at: str | None


class RoundData(TypedDict):
    """A round in full."""

    number: int
    date: str
    status: str
    registration_deadline: str | None
    registered: list[PlayerName]  # registration order
    draw: DrawData | None  # null until the draw is published
    results: list[GameData]  # confirmed games, by table
    results_published_at: str | None
    standings_after: list[BriefRow]  # the table after this round
    # the latest round with results, when some race changed with them (RULES.md 3.1)
    race_changes: NotRequired[RaceChanges]


class RaceChanges(TypedDict):
    """Who clinched a place 1-3 and who fell out of reach with a round's results (names)."""

    clinched: list[str]
    out: list[str]


class SeasonInfo(TypedDict):
    """The season and its league."""

    slug: str
    name: str
    league: str
    league_slug: str
    kind: str  # "rounds" | "rated" | "tournament"
    preset: str
    start: str
    end: str
    status: str
    time_zone: str
    # where the league plays (the draw text); absent in snapshots published before it
    play_link: NotRequired[str]  # "" for none
    join_time: NotRequired[str]  # "HH:MM", "" for none


class RaceSeries(TypedDict):
    """A leading player's cumulative league points after each label."""

    player: str
    player_slug: str
    points: list[float]


class RaceChart(TypedDict):
    """The race chart: labels (round numbers or months) and the leaders' series."""

    labels: list[str]
    series: list[RaceSeries]


class RaceData(RaceChart):
    """The race chart and every ranked player's table position after each label."""

    positions: dict[str, list[int | None]]


class RoundTexts(TypedDict):
    """A round's messaging-group texts in one language (null when there is nothing)."""

    draw: str | None
    results: str | None


class LanguageTexts(TypedDict):
    """The texts of one language."""

    rounds: dict[str, RoundTexts]  # by round number as text


class SizeFigure(TypedDict):
    """Contracts of one size group ("0", "1-2", "3-4", "5-6", "7+"): made out of bid."""

    size: str
    made: int
    deals: int
    percent: float | None  # 1 decimal; null without a deal of this size


class DealStatsData(TypedDict):
    """A player's deal statistics over his games of the season that have deal records."""

    games: int  # his games entered deal by deal
    deals: int
    made: int  # contracts made, zero contracts included
    made_percent: float | None  # 1 decimal
    by_size: list[SizeFigure]
    zero_up_made: int  # zero contracts in over ("up") games
    zero_up_failed: int
    zero_down_made: int  # zero contracts in under ("down") games
    zero_down_failed: int
    declarer_deals: int
    declarer_made: int
    declarer_percent: float | None  # 1 decimal; null when never declarer
    average_score: float | None  # per deal, 2 decimals


class DealLeader(TypedDict):
    """A player among a category's leaders."""

    rank: int  # shared by equal figures
    player: str
    player_slug: str
    value: float  # zeros made; a percent (1 decimal); or the average per deal (2 decimals)
    count: int  # out of how many deals (declarer deals for "declarer")


class DealLeaders(TypedDict):
    """The season's deal-statistics leaders (`scoring.stats.season_leaders`)."""

    games: int  # the season's games with deal records
    minimum_deals: int  # the deals a player needs for the shares and the average
    zeros_made: list[DealLeader]
    declarer: list[DealLeader]
    made: list[DealLeader]
    average: list[DealLeader]


RulesData = dict[str, object]  # LeagueRules.to_dict(); league.rules reads it back


class Provisional(TypedDict):
    """Tonight's table is provisional (`publishing.provisional`): round `round`, not finished,
    has `results` confirmed games of its `tables` drawn tables; each player's move since the
    table after round `after_round` (the last finished one; null before any), up positive,
    null when he was not ranked in both."""

    round: int
    results: int
    tables: int
    after_round: int | None
    moves: dict[str, int | None]  # by player slug


class SnapshotData(TypedDict):
    """The whole snapshot, as `publishing.snapshots.build_snapshot_data` builds it."""

    schema: int
    published_at: str
    season: SeasonInfo
    rules: RulesData
    standings: list[StandingsRow]
    final_standings: list[StandingsRow]
    rounds: list[RoundData]
    games: list[GameData]
    race: RaceData
    messages: dict[str, LanguageTexts]  # by language code
    deal_stats: dict[str, DealStatsData]  # by player slug
    deal_leaders: DealLeaders | None
    # by player slug, his figures at tables of three; only when a game of three has deals
    deal_stats_three: NotRequired[dict[str, DealStatsData]]
    deal_leaders_three: NotRequired[DealLeaders | None]  # the leaders at tables of three
    provisional: NotRequired[Provisional]  # only while a round in play has confirmed results


# --- stored by section ----------------------------------------------------------------------


class DroppedGame(TypedDict):
    """A dropped game as the league table lists it under the player's row."""

    game_id: int
    round: int | None
    date: str
    points: float
    gap: float


class LatestTexts(TypedDict):
    """The last round with results and its texts, for the season page."""

    number: int
    date: str
    texts: dict[str, RoundTexts]  # by language code


class SnapshotSummary(TypedDict):
    """What `SeasonSnapshot.summary` holds: all the season page and the API tables read."""

    schema: int
    published_at: str
    season: SeasonInfo
    rules: RulesData
    standings: list[StandingsRow]
    final_standings: list[StandingsRow]
    rounds: list[RoundSummary]
    race: RaceChart
    languages: list[str]  # the languages of the texts
    dropped_games: dict[str, list[DroppedGame]]  # by player slug, for rows with drops
    latest_texts: LatestTexts | None
    deal_leaders: DealLeaders | None
    deal_leaders_three: NotRequired[DealLeaders | None]  # only with games of three
    provisional: NotRequired[Provisional]  # only while a round in play has confirmed results


class RoundSection(TypedDict):
    """Section `round_key(N)`: the round in full and its texts by language."""

    round: RoundData
    texts: dict[str, RoundTexts]


class PlayerGame(TypedDict):
    """A game as the player page lists it: where and when, and the player's own line."""

    game_id: int
    round: int | None
    table: int | None
    date: str
    line: ResultLine


class PlayerSection(TypedDict):
    """Section `player_key(SLUG)`: what the player page shows of this season."""

    row: StandingsRow | None
    final_row: StandingsRow | None
    games: list[PlayerGame]  # his games, played order
    position_labels: list[str]
    positions: list[int | None]  # empty for a player not in the table
    deal_stats: DealStatsData | None  # null without a game entered deal by deal
    deal_stats_three: NotRequired[DealStatsData]  # at tables of three, when he played one


SectionData = RoundSection | PlayerSection | list[GameData]


def round_key(number: int) -> str:
    """The section key of round `number`.

    >>> round_key(17)
    'round:17'
    """
    return f"round:{number}"


def player_key(slug: str) -> str:
    """The section key of the player with `slug`.

    >>> player_key("dana")
    'player:dana'
    """
    return f"player:{slug}"
