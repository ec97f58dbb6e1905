"""Shared plumbing of the reliability benchmarks: a private database, gunicorn, workers, timing.

Every server these scripts start listens on 127.0.0.1 only, and every load loop is bounded
in time and count. Import it from a bench script after `sys.path` holds the project root.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/whist"
# One key for this script and the servers it starts, so sessions made here are valid there.
SECRET_KEY = secrets.token_urlsafe(50)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(name: str, *, fresh: bool = False) -> str:
    """DATABASE_URL's server (or the local default) with database `name`, created if missing
    (dropped first when `fresh`)."""
    import psycopg

    url = os.environ.get("DATABASE_URL", "") or DEFAULT_SERVER
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("this benchmark needs PostgreSQL: DATABASE_URL=postgres://...")
    parts = urlsplit(url)
    server = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(server, autocommit=True) as connection:
        if fresh:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if not found.fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def setup_django(url: str, **env: str) -> None:
    """Point this process at `url` (migrated) and set Django up; extra env vars first."""
    os.environ.update(env)
    os.environ["DATABASE_URL"] = url
    os.environ["SECRET_KEY"] = SECRET_KEY
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def server_env(url: str, **extra: str) -> dict[str, str]:
    """The environment of a production-like server process on `url` (DEBUG off)."""
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "0",
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        # Plain http on loopback: the benchmark has no TLS in front.
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "ERROR",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    for key in ("CELERY_BROKER_URL", "REDIS_URL"):
        env.pop(key, None)
    env.update(extra)
    return env


def wait_until(check: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll `check` every 0.1 s; exit the script if it is still false after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    sys.exit(f"timed out waiting for {what}")


def signed_in_session(user: Any, engine: str | None = None) -> str:
    """The key of a new session signed in as `user`, in the configured session store (or
    `engine`'s): what a browser that signed in holds in its session cookie."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(engine or settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return str(session.session_key)


def browser_cookies(user: Any) -> str:
    """The Cookie header of a browser signed in as `user`: its session and the CSRF cookie
    its first page set (the secret, as Django makes it)."""
    from django.conf import settings
    from django.middleware.csrf import _get_new_csrf_string

    return (
        f"{settings.SESSION_COOKIE_NAME}={signed_in_session(user)}; "
        f"{settings.CSRF_COOKIE_NAME}={_get_new_csrf_string()}"
    )


def answers(url: str) -> bool:
    """True when `url` answers 200."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@dataclass
class Process:
    """A child process with its log file; stopped with SIGTERM, then SIGKILL."""

    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> None:
        if self.popen.poll() is not None:
            return
        self.popen.send_signal(sig)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait(5)

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def wait_ready(self, ready: Callable[[], bool], timeout: float, what: str) -> None:
        """Poll `ready` every 0.2 s; if the process ends first or `timeout` passes, stop it and
        exit the script with its log's tail (`what did not start`)."""
        deadline = time.monotonic() + timeout
        while not ready():
            if self.popen.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"{what} did not start:\n{self.tail()}")
            time.sleep(0.2)


def spawn(
    name: str, argv: Sequence[str], env: dict[str, str], logs: Path, *, root: Path = ROOT
) -> Process:
    """Start `argv` in the project root (or `root`, another checkout of the project, whose
    code it then runs), output to logs/NAME.log."""
    log = logs / f"{name}.log"
    popen = subprocess.Popen(
        list(argv), cwd=root, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT
    )
    return Process(name, popen, log)


def start_gunicorn(
    env: dict[str, str],
    logs: Path,
    workers: int = 2,
    *,
    extra: Sequence[str] = (),
    config: str = "config/gunicorn.conf.py",
    root: Path = ROOT,
    name: str = "gunicorn",
) -> tuple[Process, str]:
    """gunicorn on a free loopback port with the project's config (or `config`, e.g.
    bench/gunicorn_profile.py) and `extra` arguments (e.g. --worker-class gthread), running
    the code in `root`; returns it and its base URL."""
    port = free_port()
    argv = [
        PYTHON, "-m", "gunicorn", "config.wsgi", "-c", str(root / config),
        "--bind", f"127.0.0.1:{port}", "--workers", str(workers), *extra,
    ]  # fmt: skip
    process = spawn(name, argv, env, logs, root=root)
    base = f"http://127.0.0.1:{port}"
    process.wait_ready(lambda: answers(f"{base}/healthz"), 30, "gunicorn")
    return process, base


def start_worker(
    env: dict[str, str],
    logs: Path,
    name: str = "worker",
    pool: str = "solo",
    *,
    root: Path = ROOT,
    concurrency: int = 1,
    queues: str = "",
    nice: int = 0,
) -> Process:
    """A Celery worker ready to consume (solo pool by default, so a kill cuts the running
    task; `pool="prefork"` is the production default, with `concurrency` children),
    running the code in `root`, on `queues` (comma-separated; default: every queue), at
    CPU priority `nice` (as a unit's Nice=)."""
    argv = [
        *(["nice", "-n", str(nice)] if nice else []),
        PYTHON, "-m", "celery", "-A", "config", "worker", f"--pool={pool}",
        f"--concurrency={concurrency}",
        "--loglevel=INFO",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
        f"--hostname={name}-{os.getpid()}@%h",
        *(["-Q", queues] if queues else []),
    ]  # fmt: skip
    process = spawn(name, argv, env, logs, root=root)
    process.wait_ready(
        lambda: "ready." in process.log.read_text(errors="replace"), 30, "the worker"
    )
    return process


@contextlib.contextmanager
def scratch(keep: bool = False) -> Iterator[Path]:
    """A temporary folder for logs and data, removed afterwards unless `keep`."""
    path = Path(tempfile.mkdtemp(prefix="whist-bench-"))
    try:
        yield path
    finally:
        if keep:
            print(f"logs kept in {path}")
        else:
            shutil.rmtree(path, ignore_errors=True)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of `values` (fraction in 0..1)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]
