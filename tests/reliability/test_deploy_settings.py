"""Production settings: `check --deploy` is clean and cookies are secure with DEBUG off.

Settings are read once per process, so each check runs Django in a subprocess with the
production environment (docs/operations.md: DEBUG=0, a long random SECRET_KEY, ALLOWED_HOSTS, TLS).
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SESSION_COOKIE", "CSRF_COOKIE", "SECURE_"))
    }
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(60),
        ALLOWED_HOSTS="league.example.org",
        SECURE_SSL_REDIRECT="1",
        SECURE_HSTS_SECONDS="31536000",
        DJANGO_SETTINGS_MODULE="config.settings",
        **extra,
    )
    return env


def run_django(code: str, **extra: str) -> subprocess.CompletedProcess[str]:
    program = f"import django\ndjango.setup()\n{code}"
    return subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=production_env(**extra),
        capture_output=True,
        text=True,
        timeout=120,
    )


def check_deploy() -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_has_no_security_warning():
    result = check_deploy()
    assert "security." not in result.stdout + result.stderr, result.stdout + result.stderr


def test_check_deploy_is_clean():
    result = check_deploy()
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_cookies_are_secure_and_http_only():
    code = (
        "import json\nfrom django.conf import settings as s\n"
        "print(json.dumps({k: getattr(s, k) for k in ("
        "'DEBUG', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SESSION_COOKIE_HTTPONLY', "
        "'SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS', 'SECURE_CONTENT_TYPE_NOSNIFF', "
        "'X_FRAME_OPTIONS')}))"
    )
    result = run_django(code)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout.strip().splitlines()[-1])
    assert values == {
        "DEBUG": False,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SESSION_COOKIE_HTTPONLY": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_CONTENT_TYPE_NOSNIFF": True,
        "X_FRAME_OPTIONS": "DENY",
    }


def test_production_sends_the_csrf_cookie_with_the_secure_flag_over_https():
    code = (
        "import json\nfrom django.test import Client\n"
        "r = Client().get('/accounts/login/', secure=True, HTTP_HOST='league.example.org')\n"
        "print(json.dumps([r.status_code, bool(r.cookies['csrftoken']['secure']),"
        " r.headers.get('Strict-Transport-Security', '')]))"
    )
    result = run_django(code)
    assert result.returncode == 0, result.stderr
    status, secure, hsts = json.loads(result.stdout.strip().splitlines()[-1])
    assert (status, secure) == (200, True)
    assert hsts.startswith("max-age=31536000")


def test_production_redirects_plain_http_to_https():
    code = (
        "from django.test import Client\n"
        "r = Client().get('/', HTTP_HOST='league.example.org')\n"
        "print(r.status_code, r.headers.get('Location'))"
    )
    result = run_django(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["301", "https://league.example.org/"]


def test_production_refuses_unknown_hosts():
    code = (
        "from django.test import Client\n"
        "r = Client().get('/healthz', secure=True, HTTP_HOST='evil.example')\n"
        "print(r.status_code)"
    )
    result = run_django(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "400"
    assert "Traceback" not in result.stdout


def _proxy_view_of_a_request(**extra: str) -> list[object]:
    """What the app makes of a request that says it came through a proxy over https."""
    code = (
        "import json\nfrom django.conf import settings as s\nfrom django.test import Client\n"
        "from accounts.signin_limits import client_address\n"
        "from django.test import RequestFactory\n"
        "r = Client().get('/healthz', HTTP_HOST='league.example.org',"
        " HTTP_X_FORWARDED_PROTO='https')\n"
        "q = RequestFactory().get('/', HTTP_X_FORWARDED_FOR='198.51.100.7, 203.0.113.9')\n"
        "print(json.dumps([r.status_code, s.SECURE_PROXY_SSL_HEADER, client_address(q)]))"
    )
    result = run_django(code, **extra)
    assert result.returncode == 0, result.stderr
    found: list[object] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def test_forwarded_headers_are_not_trusted_without_behind_proxy():
    status, header, address = _proxy_view_of_a_request()
    assert status == 301, "X-Forwarded-Proto from anyone must not make plain http look secure"
    assert header is None
    assert address == "127.0.0.1"


def test_forwarded_headers_are_trusted_behind_the_proxy():
    status, header, address = _proxy_view_of_a_request(BEHIND_PROXY="1")
    assert status == 200
    assert header == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert address == "203.0.113.9", "the last X-Forwarded-For entry, the one our proxy added"


def test_a_client_address_header_without_behind_proxy_is_refused_in_one_line():
    env = production_env(CLIENT_ADDRESS_HEADER="HTTP_X_REAL_IP")
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "CLIENT_ADDRESS_HEADER is set but BEHIND_PROXY is not" in result.stderr
    assert "Traceback" not in result.stderr
