"""Every command the README and the documentation site (docs/) print works as printed on a
fresh clone after `make run`: the make targets they name exist, and the other commands carry
the trial's `DEBUG=1` (only a Production section, whose environment sets SECRET_KEY, prints
them without it; the server pages, whose steps run as the service's user, name commands that
exist)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
# The README and every page of the site, by name relative to the root.
PAGES = {
    path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
}
# The step-by-step server pages: their commands run on the server as its own user
# (`sudo -u whist ...`, `docker compose ... exec`), so only the command's name is checked.
SERVER_PAGES = ("docs/deploy.md", "docs/proxy.md", "docs/backups.md")
TRIAL = "DEBUG=1 .venv/bin/python manage.py "
PRODUCTION = ".venv/bin/python manage.py "
# The trial's targets, which set DEBUG=1 themselves like `make run`.
TRIAL_TARGETS = ("run", "demo", "schedule")
# Every manage.py command the README printed before it was split into docs/ (issue 29 item 9):
# the README and the site together still print each of them.
HELD = (
    "axes_reset_ip",
    "axes_reset_ip_username",
    "check",
    "check_tally",
    "collectstatic",
    "create_api_token",
    "draw",
    "export_season",
    "health_check",
    "import_season",
    "migrate",
    "publish",
    "recompute_ratings",
    "refresh_result_facts",
    "register",
    "revoke_api_token",
    "score_deals",
    "standings",
)


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading of the page's `## ` section, its text)."""
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return [("", parts[0]), *zip(parts[1::2], parts[2::2], strict=True)]


def _page_sections() -> list[tuple[str, str, str]]:
    """(page, section heading, section text) of the README and every page of the site."""
    return [(page, h, s) for page, text in PAGES.items() for h, s in _sections(text)]


def _sh_lines(text: str) -> list[str]:
    """The command lines of a page's ```sh blocks (a `\\` continues a line)."""
    lines = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        joined = block.replace("\\\n", " ")
        lines += [line.split("#", 1)[0].strip() for line in joined.splitlines()]
    return [line for line in lines if line]


def _commands(text: str) -> list[str]:
    """Every command that runs manage.py: in a code span, a code block or an indented one."""
    spans = re.findall(r"`([^`\n]+)`", text)
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    indented = re.findall(r"^    (\S.*)$", text, flags=re.MULTILINE)
    lines = spans + [line for block in blocks for line in block.splitlines()] + indented
    return [line.split("  #", 1)[0].strip() for line in lines if "manage.py " in line]


def _name(command: str) -> str:
    return command.split("manage.py ", 1)[1].split()[0]


def _make_lines(text: str = README) -> list[str]:
    return [line for line in _sh_lines(text) if line.startswith("make ")]


def _all_make_lines() -> list[str]:
    return sorted({line for text in PAGES.values() for line in _make_lines(text)})


def test_the_readme_names_the_trials_make_targets():
    printed = {shlex.split(line)[1] for line in _make_lines()}
    assert {"run", "demo", "schedule", "test"} <= printed
    assert "make run PORT=8301" in _make_lines()


@pytest.mark.parametrize("line", _all_make_lines())
def test_every_make_command_of_the_readme_and_the_docs_exists(line):
    # a dry run: an unknown target or a variable typo fails here
    done = subprocess.run(
        ["make", "-n", *shlex.split(line)[1:]], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_make_run_takes_another_port():
    done = subprocess.run(
        ["make", "-n", "run", "PORT=8301"], cwd=ROOT, capture_output=True, text=True
    )
    assert "manage.py runserver 127.0.0.1:8301" in done.stdout


@pytest.mark.parametrize("target", TRIAL_TARGETS)
def test_the_trials_targets_run_in_its_settings(target):
    assert f"{target}: export DEBUG ?= 1\n" in MAKEFILE


def test_the_trials_targets_run_the_commands_they_stand_for():
    dry = {
        target: subprocess.run(
            ["make", "-n", target], cwd=ROOT, capture_output=True, text=True
        ).stdout
        for target in ("demo", "schedule")
    }
    assert "manage.py load_demo --refresh" in dry["demo"]
    assert "manage.py run_schedule --once" in dry["schedule"]


@pytest.mark.parametrize(
    ("page", "section", "text"),
    _page_sections(),
    ids=[f"{page}:{heading or 'top'}" for page, heading, _ in _page_sections()],
)
def test_every_manage_py_command_is_printed_as_it_runs(page, section, text):
    where = f"{page}, {section or 'top'}"
    for command in _commands(text):
        if page not in SERVER_PAGES:
            prefix = PRODUCTION if section == "Production" else TRIAL
            assert command.startswith(prefix), f"{where}: {command}"
        assert _name(command) in get_commands(), f"{where}: no command {_name(command)}"


def test_the_docs_print_commands_outside_production_too():
    trial = [
        command
        for page, heading, text in _page_sections()
        if heading != "Production" and page not in SERVER_PAGES
        for command in _commands(text)
    ]
    assert len(trial) >= 15


def test_a_production_section_prints_the_servers_commands():
    production = [
        c for _, h, text in _page_sections() if h == "Production" for c in _commands(text)
    ]
    assert {"migrate", "collectstatic", "publish", "check_tally"} <= {_name(c) for c in production}


def test_the_readme_and_the_docs_still_print_every_command_the_readme_held():
    printed = {_name(c) for _, _, text in _page_sections() for c in _commands(text)}
    assert set(HELD) <= printed, sorted(set(HELD) - printed)


def test_a_trial_command_runs_as_printed_without_a_secret_key():
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE")
    }
    done = subprocess.run(
        f"{TRIAL}check", shell=True, cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    bare = subprocess.run(
        f"{PRODUCTION}check", shell=True, cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert "SECRET_KEY is required when DEBUG is off" in bare.stderr
