"""No package loops, counting the Django edges (issue 29 item 5): the layer contract names
its siblings independent, and the edges import-linter cannot see (a template's
{% load %}, {% include %} and {% extends %}, and the template a module renders) follow the
same layers."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from django.contrib import admin

from config.app_packages import APP_PACKAGES
from league.models import League

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LAYERS_CONTRACT = next(
    contract
    for contract in CONFIG["tool"]["importlinter"]["contracts"]
    if contract["type"] == "layers"
)
LAYERS: list[str] = LAYERS_CONTRACT["layers"]

# Each folder of templates/ belongs to the package whose pages it holds; a new folder must
# be named here (templates/*.html at the top, base.html and the error pages, are config's).
TEMPLATE_OWNERS = {
    "web": "web",
    "manage": "desk",
    "registration": "accounts",
    "drf_spectacular": "api",
    "games": "games",
    "draws": "draws",
    "league": "league",
    "mail": "mail",
}
TAG = re.compile(r"{%\s*(load|include|extends)\s+([^%]*?)\s*%}")
TEMPLATE_NAME = re.compile(r"""["']([a-z_]+)/[A-Za-z0-9_./-]+\.(?:html|txt)["']""")


def _packages(layer: str) -> list[str]:
    return [name.strip() for name in re.split(r"[|:]", layer)]


def _rank() -> dict[str, int]:
    """Each package's height: the top layer's packages the highest."""
    return {name: -i for i, layer in enumerate(LAYERS) for name in _packages(layer)}


def _independent(a: str, b: str) -> bool:
    return any("|" in layer and {a, b} <= set(_packages(layer)) for layer in LAYERS)


def _allowed(source: str, target: str) -> bool:
    """May `source` depend on `target`? Itself, a lower layer, or a sibling not marked
    independent; config (outside the layers, it wires them together) either way."""
    rank = _rank()
    if source == target or "config" in (source, target):
        return True
    if rank[source] == rank[target]:
        return not _independent(source, target)
    return rank[source] > rank[target]


def _libraries() -> dict[str, str]:
    """The app packages' template tag libraries, by name: the package that defines each."""
    return {
        path.stem: package
        for package in APP_PACKAGES
        for path in (ROOT / package).glob("templatetags/*.py")
        if path.stem != "__init__"
    }


def _template_owner(name: str) -> str:
    folder = name.split("/")[0] if "/" in name else ""
    return TEMPLATE_OWNERS[folder] if folder else "config"


def _template_edges() -> list[tuple[str, str, str]]:
    """(template, its package, the package it loads, includes or extends)."""
    libraries = _libraries()
    edges = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        name = path.relative_to(ROOT / "templates").as_posix()
        owner = _template_owner(name)
        for tag, argument in TAG.findall(path.read_text(encoding="utf-8")):
            if tag == "load":
                targets = [libraries[lib] for lib in argument.split() if lib in libraries]
            else:
                quoted = re.match(r"""["']([^"']+)["']""", argument)
                targets = [_template_owner(quoted.group(1))] if quoted else []
            edges += [(name, owner, target) for target in targets]
    return edges


def _rendered_templates() -> list[tuple[str, str, str]]:
    """(module, its package, the package of a template it names)."""
    found = []
    for package in APP_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for folder in TEMPLATE_NAME.findall(path.read_text(encoding="utf-8")):
                if folder in TEMPLATE_OWNERS:
                    found.append((str(path.relative_to(ROOT)), package, TEMPLATE_OWNERS[folder]))
    return found


def test_every_template_folder_has_an_owner_in_the_layers() -> None:
    folders = {p.name for p in (ROOT / "templates").iterdir() if p.is_dir()}
    assert sorted(folders - set(TEMPLATE_OWNERS)) == []
    assert sorted(set(TEMPLATE_OWNERS.values()) - set(_rank())) == []


def test_every_app_package_sits_in_a_layer_but_config() -> None:
    assert sorted(set(APP_PACKAGES) - set(_rank())) == ["config"]


def test_the_layer_contract_ignores_no_import() -> None:
    # An admin, a page or a command that needs a higher layer lives in that layer.
    assert LAYERS_CONTRACT.get("ignore_imports", []) == []


def test_the_league_models_admin_is_the_desks() -> None:
    assert type(admin.site._registry[League]).__module__ == "desk.admin"


def test_siblings_of_a_layer_are_independent() -> None:
    # ":" would let siblings import each other; "|" makes a sideways import fail.
    assert [layer for layer in LAYERS if ":" in layer] == []


def test_templates_load_include_and_extend_only_their_own_package_or_below() -> None:
    edges = _template_edges()
    assert ("manage/round.html", "desk", "league") in edges  # the check sees {% load %}
    assert [edge for edge in edges if not _allowed(edge[1], edge[2])] == []


def test_modules_render_only_templates_of_their_own_package_or_below() -> None:
    rendered = _rendered_templates()
    assert ("desk/views/manage.py", "desk", "desk") in rendered  # the check sees renders
    assert [edge for edge in rendered if not _allowed(edge[1], edge[2])] == []


def test_a_sideways_import_in_the_top_layer_fails_the_contract(tmp_path: Path) -> None:
    # The project's own layers over stand-in packages, one of which imports a sibling.
    for layer in LAYERS:
        for name in _packages(layer):
            (tmp_path / name).mkdir()
            (tmp_path / name / "__init__.py").write_text("", encoding="utf-8")
    top = _packages(LAYERS[0])
    (tmp_path / top[1] / "sideways.py").write_text(f"import {top[0]}\n", encoding="utf-8")
    names = ", ".join(f'"{name}"' for layer in LAYERS for name in _packages(layer))
    layers = ", ".join(f'"{layer}"' for layer in LAYERS)
    (tmp_path / ".importlinter.toml").write_text(
        f"[tool.importlinter]\nroot_packages = [{names}]\n\n"
        f'[[tool.importlinter.contracts]]\nname = "layers"\ntype = "layers"\n'
        f"layers = [{layers}]\n",
        encoding="utf-8",
    )
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--no-cache", "--config", str(tmp_path / ".importlinter.toml")],
        capture_output=True, text=True, cwd=tmp_path, check=False,
        env={"PYTHONPATH": str(tmp_path), "PATH": str(Path(sys.executable).parent)},
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{top[1]}.sideways -> {top[0]}" in done.stdout
