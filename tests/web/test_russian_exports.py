"""A Russian page's exports keep the fixed column names clubs' scripts read (issue 31 item 4):
the league table's and the rating list's CSV and XLSX name their columns in English, as an
English page's do, while the page itself is in Russian."""

from __future__ import annotations

import csv
import datetime as dt
import io

import openpyxl
import pytest

from tests.web.test_pages import get
from tests.web.test_ratings import one_round as one_round  # the fixture
from tests.web.test_ratings import rate_and_publish

pytestmark = pytest.mark.django_db

COLUMNS = ["Rank", "Player", "Points", "Gap", "Games", "Counted", "Dropped", "Notes"]


def csv_rows(response):  # type: ignore[no-untyped-def]
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_a_russian_league_table_exports_the_fixed_column_names(client, make_season):
    season = make_season(players=8, rounds=3)
    assert 'lang="ru"' in get(client, f"/seasons/{season.slug}/", language="ru").content.decode()
    russian = csv_rows(get(client, f"/seasons/{season.slug}/", language="ru", _export="csv"))
    english = csv_rows(get(client, f"/seasons/{season.slug}/", language="en", _export="csv"))
    assert russian[0] == english[0] == COLUMNS
    assert [row[:7] for row in russian[1:]] == [row[:7] for row in english[1:]]
    content = get(client, f"/seasons/{season.slug}/", language="ru", _export="xlsx").content
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    assert list(next(sheet.iter_rows(values_only=True)))[:2] == ["Rank", "Player"]
    assert not sheet.sheet_view.rightToLeft


def test_a_hebrew_league_table_still_exports_its_hebrew_column_names(client, make_season):
    season = make_season(players=8, rounds=3)
    rows = csv_rows(get(client, f"/seasons/{season.slug}/", language="he", _export="csv"))
    assert rows[0][:2] == ["מקום", "שחקן"]


def test_a_russian_rating_list_exports_the_fixed_column_names(client, one_round):
    rate_and_publish(dt.date(2026, 9, 20))
    russian = csv_rows(get(client, "/ratings/", language="ru", _export="csv"))
    english = csv_rows(get(client, "/ratings/", language="en", _export="csv"))
    assert russian[0][:5] == ["Rank", "Player", "Rating", "Games", "30 days"]
    assert russian == english
