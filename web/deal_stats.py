"""The deal-statistics chart of a player's season, drawn from his published figures."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from publishing.snapshot_schema import DealStatsData
from web.charts import Bar, bar_chart


def contracts_by_size_chart(stats: DealStatsData) -> SafeString:
    """Bars of the share of contracts made by contract size ("0", "1-2", ..., "7+")."""
    bars = [
        Bar(
            figure["size"],
            figure["percent"],
            "\N{EN DASH}"
            if figure["percent"] is None
            else f"{number_format(figure['percent'], decimal_pos=0)}% "
            f"({figure['made']}/{figure['deals']})",
        )
        for figure in stats["by_size"]
    ]
    return bar_chart(bars, title=_("Contracts made by contract size"))
