"""Asks the app in this container (or on this machine) for /healthz or /readyz; exit 0 if 200.

`python deploy/healthcheck.py [/healthz|/readyz]`: the Dockerfile's HEALTHCHECK and the
compose file's web service run it (the slim image has no curl). It asks gunicorn's own
address (GUNICORN_BIND, 127.0.0.1:8000 by default; 0.0.0.0 is asked as 127.0.0.1) with the
first host of ALLOWED_HOSTS as Host, so the app's host check passes, and as a request the
proxy forwarded over https (X-Forwarded-Proto), so SECURE_SSL_REDIRECT does not turn it into
a redirect; a redirect is not followed and counts as a failure. Standard library only.
"""

from __future__ import annotations

import http.client
import os
import sys

DEFAULT_BIND = "127.0.0.1:8000"


def target(bind: str) -> tuple[str, int]:
    """The address to ask for gunicorn's bind (`HOST:PORT`; `unix:` binds are not asked)."""
    host, _, port = bind.split(",")[0].strip().rpartition(":")
    if host in ("", "0.0.0.0", "[::]"):
        host = "127.0.0.1"
    return host.strip("[]"), int(port)


def host_header(allowed_hosts: str) -> str:
    """The first of ALLOWED_HOSTS as a host name (`.example.org` is example.org)."""
    first = next((name.strip() for name in allowed_hosts.split(",") if name.strip()), "")
    if first in ("", "*"):
        return "localhost"
    return first.lstrip(".")


def check(path: str, bind: str, allowed_hosts: str, timeout: float = 4.0) -> tuple[int, str]:
    """(0, status line) when `path` answers 200, else (1, what went wrong)."""
    host, port = target(bind)
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request(
            "GET",
            path,
            headers={"Host": host_header(allowed_hosts), "X-Forwarded-Proto": "https"},
        )
        response = connection.getresponse()
        response.read()
    except OSError as error:
        return 1, f"{path}: no answer from {host}:{port} ({error})"
    finally:
        connection.close()
    line = f"{path}: {response.status} {response.reason}"
    return (0 if response.status == 200 else 1), line


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else "/healthz"
    if path not in ("/healthz", "/readyz"):
        print(f"usage: {argv[0]} [/healthz|/readyz]", file=sys.stderr)
        return 2
    code, line = check(
        path,
        os.environ.get("GUNICORN_BIND", DEFAULT_BIND),
        os.environ.get("ALLOWED_HOSTS", "localhost"),
    )
    print(line, file=sys.stdout if code == 0 else sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv))
