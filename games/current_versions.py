"""The current result version of many tables at once (the one not superseded)."""

from __future__ import annotations

from collections.abc import Iterable

from games.models import ResultVersion


def current_versions(table_ids: Iterable[int]) -> dict[int, ResultVersion]:
    """Each table's current version (with who entered it), by table id: one query, none
    without tables."""
    tables = list(table_ids)
    if not tables:
        return {}
    versions = (
        ResultVersion.objects.filter(table_id__in=tables)
        .exclude(status=ResultVersion.Status.SUPERSEDED)
        .select_related("entered_player")
    )
    return {version.table_id: version for version in versions}
