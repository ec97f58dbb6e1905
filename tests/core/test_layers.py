"""The layers of ARCHITECTURE.md: the import-linter contracts hold, and no app hides an import
inside a function (the habit that dodged the old import cycles)."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

from config.app_packages import APP_PACKAGES
from core.actor import SYSTEM, Actor
from draws import entrants
from standings.loader import current_ranking as standings_ranking

ROOT = Path(__file__).resolve().parents[2]


def test_the_layer_contracts_are_kept() -> None:
    # A new import from a lower package to a higher one (a cycle) breaks the build. In its
    # own process: import-linter's command line configures logging with dictConfig, which
    # would disable every logger this process already made.
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--no-cache", str(ROOT / "pyproject.toml")],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def _function_level_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if node.name == "ready":  # AppConfig.ready: Django's place for start-up imports
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import | ast.ImportFrom):
                found.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    return found


def test_no_app_module_imports_inside_a_function() -> None:
    found = [
        where
        for app in APP_PACKAGES
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
        for where in _function_level_imports(path)
    ]
    assert found == []


def test_the_system_is_an_actor_with_no_user_id() -> None:
    actor: Actor = SYSTEM
    assert actor.pk is None
    assert actor.is_authenticated is False
    assert repr(actor) == "SYSTEM"


def test_the_draws_read_the_ranking_from_the_standings_below_them() -> None:
    # The draws sit above the standings (issue 29 item 2): they import the ranking, and no
    # start-up registry in the league reaches up for it any more.
    assert entrants.current_ranking is standings_ranking
    assert importlib.util.find_spec("league.ranking") is None
