"""Why a table's result is disputed: the reason and who gave it, read for many tables in one
query, for the organizer's pages, the table page and the player's own page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from games.models import ResultEvent, ResultVersion


@dataclass(frozen=True)
class Dispute:
    """The latest dispute of a table's current version."""

    table_id: int
    version: int
    reason: str
    by: str
    at: dt.datetime


def disputes_for(versions: Iterable[ResultVersion]) -> dict[int, Dispute]:
    """The dispute of each disputed version among `versions`, by table id; no query when
    none is disputed."""
    disputed = [v.pk for v in versions if v.status == ResultVersion.Status.DISPUTED]
    if not disputed:
        return {}
    return _latest(_dispute_events().filter(version_id__in=disputed))


def disputed_entries_of(user_id: int | None, table_ids: Iterable[int]) -> dict[int, Dispute]:
    """Disputes of the results `user_id` entered at these tables (what the submitter is
    told), by table id: one query, none without tables."""
    tables = list(table_ids)
    if user_id is None or not tables:
        return {}
    return _latest(
        _dispute_events().filter(
            version__table_id__in=tables,
            version__status=ResultVersion.Status.DISPUTED,
            version__entered_by_id=user_id,
        )
    )


def _dispute_events() -> QuerySet[ResultEvent]:
    return (
        ResultEvent.objects.filter(action=ResultEvent.Action.DISPUTED)
        .select_related("actor__player", "via__player", "version")
        .order_by("created_at", "id")
    )


def _latest(events: QuerySet[ResultEvent]) -> dict[int, Dispute]:
    """Each table's latest dispute among `events` (oldest first, so later ones win)."""
    return {
        event.version.table_id: Dispute(
            table_id=event.version.table_id,
            version=event.version.number,
            reason=event.reason,
            by=acted_by(event),
            at=event.created_at,
        )
        for event in events
    }


def acted_by(event: ResultEvent) -> str:
    """Who acted, as the league knows him: the account's (ResultEvent.actor_name), else the
    private link's player."""
    if event.actor_name:
        return event.actor_name
    return event.via.player.name if event.via is not None else ""
