"""Which league the season wizard's League menu starts on: the one the organizer chose in the
wizard before (kept in his session), else the league of his latest action (a superuser's:
the league he last created a season in), else the one whose season was created last; the
name decides between leagues with none of these."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, F, IntegerField, OuterRef, QuerySet, Subquery, Value, When
from django.http import HttpRequest

from core.models import AuditEntry
from league.models import League, Season
from league.views.common import parse_id

SESSION_KEY = "season_wizard.league"
CREATE_SEASON = "create_season"  # league.actions.seasons' audit action


def default_league(request: HttpRequest, leagues: QuerySet[League]) -> League | None:
    """The league of `leagues` the wizard offers first to `request`'s user (one query)."""
    user: Any = request.user
    actions = AuditEntry.objects.filter(actor=user, league=OuterRef("pk"))
    if user.is_superuser:  # he may act in every league: only his seasons say which he runs
        actions = actions.filter(action=CREATE_SEASON)
    last_action = actions.order_by("-created_at", "-id").values("created_at")[:1]
    last_season = Season.objects.filter(league=OuterRef("pk")).order_by("-id").values("id")[:1]
    chosen = parse_id(request.session.get(SESSION_KEY))
    return (
        leagues.annotate(
            chosen=Case(
                When(pk=chosen, then=Value(0)), default=Value(1), output_field=IntegerField()
            ),
            last_action=Subquery(last_action),
            last_season=Subquery(last_season),
        )
        .order_by(
            "chosen",
            F("last_action").desc(nulls_last=True),
            F("last_season").desc(nulls_last=True),
            "name",
        )
        .first()
    )


def remember_league(request: HttpRequest, league: League) -> None:
    """Keep the league chosen in the wizard for the wizard's next visit."""
    if request.session.get(SESSION_KEY) != league.pk:
        request.session[SESSION_KEY] = league.pk
