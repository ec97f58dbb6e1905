"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, at phone width."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import make_season  # noqa: F401 - the season-building fixture

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@pytest.fixture(scope="module")
def chromium(django_db_setup: None) -> Iterator[object]:
    """One browser per test module, started once the test database exists.

    Playwright's sync API runs an event loop in this thread while the tests (and the test
    database's flushes) make plain synchronous ORM calls, so Django's async-safety guard is
    lifted for the browser modules only and restored after them.
    """
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure_chromium.sh")
    from playwright.sync_api import sync_playwright

    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = previous


def new_phone(chromium, language: str = "en"):  # type: ignore[no-untyped-def]
    """A fresh phone-sized browser context asking for `language`."""
    context = chromium.new_context(
        viewport=PHONE,
        locale=language,
        extra_http_headers={"Accept-Language": language},
        device_scale_factor=1,
    )
    context.set_default_timeout(15_000)
    return context


@pytest.fixture
def phone(chromium):  # type: ignore[no-untyped-def]
    context = new_phone(chromium)
    yield context.new_page()
    context.close()


@pytest.fixture
def hebrew_phone(chromium):  # type: ignore[no-untyped-def]
    context = new_phone(chromium, "he")
    yield context.new_page()
    context.close()


def screenshot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a full-page screenshot under artifacts/screenshots/ (kept by CI as an artifact)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def page_scroll_width(page) -> int:  # type: ignore[no-untyped-def]
    """How wide the page's content is: more than the viewport means sideways scrolling."""
    return int(page.evaluate("document.documentElement.scrollWidth"))
