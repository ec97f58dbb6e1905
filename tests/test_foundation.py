"""The project's foundation: settings from the environment and migrations in step with models."""

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import environ
import pytest
from django.core.management import call_command


def test_database_url_selects_postgresql_through_psycopg3():
    config = environ.Env.db_url_config("postgres://postgres@127.0.0.1:5432/whist")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "whist"
    assert config["HOST"] == "127.0.0.1"


def test_celery_runs_eagerly_without_a_broker(settings):
    from config.celery import app

    if not (os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL")):
        assert settings.CELERY_TASK_ALWAYS_EAGER is True
        assert app.conf.task_always_eager is True
        assert settings.CELERY_BROKER_URL.startswith("memory://")


@pytest.mark.django_db
def test_migrations_are_in_step_with_models():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_system_check_is_clean():
    out = StringIO()
    call_command("check", stdout=out)
    assert "no issues" in out.getvalue()


@pytest.mark.django_db
def test_health_check_answers_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]


def test_email_url_configures_smtp():
    config = environ.Env.email_url_config("smtp+tls://league:secret@mail.example.org:587")
    assert config["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"], config["EMAIL_USE_TLS"]) == (
        "mail.example.org",
        587,
        True,
    )


@pytest.mark.django_db
def test_postgresql_connections_run_without_jit():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("JIT is a PostgreSQL setting")
    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"


CODE = (
    "import config.settings as s; backend = s.CACHES['default']['BACKEND'];"
    "print(s.SESSION_ENGINE, 'LocMem' if backend.endswith('LocMemCache') else backend)"
)


@pytest.mark.parametrize(
    ("cache_url", "engine"),
    [
        ("rediscache://127.0.0.1:6379/1", "config.sessions"),
        ("", "django.contrib.sessions.backends.db"),
    ],
)
def test_sessions_come_from_the_cache_only_when_it_is_shared(cache_url, engine):
    """A per-process cache would keep a signed-out session alive in the other workers."""
    env = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(CACHE_URL=cache_url, SECRET_KEY="x" * 50)
    if not cache_url:
        del env["CACHE_URL"]
    out = subprocess.run(
        [sys.executable, "-c", CODE],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    ).stdout
    session_engine, cache_backend = out.split()
    assert session_engine == engine
    assert cache_backend == ("django_redis.cache.RedisCache" if cache_url else "LocMem")


def test_the_tests_read_sessions_from_their_one_process_cache(settings):
    assert settings.SESSION_ENGINE == "config.sessions"


@pytest.mark.parametrize(("query", "kept"), [("", 60), ("?conn_max_age=0", 0)])
def test_postgresql_connections_are_kept_a_minute_unless_the_url_says(query, kept):
    """A new connection per request cost more than the rest of a signed-in page."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(DATABASE_URL=f"postgres://u@127.0.0.1:5432/d{query}", SECRET_KEY="x" * 50)
    code = (
        "import config.settings as s; d = s.DATABASES['default'];"
        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    ).stdout
    assert out.split() == [str(kept), "True"]
