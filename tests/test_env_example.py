""".env.example lists every setting the app reads from its environment, each explained.

The names are read off the code (config/settings.py's env(...) calls, every os.environ read
in the app packages, gunicorn's config), so a new setting without its line fails here. The
example's values make a coherent production configuration: Django's deploy checks pass on
them (with a real random key in place of the placeholder).
"""

from __future__ import annotations

import ast
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

from config.app_packages import APP_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / ".env.example"
# Set by the entry points for themselves, not settings an operator gives.
NOT_SETTINGS = {"DJANGO_SETTINGS_MODULE"}
ENTRY = re.compile(r"^#?([A-Z][A-Z0-9_]*)=(.*)$")


def first_string(call: ast.Call) -> str | None:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def is_os_environ(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "environ"
        and isinstance(node.value, ast.Name)
        and node.value.id == "os"
    )


def reads_by_name(call: ast.Call) -> bool:
    """env("X"), env.kind("X"), os.environ.get("X"), os.getenv("X")."""
    function = call.func
    if isinstance(function, ast.Name):
        return function.id == "env"
    if not isinstance(function, ast.Attribute):
        return False
    owner = function.value
    if isinstance(owner, ast.Name):
        return owner.id == "env" or (owner.id == "os" and function.attr == "getenv")
    return is_os_environ(owner) and function.attr == "get"


def names_read(tree: ast.AST) -> set[str]:
    """Environment names a module reads: env("X"), env.kind("X"), environ.Env(X=...),
    os.environ.get("X"), os.environ["X"], os.getenv("X") (never os.environ.setdefault)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and reads_by_name(node):
            names.add(first_string(node) or "")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "Env"
        ):
            names.update(keyword.arg or "" for keyword in node.keywords)
        elif (
            isinstance(node, ast.Subscript)
            and is_os_environ(node.value)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            names.add(node.slice.value)
    return names - {""}


def app_sources() -> list[Path]:
    sources = [ROOT / "config" / "gunicorn.conf.py"]
    for package in APP_PACKAGES:
        sources += [
            path
            for path in (ROOT / package).rglob("*.py")
            if "migrations" not in path.parts and path.name != "test_settings.py"
        ]
    return sources


def read_by_the_app() -> set[str]:
    names: set[str] = set()
    for path in app_sources():
        names |= names_read(ast.parse(path.read_text(), str(path)))
    return names - NOT_SETTINGS


def example_entries() -> dict[str, tuple[str, bool, str]]:
    """NAME -> (value, set (not commented out), the comment above it)."""
    entries: dict[str, tuple[str, bool, str]] = {}
    block: list[str] = []  # the comment lines above the entries that follow
    after_entry = False
    for line in EXAMPLE.read_text().splitlines():
        match = ENTRY.match(line)
        if match:
            name, value = match.groups()
            assert name not in entries, f"{name} is listed twice"
            entries[name] = (value, not line.startswith("#"), " ".join(block))
            after_entry = True
        elif line.startswith("# ") and not line.startswith("# ---"):
            block = [*([] if after_entry else block), line[2:]]
            after_entry = False
        else:
            block, after_entry = [], False
    return entries


def test_every_setting_the_app_reads_is_in_env_example():
    read = read_by_the_app()
    # The reader finds what settings.py and gunicorn's config read, of every kind of call.
    assert {"SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DATABASE_URL", "CACHE_URL"} <= read
    assert {"BEHIND_PROXY", "STATIC_MANIFEST", "GUNICORN_BIND", "GUNICORN_WORKERS"} <= read
    missing = sorted(read - example_entries().keys())
    assert missing == [], f"read by the app but not in .env.example: {missing}"


def test_the_reader_sees_every_way_of_reading_the_environment():
    source = """
env = environ.Env(A=(bool, False))
x = env("B", default="")
y = env.int("C", default=1)
z = os.environ.get("D", "")
w = os.environ["E"]
v = os.getenv("F")
os.environ.setdefault("G", "x")
"""
    assert names_read(ast.parse(source)) == {"A", "B", "C", "D", "E", "F"}


def test_every_entry_of_env_example_is_explained():
    unexplained = [name for name, (_, _, comment) in example_entries().items() if not comment]
    assert unexplained == []


def test_the_required_settings_are_set_and_the_rest_show_their_default():
    entries = example_entries()
    for name in ("SECRET_KEY", "SITE_URL", "ALLOWED_HOSTS", "DATABASE_URL"):
        value, is_set, comment = entries[name]
        assert is_set and value and "REQUIRED" in comment, name
    assert entries["DEBUG"][:2] == ("0", True)
    # A commented-out line is the default: the app's own for the settings it has.
    assert entries["PUBLIC_PAGE_S_MAXAGE"][:2] == ("1", False)
    assert entries["GUNICORN_BIND"][:2] == ("127.0.0.1:8000", False)


def test_the_example_is_a_production_configuration_the_deploy_checks_pass():
    env = {
        key: value
        for key, value in os.environ.items()
        if key in {"PATH", "HOME", "LANG", "SYSTEMROOT", "TMPDIR"}
    }
    env.update({name: value for name, (value, is_set, _) in example_entries().items() if is_set})
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_real_env_file_is_never_committed():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert ".env" in ignored
    dockerignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ".env" in dockerignored and "!.env.example" in dockerignored


def test_every_entry_of_env_example_is_read_by_the_app_or_the_compose_file():
    compose = (ROOT / "deploy" / "compose.yaml").read_text()
    interpolated = set(re.findall(r"(?<!\$)\$\{([A-Z_]+)", compose))
    assert interpolated == {"POSTGRES_PASSWORD", "WHIST_SERVER_NAME", "WHIST_HTTP_PORT"}
    stale = sorted(example_entries().keys() - read_by_the_app() - interpolated)
    assert stale == [], f"in .env.example but read by nothing: {stale}"
