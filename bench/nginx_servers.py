"""Private nginx instances for bench_service.py: a plain proxy and a static file's server.

Each instance runs Debian's nginx (installed when missing) in the foreground from a config
written into its own folder (pid, logs, temporary files there), listening on 127.0.0.1 only.
The plain proxy is what a club would put in front of the app as it is: `proxy_pass` and
nothing else; the deploy proxy is a checkout's own deploy/nginx/whist.conf with its
${WHIST_...} values filled for this run. The static server serves one file of given bytes,
as nginx's best case for a page of that size.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from bench.support import Process, spawn

MAIN = """daemon off;
{user}worker_processes auto;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log {folder}/access.log;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{servers}
}}
"""


def ensure_nginx() -> str:
    """The nginx binary, installed from Debian's packages when missing."""
    found = shutil.which("nginx") or shutil.which("/usr/sbin/nginx")
    if found:
        return found
    print("installing nginx (apt-get install nginx)")
    subprocess.run(["apt-get", "install", "-y", "-qq", "nginx"], check=True)
    return shutil.which("/usr/sbin/nginx") or sys.exit("nginx is not available")


def plain_proxy(port: int, upstream: str) -> str:
    """A server that passes every request to `upstream` (http://HOST:PORT), nothing else."""
    return f"""    server {{
        listen 127.0.0.1:{port};
        location / {{ proxy_pass {upstream}; }}
    }}"""


TEMPLATED = re.compile(r"\$\{(WHIST_[A-Z_]+)\}")


def deploy_proxy(code: Path, port: int, upstream: str, folder: Path) -> str:
    """The checkout's deploy/nginx/whist.conf (after its whist-http.conf, if it has one)
    with its ${WHIST_...} values filled as envsubst would: listening on `port`, in front
    of `upstream` (http://HOST:PORT), its cache and logs under `folder`."""
    values = {
        "WHIST_LISTEN": f"127.0.0.1:{port}",
        "WHIST_SERVER_NAME": "127.0.0.1 localhost",
        "WHIST_UPSTREAM": upstream.removeprefix("http://"),
        "WHIST_STATIC_ROOT": str(code / "staticfiles"),
        "WHIST_CACHE_PATH": str(folder / "cache"),
        "WHIST_LOG_DIR": str(folder),
    }
    files = [code / "deploy" / "nginx" / name for name in ("whist-http.conf", "whist.conf")]
    text = "\n".join(path.read_text() for path in files if path.exists())
    if not text:
        sys.exit(f"{code} has no deploy/nginx/whist.conf")
    unknown = set(TEMPLATED.findall(text)) - set(values)
    if unknown:
        sys.exit(f"deploy/nginx/whist.conf asks for values this bench does not know: {unknown}")
    return TEMPLATED.sub(lambda match: values[match.group(1)], text)


def static_file(port: int, path: Path, encoding: str) -> str:
    """A server that answers every request with the file at `path`, as HTML sent with
    Content-Encoding `encoding` (the file holds bytes already so encoded; "" for none)."""
    header = f"add_header Content-Encoding {encoding};" if encoding else ""
    return f"""    server {{
        listen 127.0.0.1:{port};
        root {path.parent};
        location / {{
            default_type text/html;
            {header}
            try_files /{path.name} =404;
        }}
    }}"""


def start_nginx(name: str, servers: str, port: int, folder: Path, logs: Path) -> Process:
    """nginx with `servers` (server blocks listening on `port`) under `folder`; returns it
    once it answers on `port`."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)
    config = folder / "nginx.conf"
    # As root, the workers would run as nobody, who cannot write the cache in `folder`.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    config.write_text(MAIN.format(folder=folder, servers=servers, user=user))
    process = spawn(name, [ensure_nginx(), "-p", str(folder), "-c", str(config)], {}, logs)
    process.wait_ready(lambda: listening(f"http://127.0.0.1:{port}/"), 15, f"nginx {name}")
    return process


def listening(url: str) -> bool:
    """True when something answers HTTP at `url` (any status)."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, OSError):
        return False
