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
