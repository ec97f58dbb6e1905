"""The league table as a django-tables2 table over published standings rows, with exports."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import django_tables2 as tables
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django_tables2.export import TableExport

from web.templatetags.web_format import league_number, signed

Row = Mapping[str, Any]

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\n")

MARKER_LABELS = {
    "below_minimum": _("below the minimum so far"),
    "podium_conditions_not_met": _("podium conditions not met"),
}


def neutralise_formula(value: object) -> object:
    """Text a spreadsheet would run as a formula gets a leading apostrophe; numbers pass."""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


class SafeTableExport(TableExport):
    """django-tables2's export with every text cell neutralised against formula injection."""

    def table_to_dataset(self, table: Any, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        dataset.headers = [neutralise_formula(h) for h in dataset.headers or []]
        rows = [tuple(neutralise_formula(v) for v in row) for row in dataset]
        del dataset[:]
        for row in rows:
            dataset.append(row)
        return dataset


class StandingsTable(tables.Table):
    """Rank, player, points, gap, games, counted and dropped, sortable by every column."""

    rank = tables.Column(
        verbose_name=_("Rank"),
        order_by=("rank_order",),
        attrs={"th": {"class": "num"}, "td": {"class": "num"}},
    )
    player = tables.Column(
        verbose_name=_("Player"), attrs={"th": {"class": "player"}, "td": {"class": "player"}}
    )
    points = tables.Column(
        verbose_name=_("Points"), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    gap = tables.Column(
        verbose_name=_("Gap"), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    games = tables.Column(
        verbose_name=_("Games"), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    counted = tables.Column(
        verbose_name=_("Counted"), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    dropped = tables.Column(
        verbose_name=_("Dropped"), attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    markers = tables.Column(verbose_name=_("Notes"), visible=False, orderable=False)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "standings", "id": "standings"}
        row_attrs = {"class": lambda record: "podium" if record["rank"] in (1, 2, 3) else ""}
        empty_text = _("No confirmed game yet.")

    def __init__(
        self, data: Sequence[Row], *, dropped_games: Mapping[tuple[str, int], Any], **kwargs: Any
    ) -> None:
        super().__init__(data, **kwargs)
        self.dropped_games = dropped_games

    def render_rank(self, value: object) -> str:
        return "\u2013" if value is None else str(value)

    def render_player(self, record: Row) -> SafeString:
        markers = [
            format_html(
                ' <span class="badge badge-warn" title="{}">{}</span>',
                MARKER_LABELS.get(m, m),
                _("min.") if m == "below_minimum" else _("podium"),
            )
            for m in record.get("markers", [])
        ]
        return format_html(
            '<a href="{}">{}</a>{}',
            reverse("web:player", args=[record["player_slug"]]),
            record["player"],
            SafeString("".join(markers)),
        )

    def render_points(self, value: float) -> str:
        return league_number(value)

    def render_gap(self, value: float) -> str:
        return signed(value)

    def render_dropped(self, record: Row) -> str:
        if not record["dropped"]:
            return "0"
        slug = record["player_slug"]
        games = [
            self.dropped_games[(slug, g)]
            for g in record["dropped_game_ids"]
            if (slug, g) in self.dropped_games
        ]
        return render_to_string(
            "web/_dropped_games.html",
            {"count": record["dropped"], "games": games, "slug": record["player_slug"]},
        )

    def value_rank(self, value: object) -> object:
        return "" if value is None else value

    def value_player(self, record: Row) -> str:
        return str(record["player"])

    def value_points(self, value: float) -> float:
        return value

    def value_gap(self, value: float) -> float:
        return value

    def value_dropped(self, value: int) -> int:
        return value

    def value_markers(self, value: Sequence[str]) -> str:
        return "; ".join(str(MARKER_LABELS.get(m, m)) for m in value)


def dropped_game_lines(rows: Sequence[Row], games: Mapping[int, Row]) -> dict[tuple[str, int], Any]:
    """For each (player, dropped game): the game and the player's line in it."""
    lines: dict[tuple[str, int], Any] = {}
    for row in rows:
        for game_id in row["dropped_game_ids"]:
            game = games.get(game_id)
            if game is None:
                continue
            mine = next(
                (r for r in game["results"] if r["player_slug"] == row["player_slug"]), None
            )
            lines[(row["player_slug"], game_id)] = {"game": game, "line": mine}
    return lines


def table_rows(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Standings rows with a sort key that puts unranked players last."""
    return [
        {**row, "rank_order": (row["rank"] is None, row["rank"] or 0, row["player"])}
        for row in rows
    ]
