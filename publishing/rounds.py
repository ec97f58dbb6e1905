"""Run a season's round schedule: close, draw, publish the draw and the results (the players'
letters follow their announcements: the notices app)."""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from core.errors import ActionError
from draws.actions import do_draw_round, publish_draw
from draws.stored import DRAWN_STATUSES
from games.models import Game
from league.actions.common import league_zone, season_rules
from league.actions.registration import close_registration
from league.models import Round, Season
from league.signals import announce_season_change
from publishing.actions import do_publish_season
from publishing.schedule import RoundState, Step, due_steps, round_times

logger = logging.getLogger(__name__)


def run_round_schedule(season_id: int, now: dt.datetime | None = None) -> list[tuple[int, str]]:
    """Run every step due now for the season's rounds; returns the (round, step) pairs run."""
    now = now or timezone.now()
    season = Season.objects.select_related("league").get(pk=season_id)
    if season.status == Season.Status.FINISHED:
        return []
    rules = season_rules(season)
    if rules.kind != "rounds":
        return []
    zone = league_zone(season.league.timezone)
    today = now.astimezone(zone).date()
    rounds = (
        Round.objects.filter(
            season=season,
            date__gte=today - dt.timedelta(days=2),
            date__lte=today + dt.timedelta(days=1),
        )
        .select_related("season__league")
        .annotate(
            registered=Count("registrations", distinct=True),
            confirmed=Count("games", filter=Q(games__status=Game.Status.CONFIRMED), distinct=True),
        )
        .order_by("number")
    )
    done: list[tuple[int, str]] = []
    for round_ in rounds:
        times = round_times(round_.date, rules.schedule, zone, round_.registration_deadline)
        state = RoundState(
            open=round_.status == Round.Status.OPEN,
            drawn=round_.status in DRAWN_STATUSES,
            draw_published=round_.draw_published_at is not None,
            results_published=round_.results_published_at is not None,
            registered=round_.registered,
            results=round_.confirmed,
        )
        for step in due_steps(times, state, now):
            try:
                if _run_step(round_, step):
                    done.append((round_.number, step.value))
            except ActionError as error:
                logger.warning("%s: scheduled %s refused: %s", round_, step, error)
                break
    return done


def _run_step(round_: Round, step: Step) -> bool:
    if step is Step.CLOSE:
        return close_registration(round_)
    if step is Step.DRAW:
        return do_draw_round(round_)[1]
    published = publish_draw(round_) if step is Step.PUBLISH_DRAW else do_publish_results(round_)
    if published:  # the players' letters follow the announcements (notices)
        do_publish_season(round_.season_id)
    return published


def do_publish_results(round_: Round) -> bool:
    """Mark the round's results published; True when they were not yet."""
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.results_published_at is not None:
            return False
        locked.results_published_at = timezone.now()
        locked.save(update_fields=["results_published_at"])
        announce_season_change(locked.season_id)
    round_.results_published_at = locked.results_published_at
    return True
