"""The season's current ranking, which a ranking draw seats players by.

Standings are computed from the games, a layer above the league, so the league does not
import them: the `standings` app supplies the ranking through `provide_ranking` when Django
starts (its `AppConfig.ready`), and `current_ranking` asks for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.core.exceptions import ImproperlyConfigured

from league.models import Season
from league.standings import StandingRow

RankingSource = Callable[[Season, int | None], Sequence[StandingRow]]
"""The season's standings rows best first: from every game, or from the rounds before one."""

_source: list[RankingSource] = []


def provide_ranking(source: RankingSource) -> None:
    """Say where the current ranking comes from (called once, by the standings app)."""
    _source[:] = [source]


def current_ranking(season: Season, *, before_round: int | None = None) -> Sequence[StandingRow]:
    """The season's standings rows now, best first (the ranked rows have a rank); with
    `before_round`, the standing from the games of the rounds before it only."""
    if not _source:
        raise ImproperlyConfigured("The standings app (INSTALLED_APPS) supplies the ranking.")
    return _source[0](season, before_round)
