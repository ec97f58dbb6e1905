"""A player's e-mail address at 390x844 in Hebrew, English and Russian (issue 31 item 3
follow-up): the sign-up page with its optional "E-mail" field and /me/'s address form
(changed, then cleared): no sideways scroll, no serious or critical axe-core violation."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page

from tests.browser.conftest import (
    PHONE_390,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.browser.test_accessibility import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["he", "en", "ru"]


def _check(page: Page, where: str, language: str) -> None:
    screenshot(page, f"{where}-{language}-390")
    assert page.locator("html").get_attribute("lang") == language
    assert page_scroll_width(page) <= PHONE_390["width"], where
    assert axe_violations(page) == [], where


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_up_page_with_its_address_on_a_phone(live_server, chromium, language):
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/accounts/signup/")
        _check(page, "signup-address", language)
        page.fill("#id_username", "dana")
        page.fill("#id_email", "Dana@Example.ORG")
        page.fill("#id_password1", "a-long-pass-123")
        page.fill("#id_password2", "a-long-pass-123")
        page.locator("main form button[type=submit]").click()
        page.wait_for_load_state()
        assert User.objects.get(username="dana").email == "Dana@example.org"
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_address_form_of_me_on_a_phone(live_server, chromium, language):
    user = make_account("dana")
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    try:
        log_in(page, live_server.url, "dana", "/me/")
        page.locator("#mail-address").scroll_into_view_if_needed()
        _check(page, "me-address", language)
        page.fill("#mail-address", "dana@example.org")
        page.locator("form.mail-address button").click()
        page.wait_for_url("**/me/#emails")
        user.refresh_from_db()
        assert user.email == "dana@example.org"
        _check(page, "me-address-set", language)
        page.fill("#mail-address", "")
        page.locator("form.mail-address button").click()
        page.wait_for_url("**/me/#emails")
        user.refresh_from_db()
        assert user.email == ""
    finally:
        context.close()
