"""A season's status moves by itself: upcoming -> running -> finished.

- upcoming -> running: its first result is confirmed or its first round is finished (or,
  for a rated open-play season, its first counted game arrives);
- running -> finished: its last round (number `rounds_in_season`) is finished, or, for a
  rated season, its end date has passed.

Finished is the archive: a finished season is listed on the public archive page
(`/seasons/`) with the podium of its final standings, and leaves the schedule. The status
never moves back by itself (an organizer can set it in the admin). Called where rounds and
results change (finishing a round, storing a confirmed result) and by the schedule sweep.
"""

from __future__ import annotations

from django.utils import timezone

from core.errors import ActionError
from games.models import Game
from league.actions.common import league_zone, season_rules
from league.models import Round, Season

_ORDER = (Season.Status.UPCOMING, Season.Status.RUNNING, Season.Status.FINISHED)


def advance_season_status(season: Season) -> bool:
    """Move the season's status forward to what its rounds and games say; True if it moved.

    The caller announces a move (league.signals.announce_season_change, once with the rest
    of its change): the pages show the status, and the snapshot carries it.
    """
    if season.status == Season.Status.FINISHED:
        return False
    wanted = _status_now(season)
    if wanted is None or _ORDER.index(wanted) <= _ORDER.index(Season.Status(season.status)):
        return False
    season.status = wanted
    season.save(update_fields=["status", "updated_at"])
    return True


def _status_now(season: Season) -> Season.Status | None:
    try:
        rules = season_rules(season)
    except ActionError:  # broken rules: leave the status to the organizer
        return None
    rounds = Round.objects.filter(season=season)
    if rules.has_rounds:
        if rounds.filter(
            number__gte=rules.rounds_in_season or 1, status=Round.Status.FINISHED
        ).exists():
            return Season.Status.FINISHED
    elif season.end < timezone.now().astimezone(league_zone(season.league.timezone)).date():
        return Season.Status.FINISHED
    played = rounds.filter(status=Round.Status.FINISHED).exists() or (
        Game.objects.filter(season=season, status=Game.Status.CONFIRMED).exists()
    )
    return Season.Status.RUNNING if played else Season.Status.UPCOMING
