"""Every management command fed arbitrary arguments: an exit code and a one-line message,
never a traceback, and nothing half-written."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.models import Player, Registration, Round, Season
from tests.reliability.commands import COMMANDS, run

# A real command line cannot carry a NUL byte (C strings end there), so arguments never do.
ARGV_CHARACTERS = st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")
WORDS = st.one_of(
    st.sampled_from(
        ["alpha-1", "beta-1", "--round", "--seed", "--redraw", "--json", "--final", "--preset",
         "--league", "--user", "--scope", "--platform", "--name", "1", "2", "0", "-1",
         "99999999999999999999", "whist-online", "organizer", "Dana", "-", "--"]
    ),
    st.text(alphabet=ARGV_CHARACTERS, max_size=12),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)  # fmt: skip


def state() -> tuple[int, ...]:
    return (
        Season.objects.count(),
        Round.objects.count(),
        Player.objects.count(),
        Registration.objects.count(),
    )


@pytest.fixture(autouse=True)
def _no_stdin(monkeypatch):
    """A command reading `-` (standard input) sees an empty stream, not the test runner's."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))


@pytest.mark.django_db
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=st.sampled_from(sorted(COMMANDS)), argv=st.lists(WORDS, max_size=6))
def test_commands_never_crash_on_arbitrary_arguments(alpha, capsys, name, argv):
    code, _stderr = run(name, argv)
    captured = capsys.readouterr()
    assert code in (0, 1, 2), (name, argv, code)
    assert "Traceback" not in captured.err + captured.out, (name, argv)


@pytest.mark.django_db
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    names=st.lists(
        st.text(alphabet=ARGV_CHARACTERS, max_size=100),
        min_size=1,
        max_size=4,
    ),
    number=st.integers(min_value=-(2**40), max_value=2**40),
)
def test_register_command_with_odd_names_or_rounds_is_all_or_nothing(alpha, names, number):
    before = state()
    code, _stderr = run("register", [alpha.season.slug, "--round", str(number), "--", *names])
    if code != 0:
        assert state() == before
    else:
        assert number == 1


@pytest.mark.django_db
def test_import_season_refuses_a_file_of_the_wrong_shape_everywhere(tmp_path: Path, capsys):
    """A few hostile shapes in one go (the import's own tests cover the season file rules)."""
    shapes = [
        {"league": {"$gt": ""}, "season": ["x"], "rounds": "all"},
        {"league": "L", "season": "../../etc/passwd", "preset": "whist-online-league",
         "start": "2024-06-30", "end": "2024-10-27", "rounds": [], "games": []},
        {"league": "L" * 10_000, "season": "s", "preset": "whist-online-league",
         "start": "2024-06-30", "end": "2024-10-27", "rounds": [], "games": []},
        {"league": "L", "season": "s", "preset": "whist-online-league", "start": "2024-06-30",
         "end": "2024-10-27", "games": [],
         "rounds": [{"number": 1, "date": "2024-06-30",
                     "games": [{"scores": {"A": 1, "B": 2, "C": 3, "D\u0000": 4}}]}]},
    ]  # fmt: skip
    for index, shape in enumerate(shapes):
        path = tmp_path / f"shape-{index}.json"
        path.write_text(json.dumps(shape))
        before = state()
        code, stderr = run("import_season", [str(path)])
        out = capsys.readouterr()
        assert "Traceback" not in out.err + out.out + stderr, shape
        assert code in (0, 1), (shape, code)
        if code:
            assert stderr.strip(), shape
            assert state() == before, shape
