"""The backup scripts' own rules that need no database (docs/backups.md): how they read the
app's DATABASE_URL and what they refuse before reaching a server. The drill itself, on
PostgreSQL, is tests/integration/test_backup_drill.py."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str | Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PGPASSWORD")}
    return subprocess.run(
        [str(part) for part in command],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def connect(url: str) -> tuple[str, str]:
    """(PG_URL, PGPASSWORD) as scripts/pg_lib.sh's pg_connect sets them for `url`."""
    script = (
        'source scripts/pg_lib.sh && pg_connect "$1" && printf "%s\\n%s" "$PG_URL" "$PGPASSWORD"'
    )
    done = run("bash", "-c", script, "-", url, PGPASSWORD="")
    assert done.returncode == 0, done.stderr
    address, password = done.stdout.split("\n")
    return address, password


@pytest.mark.parametrize(
    ("url", "address"),
    [
        ("postgres://whist@db:5432/whist", "postgresql://whist@db:5432/whist"),
        ("psql://whist@db/whist", "postgresql://whist@db/whist"),
        ("postgis://db/whist", "postgresql://db/whist"),
        # Django's options go (in either case), libpq's stay.
        (
            "postgres://whist@db/whist?conn_max_age=60&sslmode=require&CONN_HEALTH_CHECKS=true",
            "postgresql://whist@db/whist?sslmode=require",
        ),
    ],
)
def test_the_scripts_give_libpq_the_apps_address_without_djangos_options(url, address):
    assert connect(url) == (address, "")


def test_the_scripts_pass_the_password_in_the_environment_not_on_a_command_line():
    address, password = connect("postgres://whist:s%40fe%25:w@db:5432/whist?conn_max_age=60")
    assert address == "postgresql://whist@db:5432/whist"
    assert password == "s@fe%:w"


def test_the_scripts_refuse_an_address_that_is_not_postgresql(tmp_path):
    done = run("scripts/backup.sh", tmp_path, DATABASE_URL="sqlite:///db.sqlite3")
    assert done.returncode == 2
    assert "not a PostgreSQL address: 'sqlite://...'" in done.stderr


def test_backup_asks_for_the_database_url(tmp_path):
    done = run("scripts/backup.sh", tmp_path)
    assert done.returncode == 1
    assert "set DATABASE_URL to the database to back up" in done.stderr


@pytest.mark.parametrize("keep", ["14d", "0", "-1"])
def test_backup_refuses_a_retention_that_is_not_a_count(tmp_path, keep):
    done = run(
        "scripts/backup.sh", tmp_path, DATABASE_URL="postgres://whist@db/whist", BACKUP_KEEP=keep
    )
    assert done.returncode == 2
    assert f"BACKUP_KEEP must be a whole number of dumps to keep, 1 or more (not '{keep}')" in (
        done.stderr
    )
    assert list(tmp_path.iterdir()) == []


def test_restore_says_how_it_is_used():
    done = run("scripts/restore.sh", "only-one-argument")
    assert done.returncode == 2
    assert "usage: scripts/restore.sh [--replace] DUMP NEW_DATABASE_URL" in done.stderr


def test_restore_refuses_a_dump_it_cannot_read(tmp_path):
    done = run("scripts/restore.sh", tmp_path / "missing.dump", "postgres://whist@db/new")
    assert done.returncode == 2
    assert f"cannot read the dump '{tmp_path / 'missing.dump'}'" in done.stderr
