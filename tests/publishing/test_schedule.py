"""Round-day times in the league's zone across daylight saving, and which steps are due."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from league.rules import LeagueRules
from publishing.schedule import CATCH_UP, RoundState, Step, due_steps, round_times

ZONE = ZoneInfo("Asia/Jerusalem")
SCHEDULE = LeagueRules.from_preset("whist-online-league").schedule
UTC = dt.UTC

WINTER_SUNDAY = dt.date(2026, 11, 29)  # Israel Standard Time, UTC+2
SUMMER_SUNDAY = dt.date(2026, 6, 7)  # Israel Daylight Time, UTC+3


def state(**changes: object) -> RoundState:
    values = {
        "open": True,
        "drawn": False,
        "draw_published": False,
        "results_published": False,
        "registered": 8,
        "results": 0,
    }
    values.update(changes)
    return RoundState(**values)  # type: ignore[arg-type]


def test_deadline_is_20_00_league_time_in_winter_and_summer():
    winter = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    summer = round_times(SUMMER_SUNDAY, SCHEDULE, ZONE)
    assert winter.deadline.astimezone(UTC) == dt.datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    assert summer.deadline.astimezone(UTC) == dt.datetime(2026, 6, 7, 17, 0, tzinfo=UTC)


def test_results_after_midnight_are_published_the_next_day():
    rules = LeagueRules.from_preset(
        "whist-online-league", {"schedule": {"results_publish": "00:00"}}
    )
    times = round_times(WINTER_SUNDAY, rules.schedule, ZONE)
    assert times.results_publish == dt.datetime(2026, 11, 30, 0, 0, tzinfo=ZONE)


def test_a_rounds_own_deadline_replaces_the_leagues():
    own = dt.datetime(2026, 11, 29, 19, 0, tzinfo=ZONE)
    assert round_times(WINTER_SUNDAY, SCHEDULE, ZONE, own).deadline == own


def test_nothing_is_due_before_the_deadline():
    times = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    assert due_steps(times, state(), times.deadline - dt.timedelta(seconds=1)) == []


def test_registration_closes_and_the_round_is_drawn_at_the_deadline():
    times = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    assert due_steps(times, state(), times.deadline) == [Step.CLOSE, Step.DRAW]


def test_a_round_without_registrations_is_closed_but_not_drawn():
    times = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    assert due_steps(times, state(registered=0), times.deadline) == [Step.CLOSE]


def test_the_draw_is_published_at_its_time_once_drawn():
    times = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    assert due_steps(times, state(open=False, drawn=True), times.draw_publish) == [
        Step.PUBLISH_DRAW
    ]
    assert (
        due_steps(times, state(open=False, drawn=True, draw_published=True), times.draw_publish)
        == []
    )


def test_results_are_published_at_their_time_only_when_there_are_results():
    times = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    done = state(open=False, drawn=True, draw_published=True)
    assert due_steps(times, done, times.results_publish) == []
    assert due_steps(
        times, state(open=False, drawn=True, draw_published=True, results=3), times.results_publish
    ) == [Step.PUBLISH_RESULTS]


def test_steps_older_than_the_catch_up_window_are_not_replayed():
    times = round_times(WINTER_SUNDAY, SCHEDULE, ZONE)
    late = times.results_publish + CATCH_UP + dt.timedelta(minutes=1)
    assert due_steps(times, state(results=3), late) == []
