"""Starting the app: production refuses to run without SECRET_KEY, and commands stay quiet.

Settings are read once per process, so each case runs `manage.py` or an entry point in a
subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.celery import warn_on_worker_start

ROOT = Path(__file__).resolve().parents[2]


def run(argv: list[str], **extra: str) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"CACHE_URL", "EMAIL_URL", "CELERY_BROKER_URL", "REDIS_URL"}
    }
    env.update(DJANGO_SETTINGS_MODULE="config.settings", **extra)
    return subprocess.run(
        [sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["manage.py", "check"],
        ["manage.py", "help"],
        ["manage.py", "migrate", "--plan"],
        ["-c", "import config.wsgi"],
        ["-c", "import config.asgi"],
    ],
    ids=["check", "help", "migrate", "wsgi", "asgi"],
)
def test_production_without_secret_key_refuses_to_start_with_one_line(argv):
    # SECRET_KEY="" also overrides any .env next to manage.py (it never overwrites).
    result = run(argv, DEBUG="0", SECRET_KEY="")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "SECRET_KEY is required" in lines[0]
    assert "Traceback" not in result.stderr


def test_debug_mode_starts_without_secret_key():
    result = run(["manage.py", "check"], DEBUG="1", SECRET_KEY="")
    assert result.returncode == 0, result.stderr


def test_manage_py_check_prints_nothing_on_stderr():
    result = run(["manage.py", "check"], DEBUG="0", SECRET_KEY="a-long-random-test-key-" * 3)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_a_command_that_sends_a_task_without_a_broker_prints_nothing_on_stderr():
    # Eager tasks take a producer from the broker pool, as `apply_async` does: with no broker
    # configured that used to log "No hostname was supplied. Reverting to default 'localhost'".
    code = "from config.celery import app\nwith app.producer_or_acquire() as producer: pass"
    result = run(
        ["manage.py", "shell", "-c", code], DEBUG="0", SECRET_KEY="a-long-random-test-key-" * 3
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


KEY = "a-long-random-test-key-" * 3


@pytest.mark.parametrize("entry", ["config.wsgi", "config.asgi"])
def test_a_production_server_without_site_url_warns_in_one_line(entry):
    result = run(["-c", f"import {entry}"], DEBUG="0", SECRET_KEY=KEY, SITE_URL="")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "SITE_URL" in line]
    assert len(lines) == 1, result.stderr  # (whitenoise may warn of no collected files)
    assert lines[0].startswith(f"{entry}: warning: SITE_URL is not set")


def test_a_production_server_with_site_url_or_a_command_does_not_warn():
    served = run(
        ["-c", "import config.wsgi"], DEBUG="0", SECRET_KEY=KEY, SITE_URL="https://whist.example"
    )
    command = run(["manage.py", "check"], DEBUG="0", SECRET_KEY=KEY, SITE_URL="")
    assert served.returncode == 0 and "SITE_URL" not in served.stderr, served.stderr
    assert (command.returncode, command.stderr) == (0, "")


def test_the_celery_worker_warns_without_site_url(capsys, settings):
    settings.DEBUG, settings.SITE_URL = False, ""
    warn_on_worker_start()  # connected to celery's worker_init
    assert capsys.readouterr().err.startswith("celery worker: warning: SITE_URL is not set")
    settings.SITE_URL = "https://whist.example"
    warn_on_worker_start()
    assert capsys.readouterr().err == ""


def fake_python(tmp_path: Path) -> Path:
    """A bin folder whose python prints the SITE_URL it was started with (make's BIN)."""
    script = tmp_path / "python"
    script.write_text('#!/bin/sh\necho "SITE_URL=$SITE_URL"\n')
    script.chmod(0o755)
    (tmp_path / ".installed").touch()  # newer than requirements.txt: no install
    return tmp_path


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["run"], "SITE_URL=http://127.0.0.1:8000"),
        (["run", "HOST=0.0.0.0", "PORT=8301"], "SITE_URL=http://0.0.0.0:8301"),
        (["run", "SITE_URL=https://whist.example"], "SITE_URL=https://whist.example"),
        (["demo", "PORT=8301"], "SITE_URL=http://127.0.0.1:8301"),
    ],
)
def test_the_quick_start_sets_site_url_to_its_own_address(tmp_path, arguments, expected):
    env = {key: value for key, value in os.environ.items() if key != "SITE_URL"}
    result = subprocess.run(
        ["make", "-s", *arguments, f"BIN={fake_python(tmp_path)}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    printed = {line for line in result.stdout.splitlines() if line.startswith("SITE_URL=")}
    assert printed == {expected}, result.stdout + result.stderr
