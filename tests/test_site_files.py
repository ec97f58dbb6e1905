"""robots.txt keeps crawlers to the public pages; /favicon.ico is a real icon."""

from __future__ import annotations

import struct

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _rules() -> list[str]:
    response = Client().get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    return response.content.decode().splitlines()


def test_robots_txt_closes_the_private_parts():
    rules = _rules()
    for path in ("/manage/", "/links/", "/accounts/", "/admin/", "/api/", "/me/", "/mail/"):
        assert f"Disallow: {path}" in rules


def test_robots_txt_leaves_the_public_pages_open():
    rules = _rules()
    assert rules[0] == "User-agent: *"
    assert "Allow: /" in rules
    assert not [rule for rule in rules if rule.startswith("Disallow:") and rule.split()[1] in (
        "/", "/seasons/", "/ratings/", "/players/"
    )]  # fmt: skip


def test_favicon_ico_is_an_icon_with_a_32_pixel_image():
    response = Client().get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    assert "max-age=" in response["Cache-Control"]
    body = response.content
    reserved, kind, count = struct.unpack("<HHH", body[:6])
    assert (reserved, kind) == (0, 1) and count >= 1  # an icon resource
    sizes = [body[6 + 16 * i] for i in range(count)]
    assert 32 in sizes
    first_offset = struct.unpack("<I", body[6 + 12 : 6 + 16])[0]
    assert body[first_offset : first_offset + 8] == b"\x89PNG\r\n\x1a\n"
