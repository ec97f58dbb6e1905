# ruff: noqa: RUF001  -- Russian text: its Cyrillic letters look like Latin ones on purpose
"""The chat texts in Russian (issue 31 item 4): a season's snapshot holds every round's draw and
results texts in each of settings.LANGUAGES, Russian among them, in RUSSIAN.md's words."""

from __future__ import annotations

import pytest
from django.conf import settings

from publishing.snapshots import build_snapshot_data
from tests.publishing.test_pasted_texts import FSI, PDI
from tests.publishing.test_pasted_texts import hebrew_season as hebrew_season  # the fixture

pytestmark = pytest.mark.django_db


def test_the_snapshot_holds_the_texts_in_russian_too(hebrew_season):
    assert ("ru", "Русский") in settings.LANGUAGES
    assert set(build_snapshot_data(hebrew_season)["messages"]) == {"en", "he", "ru"}


def test_the_draw_text_is_in_russian_with_the_games_words(hebrew_season):
    draw = build_snapshot_data(hebrew_season)["messages"]["ru"]["rounds"]["1"]["draw"]
    lines = draw.splitlines()
    assert lines[0].endswith("тур 1 (воскресенье 6 сентября 2026 г., 20:30)"), lines[0]
    assert lines[1] == "Случайная жеребьёвка (номер жеребьёвки 42)."
    assert f"Стол 1: {FSI}דנה{PDI}, {FSI}עידו{PDI}, Noa, Omer" in lines
    assert lines[-2].startswith("На сайте: https://")
    assert lines[-1].startswith("Проверьте жеребьёвку: https://")


def test_the_results_text_is_in_russian_with_russian_plurals(hebrew_season):
    results = build_snapshot_data(hebrew_season)["messages"]["ru"]["rounds"]["1"]["results"]
    assert "Результаты:" in results and "Турнирная таблица:" in results
    assert f"Стол 1: {FSI}דנה{PDI} 120 (6)" in results
    # The decimal comma, as the Russian pages write numbers (1 игра, 2 игры, 5 игр).
    assert f"1. {FSI}דנה{PDI} 6 оч., разница +52,50, 1 игра" in results
    assert "Results" not in results and "pts" not in results
