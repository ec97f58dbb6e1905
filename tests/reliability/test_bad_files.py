"""The season import fed truncated and malicious files, and oversized uploads over HTTP: a
clear refusal naming the problem, nothing written, never a traceback or a 500."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.models import Player, Registration, Round, Season
from tests.league.factories import random_rounds_season
from tests.reliability.commands import run

VALID = json.dumps(random_rounds_season(8, rounds=3, slug="cut-season"), indent=1)


def state() -> tuple[int, ...]:
    return (Season.objects.count(), Round.objects.count(), Player.objects.count())


def import_file(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code, stderr = run("import_season", [str(path)])
    out = capsys.readouterr()
    assert "Traceback" not in stderr + out.err + out.out
    return code, stderr


@pytest.mark.django_db
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(cut=st.integers(min_value=0, max_value=len(VALID) - 1))
def test_a_truncated_season_file_is_refused_and_nothing_is_written(tmp_path, capsys, cut):
    path = tmp_path / "cut.json"
    path.write_text(VALID[:cut])
    before = state()
    code, stderr = import_file(path, capsys)
    assert code == 1
    assert "is not JSON" in stderr or "rejected" in stderr, stderr
    assert state() == before


@pytest.mark.django_db
def test_the_whole_file_imports(tmp_path, capsys):
    """The control of the truncation test: the uncut file is fine."""
    path = tmp_path / "whole.json"
    path.write_text(VALID)
    assert import_file(path, capsys)[0] == 0
    assert Season.objects.filter(slug="cut-season").exists()


MALICIOUS = {
    "deep nesting": "[" * 200_000,
    "deep object": '{"a":' * 50_000,
    "binary": b"\x00\xff\xfe\x89PNG\r\n\x1a\n".decode("latin-1"),
    "byte order mark": "\ufeff" + VALID,
    "not an object": json.dumps(["league", "season"]),
    "null": "null",
    "NaN scores": VALID.replace('"Player 000": ', '"Player 000": NaN, "x": ', 1),
    "billion laughs in JSON": json.dumps({"league": ["lol" * 1000] * 1000}),
}


@pytest.mark.django_db
@pytest.mark.parametrize("content", MALICIOUS.values(), ids=MALICIOUS.keys())
def test_a_malicious_season_file_is_refused_with_a_message(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="latin-1" if content.startswith("\x00") else "utf-8")
    before = state()
    code, stderr = import_file(path, capsys)
    assert code == 1
    assert stderr.startswith("CommandError: ") and len(stderr.strip().splitlines()) == 1
    assert state() == before


@pytest.mark.django_db
def test_a_season_file_with_a_huge_number_is_refused_with_a_message(tmp_path, capsys):
    path = tmp_path / "huge.json"
    path.write_text(VALID.replace('"number": 1', '"number": ' + "9" * 5000, 1))
    code, _stderr = import_file(path, capsys)
    assert code == 1


@pytest.mark.django_db
def test_a_player_list_over_the_size_limit_is_refused_and_nothing_created(alpha):
    client = Client()
    client.force_login(alpha.organizer)
    before = Player.objects.count()
    big = SimpleUploadedFile("players.csv", b"name\n" + b"Someone Else\n" * 120_000)
    response = client.post(reverse("import_players"), {"file": big}, follow=True)
    assert response.status_code == 200
    assert b"too large" in response.content
    assert Player.objects.count() == before


def test_a_player_list_with_a_bare_carriage_return_is_a_message_not_a_500(alpha):
    client = Client(raise_request_exception=False)
    client.force_login(alpha.organizer)
    upload = SimpleUploadedFile("players.csv", b"name\rDana\rEli")
    response = client.post(reverse("import_players"), {"file": upload})
    assert response.status_code < 500


def test_a_form_body_over_the_upload_limit_is_a_400_not_a_500(alpha, settings):
    client = Client(raise_request_exception=False)
    client.force_login(alpha.organizer)
    url = reverse("manage:register", args=[alpha.season.slug, 1])
    names = "\n".join(f"Player {i}" for i in range(300_000))  # ~3.6 MB, over the 2.5 MB limit
    before = Registration.objects.count()
    response = client.post(url, {"names": names})
    assert response.status_code == 400
    assert b"Traceback" not in response.content
    assert Registration.objects.count() == before


def test_a_form_with_too_many_fields_is_a_400_not_a_500(alpha):
    client = Client(raise_request_exception=False)
    client.force_login(alpha.user(0))
    form = {f"deal-{i}-contract-0": "1" for i in range(5000)} | {"mode": "sheet"}
    response = client.post(reverse("games:submit", args=[alpha.table.pk]), form)
    assert response.status_code == 400
    assert alpha.table.result_versions.count() == 1


def test_an_oversized_live_sheet_check_is_refused_with_413(alpha):
    client = Client()
    client.force_login(alpha.user(0))
    body = json.dumps({"note": "x" * 300_000})
    response = client.post(
        reverse("games:check", args=[alpha.table.pk]), body, content_type="application/json"
    )
    assert response.status_code == 413
    assert "error" in response.json()
