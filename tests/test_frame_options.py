"""Every answer forbids framing, as the pages do: static files and the 400 for a bad Host
carry the same X-Frame-Options as every page, beside the CSP's frame-ancestors 'none'."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("path", "host", "status"),
    [
        ("/static/web/copy.js", "testserver", 200),
        ("/static/web/no-such-file.js", "testserver", 404),
        ("/healthz", "evil.example", 400),
        ("/seasons/", "evil.example", 400),
        ("/no-such-page/", "testserver", 404),
    ],
)
def test_every_answer_carries_the_pages_x_frame_options(client, path, host, status):
    page = client.get("/healthz")
    assert page["X-Frame-Options"] == "DENY"
    response = client.get(path, HTTP_HOST=host)
    assert response.status_code == status
    assert response["X-Frame-Options"] == page["X-Frame-Options"]
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
