"""No package loop through config (issue 29 item 5): config (settings, URLs, middleware, the
health checks) imports the app packages, so none of them imports config back; they reach
the Celery app as celery.current_app (config.celery makes it the default) and settings
through django.conf."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from celery import current_app

from config.app_packages import APP_PACKAGES
from config.celery import app

ROOT = Path(__file__).resolve().parents[2]


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_app_package_imports_config():
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for package in APP_PACKAGES
        if package != "config"
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for name in sorted(imported(path))
        if name == "config" or name.startswith("config.")
    ]
    assert found == []


def test_the_celery_app_is_the_default_in_every_thread():
    seen: list[object] = []
    thread = threading.Thread(target=lambda: seen.append(current_app._get_current_object()))
    thread.start()
    thread.join()
    assert seen == [app]
