"""The app's own packages: the code the build id hashes (config.build_id), and what the suite
checks package by package (requirements, the settings' names, imports, typing). import-linter's
root packages in pyproject.toml are the same (a test checks it)."""

from __future__ import annotations

from typing import Final

APP_PACKAGES: Final = (
    "accounts",
    "api",
    "config",
    "core",
    "desk",
    "draws",
    "games",
    "league",
    "notices",
    "mail",
    "publishing",
    "rating",
    "scoring",
    "standings",
    "web",
)
