"""Every response sends a Content-Security-Policy (only our own scripts and styles, nothing
inline) and a Permissions-Policy; the API docs pages get their nonce'd inline script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRICT_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "font-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/", "/seasons/", "/accounts/login/", "/nowhere/", "/api/v1/leagues/", "/healthz"]
)
def test_every_response_sends_the_strict_policy_and_a_permissions_policy(client, path):
    response = client.get(path)
    assert directives(response["Content-Security-Policy"]) == STRICT_POLICY
    permissions = response["Permissions-Policy"]
    assert "camera=()" in permissions
    assert "geolocation=()" in permissions
    assert "microphone=()" in permissions


@pytest.mark.django_db
def test_the_admin_login_sends_the_strict_policy(client):
    response = client.get("/admin/login/")
    assert response.status_code == 200
    assert directives(response["Content-Security-Policy"]) == STRICT_POLICY


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_inline_scripts_carry_the_nonce_of_their_policy(client, path):
    response = client.get(path)
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert "'unsafe-inline'" not in policy["script-src"]
    nonces = [v[7:-1] for v in policy["script-src"] if v.startswith("'nonce-")]
    page = response.content.decode()
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert "src=" in tag or (nonces and f'nonce="{nonces[0]}"' in tag), tag
    assert "fonts.googleapis.com" not in page


MAIL_TEMPLATES = ROOT / "templates" / "mail"  # e-mails, never served under the site's CSP


def test_no_template_or_static_page_has_inline_script_or_style():
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=\"|\son[a-z]+=\"")
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("templates", "static")
        for path in (ROOT / folder).rglob("*.html")
        if "drf_spectacular" not in path.parts
        and path.parent != MAIL_TEMPLATES  # an e-mail's HTML: mail clients want inline styles
        and inline.search(path.read_text())
    ]
    assert offenders == []
