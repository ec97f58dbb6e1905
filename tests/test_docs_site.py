"""The documentation site (mkdocs.yml, docs/) builds strictly: no broken link, no page left
out of the navigation; and the README stays short and points into it (issue 29 item 9)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from config.app_packages import APP_PACKAGES

ROOT = Path(__file__).resolve().parents[1]


def test_the_docs_site_builds_strictly(tmp_path: Path) -> None:
    mkdocs = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run(
        [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    site = tmp_path / "site"
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    for page in (ROOT / "docs").glob("*.md"):
        name = "index.html" if page.stem == "index" else f"{page.stem}/index.html"
        assert name in pages, f"docs/{page.name} is not in the site"


README = ROOT / "README.md"
# A relative Markdown link: [text](target), the target without a scheme or an anchor alone.
LINK = re.compile(r"\]\((?![a-z]+:|#)([^)\s#]+)(?:#[^)\s]*)?\)")


def test_the_readme_is_under_12_kb() -> None:
    # what the app is, the two commands, where to read on; the rest is in docs/
    assert len(README.read_bytes()) < 12 * 1024


def test_every_link_of_the_readme_leads_to_a_file() -> None:
    targets = LINK.findall(README.read_text(encoding="utf-8"))
    assert targets
    missing = [target for target in targets if not (ROOT / target).is_file()]
    assert not missing, missing


def test_the_readme_links_every_page_of_the_site() -> None:
    linked = set(LINK.findall(README.read_text(encoding="utf-8")))
    pages = {f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")}
    assert pages <= linked, sorted(pages - linked)


# A file of the repository named in a code span: `league/latin_slug.py`, `deploy/compose.yaml`.
FILE = re.compile(
    r"`([a-z_][\w.-]*(?:/[\w.-]+)+\.(?:py|sh|md|yml|yaml|js|mjs|conf|toml|txt|json))`"
)


def test_every_file_the_readme_and_the_site_name_exists() -> None:
    pages = [README, *sorted((ROOT / "docs").glob("*.md"))]
    named = {
        (page.name, path)
        for page in pages
        for path in FILE.findall(page.read_text(encoding="utf-8"))
    }
    assert len(named) > 50
    missing = sorted((page, path) for page, path in named if not (ROOT / path).exists())
    assert not missing, missing


# ARCHITECTURE.md names a module by its path or, inside its package's paragraph, by its name.
MODULE = re.compile(
    r"`([a-z_][\w.-]*(?:/[\w.-]+)*\.(?:py|sh|md|yml|yaml|js|mjs|conf|toml|txt|json))`"
)


def test_every_file_architecture_names_exists() -> None:
    # the drift issue 29 found (a module moved, the text left behind) fails here
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    skipped = ("node_modules", "site", "staticfiles")
    folders = [
        p for p in ROOT.iterdir() if p.is_dir() and p.name[0] != "." and p.name not in skipped
    ]
    named = set(MODULE.findall(text))
    assert len(named) > 100

    def exists(name: str) -> bool:
        if (ROOT / name).exists() or any((folder / name).exists() for folder in folders):
            return True
        return any(True for folder in folders for _ in folder.glob(f"*/{name}"))

    missing = sorted(name for name in named if not exists(name))
    assert not missing, missing


def test_architecture_has_a_paragraph_for_every_app_package() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    described = set(re.findall(r"^- `(\w+)/`", text, flags=re.MULTILINE))
    described |= set(re.findall(r"^`(\w+)/` \(", text, flags=re.MULTILINE))  # config's
    assert set(APP_PACKAGES) <= described, sorted(set(APP_PACKAGES) - described)


def test_bench_readme_names_every_bench_script() -> None:
    # bench/README.md is where a benchmark is found: a new script goes in its table
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    helpers = {"__init__.py", "support.py"}
    scripts = {p.name for p in (ROOT / "bench").glob("*.py")} - helpers
    assert scripts
    missing = sorted(name for name in scripts if f"`{name}" not in text)
    assert not missing, missing
