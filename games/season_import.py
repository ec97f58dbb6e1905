"""Importing a season file (FORMATS.md 4): all or nothing, replacing the season if it exists."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from core.errors import ActionError
from games.models import Game
from games.record import record_games
from league.actions.players import get_or_create_players
from league.models import League, Round, Season, Seat, Table
from league.season_file import SeasonFile, SeasonFileError, parse_season_file
from league.signals import announce_results


@dataclass(frozen=True)
class ImportSummary:
    """What an import wrote."""

    season: Season
    rounds: int
    games: int
    players: int

    def __str__(self) -> str:
        return (
            f"imported {self.season.slug}: {self.rounds} rounds, {self.games} games, "
            f"{self.players} players"
        )


def import_season(data: object) -> ImportSummary:
    """Import a decoded season file (FORMATS.md 4), replacing the season if it exists.

    All or nothing: the file is checked completely before anything is written
    (SeasonFileError names the first problem), and the writes share one transaction. A
    season of another league is never replaced (SeasonFileError naming both leagues).
    """
    season_file = parse_season_file(data)
    with transaction.atomic():
        summary = _write_season(season_file)
        season_id = summary.season.pk
        announce_results(season_id)
    return summary


def _write_season(file: SeasonFile) -> ImportSummary:
    existing = Season.objects.select_for_update().filter(slug=file.slug).first()
    if existing is not None:
        _require_same_league(existing, file)
    league, _ = League.objects.get_or_create(
        name=file.league, defaults={"slug": slugify(file.league, allow_unicode=True) or "league"}
    )
    season, created = Season.objects.select_for_update().get_or_create(
        slug=file.slug,
        defaults=_season_fields(file, league),
    )
    if not created:
        season.games.all().delete()
        season.rounds.all().delete()
        for field, value in _season_fields(file, league).items():
            setattr(season, field, value)
        season.save()
    try:
        players = get_or_create_players(file.player_names)
    except ActionError as refused:
        raise SeasonFileError(f"players: {refused.message}") from None

    imported_at = timezone.now()
    rounds = Round.objects.bulk_create(
        Round(
            season=season,
            number=r.number,
            date=r.date,
            status=Round.Status.FINISHED if r.games else Round.Status.OPEN,
            # A played round's tables are history: public, with no draw on record.
            draw_method=Round.DrawMethod.NOT_RECORDED if r.games else "",
            draw_published_at=imported_at if r.games else None,
        )
        for r in file.rounds
    )
    round_by_number = {r.number: r for r in rounds}
    tables = Table.objects.bulk_create(
        Table(round=round_by_number[r.number], number=index)
        for r in file.rounds
        for index, _ in enumerate(r.games, 1)
    )
    Seat.objects.bulk_create(
        Seat(table=table, round=table.round, seat=seat, player=players[name])
        for table, game in zip(tables, file.round_games, strict=True)
        for seat, (name, _) in enumerate(game.results)
    )
    games = record_games(
        [
            (
                Game(
                    season=season,
                    round=(
                        None if game.round_number is None else round_by_number[game.round_number]
                    ),
                    table=table,
                    date=game.date,
                    status=Game.Status.CONFIRMED,
                    source=Game.Source.IMPORT,
                    deals=game.deals,
                ),
                [(seat, players[name], score) for seat, (name, score) in enumerate(game.results)],
            )
            for game, table in zip(
                file.games, [*tables, *[None] * len(file.open_games)], strict=True
            )
        ]
    )
    return ImportSummary(season, len(rounds), len(games), len(players))


def _require_same_league(season: Season, file: SeasonFile) -> None:
    """An import replaces only a season of the league the file names."""
    league = League.objects.get(pk=season.league_id)
    if league.name != file.league:
        raise SeasonFileError(
            f"season {season.slug} belongs to the league {league.name}, but the file names "
            f"the league {file.league}; an import replaces only a season of the same league"
        )


def _season_fields(file: SeasonFile, league: League) -> dict[str, object]:
    return {
        "league": league,
        "name": file.name,
        "rules_preset": file.preset,
        "rules": file.rules.to_dict(),
        "start": file.start,
        "end": file.end,
        "status": _status(file),
    }


def _status(file: SeasonFile) -> str:
    """Finished when every round of the season has its games (or, rated, the end has passed)."""
    today = timezone.localdate()
    if file.rules.has_rounds:
        played = sum(1 for r in file.rounds if r.games)
        if played and played == file.rules.rounds_in_season:
            return Season.Status.FINISHED
        return Season.Status.RUNNING if played or file.start <= today else Season.Status.UPCOMING
    if file.end < today:
        return Season.Status.FINISHED
    return Season.Status.RUNNING if file.start <= today else Season.Status.UPCOMING
