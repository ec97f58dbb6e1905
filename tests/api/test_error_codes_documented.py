"""Every code a client can meet is documented (docs/api.md) with its status, and every
refusal's code has its status in the API's one table."""

from __future__ import annotations

import re
from pathlib import Path

from api.errors import ACTION_STATUS, ApiErrorCode
from core.errors import ActionCode
from league.lookups import LookupCode

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
ROW = re.compile(r"^\| `(\w+)` \| ([\d /]+) \|", re.MULTILINE)


def _documented(section: str) -> dict[str, str]:
    text = DOCS.read_text(encoding="utf-8").split(section, 1)[1].split("\n## ", 1)[0]
    return {code: status.strip() for code, status in ROW.findall(text)}


def test_every_refusal_code_has_its_status_in_one_table():
    own = {ApiErrorCode.MALFORMED, ApiErrorCode.TABLE_HAS_GAME}  # api.errors.ApiRefusal's
    assert set(ACTION_STATUS) == {*ActionCode, *LookupCode, *own}


def test_no_two_code_enums_share_a_code():
    values = [code.value for enum in (ActionCode, LookupCode, ApiErrorCode) for code in enum]
    assert len(values) == len(set(values))


def test_every_refused_action_code_is_documented_with_its_status():
    documented = _documented("## Refused actions")
    assert documented == {code.value: str(ACTION_STATUS[code]) for code in ActionCode}


def test_every_lookup_code_is_documented_with_its_status():
    documented = _documented("## Where a game goes")
    assert documented == {code.value: str(ACTION_STATUS[code]) for code in LookupCode}


def test_every_request_code_is_documented():
    assert set(_documented("## About the request")) == {code.value for code in ApiErrorCode}
