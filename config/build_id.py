"""The deployed build's id, part of every public page's ETag and cached fragment key
(web.versions): a new deploy (other templates, texts or code) never answers "304 Not
Modified" with a page its old code made.

settings.BUILD_ID comes from the environment (BUILD_ID, e.g. the release's tag or commit,
set by the deploy); without it, it is derived once at start from what the pages are made
of, so every process of one checkout (gunicorn's workers, the Celery worker) and every
machine running the same files derives the same id, and no git is needed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from config.app_packages import APP_PACKAGES

# What a page is made of: the app's code, its templates, its translations and static files.
PARTS = ("templates/**/*", "locale/**/*.mo", "static/**/*")


def files_of(base: Path) -> list[Path]:
    """The files whose content makes the build, in a stable order."""
    found = {path for pattern in PARTS for path in base.glob(pattern) if path.is_file()}
    for app in APP_PACKAGES:
        found.update(path for path in (base / app).rglob("*.py") if path.is_file())
    return sorted(found)


def derived_build_id(base: Path) -> str:
    """A short hash of the names and contents of the files that make the pages."""
    digest = hashlib.sha256()
    for path in files_of(base):
        digest.update(path.relative_to(base).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:12]
