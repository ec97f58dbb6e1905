"""The league table as a django-tables2 table over published standings rows, with exports."""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import django_tables2 as tables
import openpyxl
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.dateparse import parse_date
from django.utils.formats import date_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_tables2.export import TableExport

from league.templatetags.web_format import league_number, signed
from publishing.snapshot_schema import DroppedGame, StandingsRow

Row = Mapping[str, Any]

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\n")
# The languages whose column names an export has always had, which clubs' scripts read; a page
# in another language (Russian) exports the fixed English ones (its cells stay in its language).
EXPORT_HEADER_LANGUAGES = ("en", "he")

MARKER_LABELS = {
    "below_minimum": _("below the minimum of games"),
    "podium_conditions_not_met": _("podium conditions not met"),
}


def neutralise_formula(value: object) -> object:
    """Text a spreadsheet would run as a formula gets a leading apostrophe; numbers pass."""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


BYTE_ORDER_MARK = "\ufeff"


EXPORT_PARAM = "_export"
EXPORT_FORMATS = ("csv", "xlsx")


def export_response(request: HttpRequest, table: Any, title: str, stem: str) -> HttpResponse | None:
    """The table as a download when the request asks for one (django-tables2's `?_export=csv`
    or `xlsx`), named `stem.FORMAT`, right to left for a Hebrew page; None otherwise."""
    export_format = request.GET.get(EXPORT_PARAM)
    if export_format not in EXPORT_FORMATS:
        return None
    exporter = SafeTableExport(
        export_format,
        table,
        dataset_kwargs={"title": title},
        right_to_left=translation.get_language_bidi(),
    )
    response: HttpResponse = exporter.response(filename=f"{stem}.{export_format}")
    return response


class SafeTableExport(TableExport):  # type: ignore[misc]  # django-tables2 has no types
    """django-tables2's export with every text cell neutralised against formula injection.

    The CSV starts with a UTF-8 byte order mark (Excel reads Hebrew names instead of
    mojibake); the XLSX sheet is right to left when `right_to_left` (a Hebrew page).
    """

    def __init__(
        self,
        export_format: str,
        table: Any,
        *,
        dataset_kwargs: Any = None,
        right_to_left: bool = False,
    ) -> None:
        super().__init__(export_format, table, dataset_kwargs=dataset_kwargs)
        self.right_to_left = right_to_left

    def export(self) -> Any:
        content = super().export()
        if self.format == self.CSV:
            return BYTE_ORDER_MARK + content
        if self.format == self.XLSX and self.right_to_left:
            return _right_to_left_workbook(content)
        return content

    def table_to_dataset(self, table: Any, exclude_columns: Any, dataset_kwargs: Any = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        if translation.get_language() not in EXPORT_HEADER_LANGUAGES:
            excluded = exclude_columns or ()
            with translation.override(EXPORT_HEADER_LANGUAGES[0]):
                fixed = [
                    str(column.header)
                    for column in table.columns.iterall()
                    if not (column.column.exclude_from_export or column.name in excluded)
                ]
            if len(fixed) == len(dataset.headers or []):
                dataset.headers = fixed
        dataset.headers = [neutralise_formula(h) for h in dataset.headers or []]
        rows = [tuple(neutralise_formula(v) for v in row) for row in dataset]
        del dataset[:]
        for row in rows:
            dataset.append(row)
        return dataset


def _right_to_left_workbook(content: bytes) -> bytes:
    """The XLSX `content` with every sheet shown right to left."""
    workbook = openpyxl.load_workbook(io.BytesIO(content))
    for sheet in workbook.worksheets:
        sheet.sheet_view.rightToLeft = True
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def row_class(record: Row) -> str:
    """The league table row's own class: the podium's three."""
    return "podium" if record["rank"] in (1, 2, 3) else ""


def _num(**extra: Any) -> dict[str, Any]:
    return {"th": {"class": "num"}, "td": {"class": "num"}, **extra}


class StandingsTable(tables.Table):  # type: ignore[misc]  # django-tables2 has no types
    """Rank, player, points, gap, games, counted and dropped, sortable by every column.

    Cells show the display values `table_rows` prepared (one pass, no per-cell rendering
    hooks), columns sort by the numbers behind them, and exports write the numbers.
    """

    rank = tables.Column(
        verbose_name=_("Rank"), accessor="rank_cell", order_by="rank_order", attrs=_num()
    )
    player = tables.Column(
        verbose_name=_("Player"),
        accessor="player_cell",
        order_by="player",
        attrs={"th": {"class": "player"}, "td": {"class": "player"}},
    )
    points = tables.Column(
        verbose_name=_("Points"), accessor="points_cell", order_by="points", attrs=_num()
    )
    gap = tables.Column(verbose_name=_("Gap"), accessor="gap_cell", order_by="gap", attrs=_num())
    games = tables.Column(verbose_name=_("Games"), attrs=_num())
    counted = tables.Column(verbose_name=_("Counted"), attrs=_num())
    dropped = tables.Column(
        verbose_name=_("Dropped"), accessor="dropped_cell", order_by="dropped", attrs=_num()
    )
    markers = tables.Column(verbose_name=_("Notes"), visible=False, orderable=False)

    builds_its_body = True
    """`_table.html` takes the body from `body_html`; other tables render cell by cell."""

    class Meta:
        template_name = "web/_table.html"
        attrs = {"class": "standings", "id": "standings"}
        row_attrs = {"class": lambda record: row_class(record)}
        empty_text = _("No confirmed game yet.")

    def body_html(self) -> SafeString:
        """The body's rows as `_table.html` showed them through django-tables2's cells
        (`<tr class>` with its even/odd class, then each visible column's `<td>` with the
        cell's text escaped), built in one pass: rendering 200 x 7 cells one by one was most
        of a cold render of the league table. Empty when the table has no row."""
        columns = list(self.columns)  # the visible ones, in order
        opening = [format_html("<td {}>", column.attrs["td"].as_html()) for column in columns]
        accessors = [str(column.accessor) for column in columns]
        defaults = [conditional_escape(column.default) for column in columns]
        parts = []
        for counter, row in enumerate(self.paginated_rows):
            record = row.record
            css = row_class(record)
            even_odd = "odd" if counter % 2 else "even"
            parts.append(f'\n      <tr class="{css + " " if css else ""}{even_odd}">\n        ')
            for td, accessor, default in zip(opening, accessors, defaults, strict=True):
                value = record.get(accessor)
                shown = default if value is None or value == "" else conditional_escape(value)
                parts.append(f"{td}{shown}</td>")
            parts.append("\n      </tr>\n    ")
        return SafeString("".join(parts))

    def value_rank(self, record: Row) -> object:
        return "" if record["rank"] is None else record["rank"]

    def value_player(self, record: Row) -> str:
        return str(record["player"])

    def value_points(self, record: Row) -> float:
        return float(record["points"])

    def value_gap(self, record: Row) -> float:
        return float(record["gap"])

    def value_dropped(self, record: Row) -> int:
        return int(record["dropped"])

    def value_markers(self, value: Sequence[str]) -> str:
        return "; ".join(str(MARKER_LABELS.get(m, m)) for m in value)


def _player_cell(row: Row, marker_badges: Mapping[str, SafeString]) -> SafeString:
    return format_html(
        '<a href="{}">{}</a>{}{}',
        reverse("web:player", args=[row["player_slug"]]),
        row["player"],
        SafeString("".join(marker_badges.get(m, "") for m in row.get("markers", []))),
        marker_badges.get(f"race:{row.get('race')}", ""),
    )


def _race_badges() -> dict[str, SafeString]:
    """What is still possible (RULES.md 3.1) beside a name: places 1-3 clinched or out of
    reach (an open race shows nothing), keyed `race:clinched` and `race:out`."""
    return {
        "race:clinched": format_html(
            ' <span class="badge badge-good" data-race="clinched" title="{}">{}</span>',
            _("a place 1-3 is clinched"),
            _("1-3 clinched"),
        ),
        "race:out": format_html(
            ' <span class="badge" data-race="out" title="{}">{}</span>',
            _("places 1-3 are out of reach"),
            _("1-3 out of reach"),
        ),
    }


@dataclass
class _DroppedWords:
    """The words and numbers of the dropped games' lists, translated and formatted once per
    table: most games share a few point values, and gettext and number formatting per game
    were most of the table's cost."""

    round_label: str = field(default_factory=lambda: str(_("Round %(number)s")))
    points_label: str = field(default_factory=lambda: str(_("%(points)s pts")))
    dropped: str = field(default_factory=lambda: html.escape(str(_("dropped games"))))
    numbers: dict[tuple[type, object], str] = field(default_factory=dict)
    gaps: dict[tuple[type, object], str] = field(default_factory=dict)

    def number(self, value: object) -> str:
        key = (type(value), value)
        shown = self.numbers.get(key)
        if shown is None:
            shown = self.numbers[key] = league_number(value)
        return shown

    def gap(self, value: object) -> str:
        key = (type(value), value)
        shown = self.gaps.get(key)
        if shown is None:
            shown = self.gaps[key] = signed(value)
        return shown


def _dropped_cell(
    row: StandingsRow, dropped: Sequence[DroppedGame], words: _DroppedWords
) -> SafeString | str:
    if not row["dropped"]:
        return "0"
    items = []
    for game in dropped:
        where = (
            words.round_label % {"number": game["round"]}
            if game["round"]
            else date_format(parse_date(game["date"]) or game["date"], "SHORT_DATE_FORMAT")
        )
        points = words.points_label % {"points": words.number(game["points"])}
        gap = words.gap(game["gap"])
        items.append(f"<li>{html.escape(where)}: {html.escape(points)}, {html.escape(gap)}</li>")
    return SafeString(
        f'<details class="row-details"><summary>{html.escape(str(row["dropped"]))}<span '
        f'class="visually-hidden"> {words.dropped}</span></summary><ul>{"".join(items)}</ul>'
        "</details>"
    )


def _rank_cell(rank: int | None, move: int | None) -> str:
    """The rank, with tonight's move since the last finished round (a provisional table)."""
    shown = "\u2013" if rank is None else str(rank)
    if not move:
        return shown
    if move > 0:
        words = ngettext("up %(count)s place", "up %(count)s places", move)
    else:
        words = ngettext("down %(count)s place", "down %(count)s places", -move)
    return format_html(
        '{} <span class="move move-{}" data-move="{}" title="{}" aria-hidden="true">{}{}</span>'
        '<span class="visually-hidden"> ({})</span>',
        shown,
        "up" if move > 0 else "down",
        move,
        words % {"count": abs(move)},
        "\u25b2" if move > 0 else "\u25bc",
        abs(move),
        words % {"count": abs(move)},
    )


def table_rows(
    rows: Sequence[StandingsRow],
    dropped_games: Mapping[str, Sequence[DroppedGame]],
    moves: Mapping[str, int | None] | None = None,
) -> list[dict[str, Any]]:
    """Standings rows with their display cells and a rank order putting the unranked last;
    `dropped_games` lists each player's dropped games (by slug) for his row's details, and
    `moves` (a provisional table's) each player's places moved since the last finished round."""
    moves = moves or {}
    marker_badges = {
        marker: format_html(' <span class="badge badge-warn" title="{}">{}</span>', label, short)
        for marker, label, short in (
            ("below_minimum", MARKER_LABELS["below_minimum"], _("min.")),
            ("podium_conditions_not_met", MARKER_LABELS["podium_conditions_not_met"], _("podium")),
        )
    } | _race_badges()
    words = _DroppedWords()
    return [
        {
            **row,
            "rank_order": (row["rank"] is None, row["rank"] or 0, row["player"]),
            "rank_cell": _rank_cell(row["rank"], moves.get(row["player_slug"])),
            "player_cell": _player_cell(row, marker_badges),
            "points_cell": words.number(row["points"]),
            "gap_cell": words.gap(row["gap"]),
            "dropped_cell": _dropped_cell(row, dropped_games.get(row["player_slug"], ()), words),
        }
        for row in rows
    ]
