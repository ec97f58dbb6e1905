"""The league table's body is built in one pass (StandingsTable.body_html) and must show
exactly what django-tables2's cell by cell rendering showed: same rows, order, classes and
escaped cells, in both languages and every sort order."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.utils import translation
from django.utils.html import conditional_escape
from django_tables2 import RequestConfig

from publishing.published import published
from tests.web.conftest import HTML_NAME
from web.tables import StandingsTable, table_rows

pytestmark = pytest.mark.django_db


def cell_by_cell(table: StandingsTable) -> str:
    """The body as `_table.html` rendered it before, through django-tables2's BoundRows."""
    parts = []
    for row in table.paginated_rows:
        parts.append(f"\n      <tr {row.attrs.as_html()}>\n        ")
        for column, cell in row.items():
            parts.append(f"<td {column.attrs['td'].as_html()}>{conditional_escape(cell)}</td>")
        parts.append("\n      </tr>\n    ")
    return "".join(parts)


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("order", ["", "-points", "player", "-dropped", "gap", "-rank"])
def test_the_body_is_what_django_tables2_rendered_cell_by_cell(make_season, language, order):
    season = make_season(players=12, rounds=6, names=[HTML_NAME] + [f"P{i}" for i in range(11)])
    snapshot = published(season)
    assert snapshot is not None
    with translation.override(language):
        table = StandingsTable(table_rows(snapshot.standings(final=False), snapshot.dropped_games))
        request = RequestFactory().get("/", {"sort": order} if order else {})
        RequestConfig(request, paginate=False).configure(table)
        body = table.body_html()
        assert body == cell_by_cell(table)
    assert "<b>Dana</b>" not in body and "&lt;b&gt;Dana&lt;/b&gt; &amp; Co" in body
    assert 'class="podium even"' in body or 'class="podium odd"' in body


def test_an_empty_table_has_no_body_rows():
    assert StandingsTable([]).body_html() == ""
