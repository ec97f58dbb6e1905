"""The wizard's rules form keeps a round day's times in order (league.rules.form): the
registration closes by the draw's publication, which comes by the start of play; a time out
of order is refused beside its field, naming the time it must come by."""

from __future__ import annotations

from typing import Any

import pytest

from league.rules import PRESETS
from league.rules.form import RulesForm

PRESET = "whist-online-league"  # 20:00, 20:15, 20:30


def _data(preset: str = PRESET, **changes: str) -> dict[str, Any]:
    initial = RulesForm(preset)
    data = {name: initial[name].value() for name in initial.fields}
    data = {name: value for name, value in data.items() if value is not None}
    return {**data, **changes}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_presets_times_are_in_order(preset):
    form = RulesForm(preset, _data(preset))
    assert form.is_valid(), form.errors


def test_registration_closing_after_the_draw_is_published_is_refused_beside_its_field():
    form = RulesForm(PRESET, _data(schedule__registration_deadline="21:00"))
    assert not form.is_valid()
    assert form.errors["schedule__registration_deadline"] == [
        "Registration must close by the time the draw is published (20:15)."
    ]
    assert form.rules is None


def test_a_draw_published_after_play_starts_is_refused_beside_its_field():
    form = RulesForm(PRESET, _data(schedule__draw_publish="20:45"))
    assert not form.is_valid()
    assert form.errors["schedule__draw_publish"] == [
        "The draw must be published by the time play starts (20:30)."
    ]


@pytest.mark.parametrize(
    "times",
    [
        {"schedule__registration_deadline": "20:15"},  # closed and drawn at once
        {"schedule__draw_publish": "20:30"},  # published as play starts
        {"schedule__play_start": "21:00", "schedule__draw_publish": "20:50"},
    ],
)
def test_times_that_meet_are_in_order(times):
    form = RulesForm(PRESET, _data(**times))
    assert form.is_valid(), form.errors
