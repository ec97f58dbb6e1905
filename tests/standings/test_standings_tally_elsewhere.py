"""Where no tally is kept (SQLite counts the results each time), its check says so and passes."""

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection

from standings.tally import drift, recount, repair
from standings.tasks import check_tally

pytestmark = [
    pytest.mark.skipif(connection.vendor == "postgresql", reason="PostgreSQL keeps a tally"),
    pytest.mark.django_db,
]


def test_without_a_tally_the_check_command_reports_nothing_kept_and_exits_0():
    out = io.StringIO()
    call_command("check_tally", "--repair", stdout=out)
    assert json.loads(out.getvalue()) == {
        "kept": False,
        "keys": 0,
        "seasons": [],
        "repaired": False,
    }


def test_without_a_tally_the_weekly_check_has_nothing_to_do():
    recount()  # nothing to count again, and no error
    assert drift() is None and repair() is None
    assert check_tally.delay().get() is None
