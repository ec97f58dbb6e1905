"""The backup drill of docs/backups.md, run for real on PostgreSQL: a mid-season league dumped
by scripts/backup.sh and restored by scripts/restore.sh into a new database has the same
standings, the same published snapshots and a tally in step; scripts/restore_check.sh says
so and finds a restored database that differs; the scripts use the server's own major
version of pg_dump and pg_restore and say so when none is installed."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from games.models import Game, GameResult
from league.models import Round, Season
from publishing.models import RatingSection, RatingSnapshot, SeasonSnapshot, SnapshotSection
from standings.tally import KEY, TALLY, Drift, drift
from tests.publishing import factories as f

pytestmark = [
    pytest.mark.integration,
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="the backup drill dumps and restores PostgreSQL databases (DATABASE_URL)",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Dana", "Eli", "Noa", "Omer", "Tal", "Yael", "Gil", "דנה"]
# The rows that must come back as they were: the published snapshots and the tally.
ROWS = {
    SeasonSnapshot._meta.db_table: "id",
    SnapshotSection._meta.db_table: "id",
    RatingSnapshot._meta.db_table: "id",
    RatingSection._meta.db_table: "id",
    TALLY: KEY,
}


def database_url(name: str | None = None) -> str:
    """The address of the test database (or of another database on its server)."""
    db = settings.DATABASES["default"]
    login = quote(db["USER"], safe="") + (
        f":{quote(db['PASSWORD'], safe='')}" if db.get("PASSWORD") else ""
    )
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{login}@{host}/{name or db['NAME']}"


def run(*command: str | Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def manage(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """manage.py in a process of its own, on the database at `url`."""
    return run(sys.executable, "manage.py", *args, DATABASE_URL=url)


def drop_database(name: str) -> None:
    with psycopg.connect(database_url("postgres"), autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def rows(url: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the snapshot tables and of the tally, in a stable order."""
    with psycopg.connect(url) as db:
        return {
            table: db.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
            for table, order in ROWS.items()
        }


@pytest.fixture
def restored(transactional_db: None) -> Iterator[str]:
    """The address of a database to restore into, dropped before and after the test."""
    name = f"{settings.DATABASES['default']['NAME']}_restored"
    for leftover in (name, f"{name}_restoring"):
        drop_database(leftover)
    yield database_url(name)
    for leftover in (name, f"{name}_restoring"):
        drop_database(leftover)


def mid_season_league() -> Season:
    """A running season: four rounds played, the fifth in play with one result awaiting
    confirmation, the sixth open for registration; published (the season and the rating
    list), so it has snapshots, and its results counted in the tally."""
    with transaction.atomic():  # one publish at the end, not one per game
        season = _mid_season_league()
    call_command("publish", stdout=io.StringIO())  # every season and the rating list
    return season


def _mid_season_league() -> Season:
    today = timezone.localdate()
    start = today - dt.timedelta(weeks=4)
    season = f.season(start=start, end=today + dt.timedelta(weeks=10))
    rng = random.Random(28)

    def scores(names: list[str]) -> dict[str, int]:
        return {name: rng.randint(-150, 250) for name in names}

    for number in range(1, 5):
        played = f.round_(
            season,
            number,
            start + dt.timedelta(weeks=number - 1),
            status=Round.Status.FINISHED,
            draw_method="random",
            draw_seed=number,
        )
        order = rng.sample(PLAYERS, len(PLAYERS))
        f.table_game(season, played, 1, scores(order[:4]))
        f.table_game(season, played, 2, scores(order[4:]))
    playing = f.round_(season, 5, today, status=Round.Status.IN_PLAY)
    f.table_game(season, playing, 1, scores(PLAYERS[:4]))
    waiting = f.seat_table(playing, 2, PLAYERS[4:])
    f.game(
        season,
        scores(PLAYERS[4:]),
        round_=playing,
        table=waiting,
        status=Game.Status.PENDING,
    )
    f.register(f.round_(season, 6, today + dt.timedelta(weeks=1)), PLAYERS[:6])
    return season


def standings_json(season: Season) -> object:
    out = io.StringIO()
    call_command("standings", season.slug, "--json", stdout=out)
    return json.loads(out.getvalue())


def backup_and_restore(dump_dir: Path, restored: str) -> Path:
    """scripts/backup.sh of the test database, then scripts/restore.sh into `restored`."""
    done = run("scripts/backup.sh", dump_dir, DATABASE_URL=database_url())
    assert done.returncode == 0, done.stderr
    dump = Path(done.stdout.strip())
    assert dump.parent == dump_dir and dump.stat().st_size > 0
    done = run("scripts/restore.sh", dump, restored)
    assert done.returncode == 0, done.stderr
    return dump


def test_a_mid_season_dump_restored_into_a_new_database_has_the_same_league(tmp_path, restored):
    season = mid_season_league()
    assert SeasonSnapshot.objects.filter(season=season).exists()
    assert GameResult.objects.filter(game__status=Game.Status.PENDING).exists()
    assert drift() == Drift(0, ())
    original = rows(database_url())
    assert original[TALLY] and original[SnapshotSection._meta.db_table]

    backup_and_restore(tmp_path, restored)

    done = manage(restored, "standings", season.slug, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == standings_json(season)
    assert rows(restored) == original
    # The drill's checks, among them `manage.py check_tally` (its JSON line, exit 0).
    done = run("scripts/restore_check.sh", restored, database_url(), PYTHON=sys.executable)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "migrations: every one applied" in done.stdout
    assert 'tally: in step with the results ({"kept": true, "keys": 0, "seasons": []' in (
        done.stdout
    )
    snapshots = SeasonSnapshot.objects.count() + RatingSnapshot.objects.count()
    assert f"1 seasons and {snapshots} snapshots, each the same as the source's" in done.stdout
    assert done.stdout.strip().endswith("the restored database passes every check")


def test_restore_check_finds_a_restored_database_that_differs(tmp_path, restored):
    season = mid_season_league()
    backup_and_restore(tmp_path, restored)
    # one count of the tally, one section and one score changed (in-season the standings
    # are read from the games, to say what is still possible: the score is what they show)
    with psycopg.connect(restored) as db:
        db.execute(
            f"UPDATE {TALLY} SET games = games + 1 WHERE ctid = (SELECT min(ctid) FROM {TALLY})"
        )
        db.execute(
            f"UPDATE {GameResult._meta.db_table} SET score = score + 1"
            f" WHERE id = (SELECT min(id) FROM {GameResult._meta.db_table})"
        )
        db.execute(
            f"UPDATE {SnapshotSection._meta.db_table} SET data = '{{}}'"
            f" WHERE id = (SELECT min(id) FROM {SnapshotSection._meta.db_table})"
        )

    done = run("scripts/restore_check.sh", restored, database_url(), PYTHON=sys.executable)

    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAILED: tally: manage.py check_tally finds it differs" in done.stdout
    assert "FAILED: the restored database differs from the source" in done.stdout
    assert f"restored/standings-{season.slug}.json" in done.stdout
    assert "restored/snapshots" in done.stdout
    assert done.stdout.strip().endswith("the restored database FAILS the checks above")


def test_restore_refuses_a_database_that_exists_and_replaces_it_only_when_told(tmp_path, restored):
    call_command("publish", f.season().slug, stdout=io.StringIO())
    dump = backup_and_restore(tmp_path, restored)
    original = rows(restored)
    with psycopg.connect(restored) as db:
        db.execute(f"DELETE FROM {SnapshotSection._meta.db_table}")

    refused = run("scripts/restore.sh", dump, restored)
    assert refused.returncode == 1
    assert "exists: restore.sh restores into a new database only" in refused.stderr
    assert rows(restored)[SnapshotSection._meta.db_table] == []  # left as it was

    done = run("scripts/restore.sh", "--replace", dump, restored)
    assert done.returncode == 0, done.stderr
    assert "replacing the one before" in done.stdout
    assert rows(restored) == original


def server_major() -> int:
    with psycopg.connect(database_url()) as db:
        number = db.execute("SHOW server_version_num").fetchone()
    assert number is not None
    return int(number[0]) // 10000


def fake_pg_dump(tmp_path: Path, major: int) -> Path:
    """A directory whose pg_dump and pg_restore say they are of version `major`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("pg_dump", "pg_restore"):
        fake = bin_dir / tool
        fake.write_text(f'#!/bin/sh\necho "{tool} (PostgreSQL) {major}.1"\n')
        fake.chmod(0o755)
    return bin_dir


def test_backup_refuses_a_pg_dump_of_another_major_version_and_names_the_one_needed(tmp_path, db):
    major = server_major()
    bin_dir = fake_pg_dump(tmp_path, major + 1)
    empty = tmp_path / "no-versions"
    empty.mkdir()

    done = run(
        "scripts/backup.sh",
        tmp_path / "dumps",
        DATABASE_URL=database_url(),
        PATH=f"{bin_dir}:{os.environ['PATH']}",
        PG_VERSIONS_DIR=str(empty),
    )

    assert done.returncode == 1
    assert (
        f"the database server runs PostgreSQL {major}, and no pg_dump of version {major}"
        f" is installed ({bin_dir}/pg_dump is version {major + 1})"
    ) in done.stderr
    assert f"apt-get install postgresql-client-{major}" in done.stderr
    assert not (tmp_path / "dumps").exists()


def test_backup_finds_the_servers_version_of_pg_dump_beside_another_on_the_path(tmp_path, db):
    major = server_major()
    if not Path(f"/usr/lib/postgresql/{major}/bin/pg_dump").exists():
        pytest.skip(f"no Debian layout here: /usr/lib/postgresql/{major}/bin/pg_dump is absent")
    bin_dir = fake_pg_dump(tmp_path, major + 1)

    done = run(
        "scripts/backup.sh",
        tmp_path / "dumps",
        DATABASE_URL=database_url(),
        PATH=f"{bin_dir}:{os.environ['PATH']}",
        BACKUP_KEEP="1",
    )

    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).stat().st_size > 0


def test_backup_keeps_the_newest_dumps_of_its_database_only(tmp_path, db):
    name = settings.DATABASES["default"]["NAME"]
    older = [tmp_path / f"{name}-2026010{day}T040000Z.dump" for day in (1, 2, 3)]
    others = [tmp_path / "other-20260101T040000Z.dump", tmp_path / "notes.txt"]
    for path in older + others:
        path.write_text("kept by an earlier run")

    done = run("scripts/backup.sh", tmp_path, DATABASE_URL=database_url(), BACKUP_KEEP="2")

    assert done.returncode == 0, done.stderr
    new = Path(done.stdout.strip())
    assert sorted(tmp_path.iterdir()) == sorted([new, older[2], *others])
