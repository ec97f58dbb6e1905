"""deploy/nginx/whist.conf rendered and run in front of gunicorn (tests/integration/test_proxy.py).

`render` fills the file's ${WHIST_...} values as envsubst does (and refuses to leave one
unfilled); `Nginx` runs Debian's nginx on the rendered file from its own prefix folder (pid,
logs, temporary files and cache all in it), in the foreground, on 127.0.0.1; `fetch` is one
plain HTTP request: no redirect followed, nothing decompressed.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "nginx" / "whist.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
TEMPLATED = re.compile(r"\$\{(WHIST_[A-Z_]+)\}")

MAIN = """\
{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/main-error.log warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path {prefix}/tmp/body;
    proxy_temp_path {prefix}/tmp/proxy;
    fastcgi_temp_path {prefix}/tmp/fastcgi;
    uwsgi_temp_path {prefix}/tmp/uwsgi;
    scgi_temp_path {prefix}/tmp/scgi;
    include {prefix}/whist.conf;
}}
"""


def templated_names(text: str) -> set[str]:
    """The ${WHIST_...} names a configuration text uses."""
    return set(TEMPLATED.findall(text))


def render(text: str, values: Mapping[str, str]) -> str:
    """`text` with each ${WHIST_...} replaced by its value (envsubst with those names only:
    nginx's own $variables stay); a name without a value is an error."""
    missing = templated_names(text) - set(values)
    if missing:
        raise ValueError(f"no value for {', '.join(sorted(missing))}")
    return TEMPLATED.sub(lambda match: values[match.group(1)], text)


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def header(self, name: str) -> str:
        return self.headers.get(name, "")

    @property
    def cache(self) -> str:
        return self.header("X-Cache-Status")

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


def fetch(
    base: str,
    path: str,
    headers: Mapping[str, str] | None = None,
    *,
    method: str = "GET",
    body: bytes | None = None,
    source: str | None = None,
) -> Answer:
    """One request to `base` (http://HOST:PORT) on a new connection (from the loopback
    address `source`, e.g. 127.0.0.2, when given)."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(
        host, int(port), timeout=30, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, path, body=body, headers=dict(headers or {}))
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


class Nginx:
    """nginx on `config` (a rendered whist.conf) in `prefix`, running until stop()."""

    def __init__(self, prefix: Path, config: str, port: int) -> None:
        self.prefix = prefix
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        for folder in ("logs", "tmp", "cache"):
            (prefix / folder).mkdir(parents=True, exist_ok=True)
        (prefix / "whist.conf").write_text(config)
        # As root, nginx's workers would run as nobody, who cannot read the test's folders.
        user = "user root root;\n" if os.geteuid() == 0 else ""
        (prefix / "nginx.conf").write_text(MAIN.format(prefix=prefix, user=user))
        self.argv = [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf")]
        checked = subprocess.run([*self.argv, "-t"], capture_output=True, text=True)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx -t refused the configuration:\n{checked.stderr}")
        log = (prefix / "logs" / "nginx.out").open("ab")
        self.process = subprocess.Popen(
            [*self.argv, "-g", "daemon off;"], stdout=log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 15
        while not self._listening():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"nginx did not start:\n{self.log('main-error.log')}")
            time.sleep(0.1)

    def _listening(self) -> bool:
        try:
            fetch(self.base, "/healthz")
        except OSError:
            return False
        return True

    def log(self, name: str, waiting_for: str = "") -> str:
        """The log `name` (in WHIST_LOG_DIR), once it holds `waiting_for` (10 s at most)."""
        path = self.prefix / "logs" / name
        deadline = time.monotonic() + 10
        while True:
            text = path.read_text(errors="replace") if path.exists() else ""
            if waiting_for in text or time.monotonic() > deadline:
                return text
            time.sleep(0.1)

    def stop(self) -> None:
        """A graceful stop (SIGQUIT), then SIGKILL."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
