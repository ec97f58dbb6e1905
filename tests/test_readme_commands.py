"""Every command the README prints works as printed on a fresh clone after `make run`: the
make targets it names exist, and the other commands carry the trial's `DEBUG=1` (only the
Production section, whose environment sets SECRET_KEY, prints them without it)."""

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
TRIAL = "DEBUG=1 .venv/bin/python manage.py "
PRODUCTION = ".venv/bin/python manage.py "
# The trial's targets, which set DEBUG=1 themselves like `make run`.
TRIAL_TARGETS = ("run", "demo", "schedule")


def _sections() -> list[tuple[str, str]]:
    """(heading of the README's `## ` section, its text)."""
    parts = re.split(r"^## (.+)$", README, flags=re.MULTILINE)
    return [("", parts[0]), *zip(parts[1::2], parts[2::2], strict=True)]


def _sh_lines() -> list[str]:
    """The command lines of the README's ```sh blocks (a `\\` continues a line)."""
    lines = []
    for block in re.findall(r"^```sh\n(.*?)^```", README, flags=re.MULTILINE | re.DOTALL):
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


def _make_lines() -> list[str]:
    return [line for line in _sh_lines() if line.startswith("make ")]


def test_the_readme_names_the_trials_make_targets():
    printed = {shlex.split(line)[1] for line in _make_lines()}
    assert {"run", "demo", "schedule", "test"} <= printed
    assert "make run PORT=8301" in _make_lines()


@pytest.mark.parametrize("line", _make_lines())
def test_every_make_command_of_the_readme_exists(line):
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


@pytest.mark.parametrize("section", [heading for heading, _ in _sections()])
def test_every_manage_py_command_is_printed_as_it_runs(section):
    text = dict(_sections())[section]
    prefix = PRODUCTION if section == "Production" else TRIAL
    for command in _commands(text):
        assert command.startswith(prefix), f"README, {section or 'top'}: {command}"
        name = command.removeprefix(prefix).split()[0]
        assert name in get_commands(), f"README, {section or 'top'}: no command {name}"


def test_the_readme_prints_commands_outside_production_too():
    assert len([c for h, t in _sections() if h != "Production" for c in _commands(t)]) >= 15


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
