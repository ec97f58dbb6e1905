"""Pages work under the Content-Security-Policy: no violation on the public pages, the
deal sheet's live check, or the API docs (Swagger UI, Redoc), which still render."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch_violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Console messages about the Content-Security-Policy, as the page raises them."""
    seen: list[str] = []
    page.on(
        "console",
        lambda message: (
            seen.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return seen


def test_public_pages_raise_no_policy_violation(live_server, phone, make_season):
    season = make_season()
    violations = watch_violations(phone)
    for path in ("/", f"/seasons/{season.slug}/", f"/seasons/{season.slug}/rules/"):
        response = phone.goto(live_server.url + path)
        assert response is not None and response.status == 200
        assert response.headers["content-security-policy"]
    assert violations == []


def test_swagger_ui_renders_under_the_policy(live_server, phone):
    violations = watch_violations(phone)
    phone.goto(f"{live_server.url}/api/docs/")
    phone.wait_for_selector("#swagger-ui .info .title")
    assert "Whist League API" in phone.inner_text("#swagger-ui .info .title")
    assert violations == []


def test_redoc_renders_under_the_policy(live_server, phone):
    violations = watch_violations(phone)
    phone.goto(f"{live_server.url}/api/redoc/")
    phone.wait_for_selector("h1:has-text('Whist League API')")
    # Redoc's "powered by" logo comes from its CDN: blocking that is the policy's job.
    assert [v for v in violations if "Loading the image 'https://cdn.redoc.ly/" not in v] == []


def test_the_admin_works_under_the_policy(live_server, phone, django_user_model):
    django_user_model.objects.create_superuser("boss", password="boss-password-123")
    violations = watch_violations(phone)
    phone.goto(f"{live_server.url}/admin/login/")
    phone.fill("#id_username", "boss")
    phone.fill("#id_password", "boss-password-123")
    phone.click("input[type=submit]")
    phone.wait_for_selector("#site-name")
    phone.goto(f"{live_server.url}/admin/league/season/add/")
    phone.wait_for_selector("#season_form")
    assert violations == []
