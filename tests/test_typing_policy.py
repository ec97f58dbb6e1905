"""The typing policy of issue 17: mypy checks every app package, and every `# type: ignore`
names its error code and says why on the same line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from config.app_packages import APP_PACKAGES

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")


def test_import_linter_checks_every_app_package_once():
    roots = CONFIG["tool"]["importlinter"]["root_packages"]
    assert sorted(roots) == sorted(APP_PACKAGES)


def test_mypy_checks_every_app_package():
    checked = set(CONFIG["tool"]["mypy"]["files"])
    assert sorted(set(APP_PACKAGES) - checked) == []


def test_mypy_is_strict_and_skips_only_migrations():
    mypy = CONFIG["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["exclude"] == ["/migrations/"]


def _ignores_without_reason() -> list[str]:
    found = []
    for package in APP_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                match = IGNORE.search(line)
                if match is None:
                    continue
                reason = match.group("rest").strip().lstrip("#").strip()
                if not match.group("codes") or not reason:
                    found.append(f"{path.relative_to(ROOT)}:{number}")
    return found


def test_every_type_ignore_names_its_code_and_a_reason_on_the_line():
    assert _ignores_without_reason() == []
