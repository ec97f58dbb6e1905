"""The e-mail pages at 390x844 in Hebrew, English and Russian (issue 31 item 3): the
unsubscribe page (one button, which unsubscribes), its answer, a bad link's page, and
/me/'s e-mails part (the language form, each kind's button): no sideways scroll, no serious
or critical axe-core violation, the page's language and direction."""

from __future__ import annotations

import pytest

from mail.kinds import Kind
from mail.recipients import language_of, set_language, unsubscribed_kinds
from mail.tokens import unsubscribe_token
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
UNSUBSCRIBED = {"he": "הוסרת מרשימת התפוצה", "en": "Unsubscribed", "ru": "Вы отписались"}


def _check(page, where: str, language: str) -> None:  # type: ignore[no-untyped-def]
    screenshot(page, f"{where}-{language}-390")
    assert page.locator("html").get_attribute("lang") == language
    direction = "rtl" if language == "he" else "ltr"
    assert page.locator("html").get_attribute("dir") == direction
    assert page_scroll_width(page) <= PHONE_390["width"], where
    assert axe_violations(page) == [], where


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_unsubscribe_pages_on_a_phone(live_server, chromium, language):
    user = make_account("dana")
    user.email = "dana@example.org"
    user.save(update_fields=["email"])
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/mail/unsubscribe/{unsubscribe_token(user.pk, Kind.RESULTS)}/")
        _check(page, "unsubscribe", language)
        assert page.locator("main button").count() == 1
        assert unsubscribed_kinds(user) == frozenset()  # opening the link changes nothing
        page.locator("main button").click()
        page.wait_for_load_state()
        assert page.locator("main h1").inner_text() == UNSUBSCRIBED[language]
        _check(page, "unsubscribed", language)
        assert unsubscribed_kinds(user) == {Kind.RESULTS}
        response = page.goto(f"{live_server.url}/mail/unsubscribe/not-a-token/")
        assert response is not None and response.status == 400
        _check(page, "unsubscribe-invalid", language)
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_e_mails_part_of_me_on_a_phone(live_server, chromium, language):
    user = make_account("dana")
    user.email = "dana@example.org"
    user.save(update_fields=["email"])
    set_language(user, "en")
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    try:
        log_in(page, live_server.url, "dana", "/me/")
        page.locator("#emails").scroll_into_view_if_needed()
        _check(page, "me-emails", language)
        page.select_option("#mail-language", language)
        page.locator("#emails form").first.locator("button").click()
        page.wait_for_url("**/me/#emails")
        assert language_of(user) == language
        page.locator("#emails li").first.locator("button").click()
        page.wait_for_url("**/me/#emails")
        assert unsubscribed_kinds(user) == {Kind.DISPUTE}
        _check(page, "me-emails-unsubscribed", language)
    finally:
        context.close()
