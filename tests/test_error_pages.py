"""Error pages: a down database answers 503 with Retry-After, never a bare 500 traceback."""

import json

import pytest
from django.db import OperationalError
from django.test import RequestFactory

from config.views import server_error


def _fail_with(exception, path, method="get"):
    try:
        raise exception
    except Exception:
        return server_error(getattr(RequestFactory(), method)(path))


def test_database_down_page_is_a_retryable_503():
    response = _fail_with(OperationalError("connection refused"), "/seasons/s/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "briefly unavailable" in response.content.decode()
    assert "Traceback" not in response.content.decode()


def test_database_down_says_nothing_was_saved_only_for_a_form():
    # a page view may follow a form that was saved just before the database went away
    page = _fail_with(OperationalError("connection refused"), "/tables/5/")
    assert "nothing was saved" not in page.content.decode()
    form = _fail_with(OperationalError("connection refused"), "/tables/5/submit/", "post")
    assert "nothing was saved" in form.content.decode()


def test_database_down_api_answer_is_json_with_a_code():
    response = _fail_with(OperationalError("connection refused"), "/api/v1/leagues/")
    assert response.status_code == 503
    body = json.loads(response.content)
    assert body["errors"][0]["code"] == "unavailable"


def test_other_failures_get_the_site_error_page():
    response = _fail_with(RuntimeError("boom"), "/players/x/")
    assert response.status_code == 500
    assert "Retry-After" not in response
    assert "boom" not in response.content.decode()


@pytest.mark.django_db
def test_unknown_address_gets_the_site_404_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert 'dir="ltr"' in response.content.decode()
    assert "Page not found" in response.content.decode()


def test_try_again_after_a_failed_form_leads_back_to_the_form():
    request = RequestFactory().post(
        "/tables/5/confirm/", HTTP_REFERER="http://testserver/tables/5/"
    )
    try:
        raise OperationalError("connection refused")
    except OperationalError:
        response = server_error(request)
    assert 'href="http://testserver/tables/5/"' in response.content.decode()


def test_try_again_never_leads_to_another_site():
    request = RequestFactory().post("/tables/5/confirm/", HTTP_REFERER="https://evil.example/")
    try:
        raise OperationalError("connection refused")
    except OperationalError:
        response = server_error(request)
    assert "evil.example" not in response.content.decode()
    assert 'href="/"' in response.content.decode()
