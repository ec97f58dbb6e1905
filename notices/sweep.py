"""Find the messages due and enqueue them: cheap (only a season's rounds around today, and
what was published or entered lately) and idempotent (each message has its key), so it runs
every minute and after every announcement of a season's change, any number of times."""

from __future__ import annotations

import datetime as dt
import logging

from django.db.models import Q
from django.utils import timezone

from core.errors import ActionError
from games.models import ResultVersion
from league.actions.common import league_zone, season_rules
from league.models import Round, Season
from notices.confirmation import ask_to_confirm
from notices.moments import confirm_again_due, recent, reminder_due
from notices.reminder import remind
from notices.results import tell_results
from notices.table_drawn import tell_tables
from publishing.schedule import CATCH_UP, round_times

logger = logging.getLogger(__name__)

# The rounds a reminder may be due for: those of the days around today.
NEAR = dt.timedelta(days=2)


def sweep(now: dt.datetime | None = None) -> int:
    """Enqueue every message due at `now` (default: now) in the seasons not finished;
    returns how many were new. A season with broken rules is logged and skipped."""
    now = now or timezone.now()
    seasons = Season.objects.exclude(status=Season.Status.FINISHED).values_list("pk", flat=True)
    return sum(sweep_season(season_id, now) for season_id in seasons)


def sweep_season(season_id: int, now: dt.datetime | None = None) -> int:
    """Enqueue the season's messages due at `now` (default: now); returns how many were new."""
    now = now or timezone.now()
    season = Season.objects.select_related("league").filter(pk=season_id).first()
    if season is None:
        return 0
    try:
        rules = season_rules(season)
    except ActionError as error:
        logger.warning("notices: season %s skipped: %s", season_id, error)
        return 0
    zone = league_zone(season.league.timezone)
    today = now.astimezone(zone).date()
    lately = now - CATCH_UP
    rounds = (
        Round.objects.filter(season=season)
        .filter(
            Q(date__range=(today - NEAR, today + NEAR))
            | Q(draw_published_at__gte=lately)
            | Q(results_published_at__gte=lately)
        )
        .select_related("season__league")
        .order_by("number")
    )
    sent = 0
    for round_ in rounds:
        if rules.kind == "rounds" and round_.status == Round.Status.OPEN:
            times = round_times(round_.date, rules.schedule, zone, round_.registration_deadline)
            deadline = times.deadline.astimezone(zone)
            if reminder_due(deadline, now):
                sent += remind(round_, rules, deadline)
        # A finished round's tables are history (an imported season's are published as it
        # is imported): nobody is told to go and play them.
        if round_.status != Round.Status.FINISHED and recent(round_.draw_published_at, now):
            sent += tell_tables(round_, rules)
        if recent(round_.results_published_at, now):
            sent += tell_results(round_, rules)
    pending = ResultVersion.objects.filter(
        table__round__season=season, status=ResultVersion.Status.PENDING, created_at__gte=lately
    ).select_related("table__round", "entered_by")
    for version in pending:
        sent += ask_to_confirm(version, rules)
        if confirm_again_due(version.created_at, now):
            sent += ask_to_confirm(version, rules, again=True)
    return sent
