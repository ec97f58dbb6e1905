"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, at phone width."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from league.models import League
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
PHONE_390 = {"width": 390, "height": 844}  # issue 27's phone (CSS pixels of a 6.1" phone)
PASSWORD = "pw-12345!"  # every account the browser tests make
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests drive pages, not the database: they run in the SQLite pass, and in
    the PostgreSQL pass only those marked `postgres` (a page through nginx and the worker),
    which keeps `make test` within its 30 minutes. The pages' data on PostgreSQL is the
    test client's, in every other test of that pass."""
    if connection.vendor != "postgresql":
        return
    skip = pytest.mark.skip(reason="the browser tests run in the SQLite pass")
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("postgres"):
            item.add_marker(skip)


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


def new_phone(chromium, language: str = "en", viewport: dict | None = None, **options):  # type: ignore[no-untyped-def, type-arg]
    """A fresh browser context of `viewport` (the 360-px phone unless given) asking for
    `language`; `options` go on to Playwright's `new_context` (a permission, a device)."""
    context = chromium.new_context(
        viewport=viewport or PHONE,
        locale=language,
        extra_http_headers={"Accept-Language": language},
        device_scale_factor=1,
        **options,
    )
    context.set_default_timeout(15_000)
    return context


def make_account(username: str):  # type: ignore[no-untyped-def]
    """A user account that signs in with `PASSWORD` (`log_in`)."""
    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def league_organizer():  # type: ignore[no-untyped-def]
    """The account "organizer" and the Whist Online League it organizes (no season yet)."""
    user = make_account("organizer")
    league = League.objects.create(name="Whist Online League", slug="whist-online-league")
    league.organizers.add(user)
    return user, league


def log_in(page, base_url: str, username: str, next_path: str) -> None:  # type: ignore[no-untyped-def]
    """Sign `username` in through the sign-in form and wait for `next_path`."""
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{next_path}")


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


@pytest.fixture
def hebrew_390(chromium):  # type: ignore[no-untyped-def]
    """A page of a fresh Hebrew context at 390x844."""
    context = new_phone(chromium, "he", PHONE_390)
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
