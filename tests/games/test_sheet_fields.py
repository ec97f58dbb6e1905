"""The sheet form's field names are spelled once (games/sheet_fields.py): the server reads,
writes and checks them, and the phone sheet's script (static/web/sheet-rules.js) gets the
template and names the same fields."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from games.drafts import _FIELD
from games.sheet_fields import DEAL_FIELDS, FIELD, field_name
from games.sheets import sheet_field, sheet_fields, sheet_from_form

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
const Rules = require("./static/web/sheet-rules.js");
const field = process.argv[1];
console.log(JSON.stringify({
  names: Rules.NAMES,
  named: Rules.NAMES.map((name) => Rules.fieldName(field, 7, name)),
  read: Rules.fieldOf(field, "deal-7-tricks-3"),
  whole: Rules.fieldOf(field, "deal-7"),
}));
"""


def _script_says() -> dict[str, object]:
    node = shutil.which("node")
    assert node, "Node.js is needed: the phone sheet's rules are checked with it"
    done = subprocess.run(
        [node, "-e", SCRIPT, FIELD], capture_output=True, text=True, cwd=ROOT, check=True
    )
    said: dict[str, object] = json.loads(done.stdout)
    return said


def test_the_phone_sheets_script_names_the_fields_as_the_server_does():
    said = _script_says()
    assert said["names"] == list(DEAL_FIELDS)
    assert said["named"] == [field_name(7, name) for name in DEAL_FIELDS]
    assert said["read"] == {"deal": 7, "name": "tricks-3"}
    assert said["whole"] == {"deal": 7, "name": ""}


def test_every_deal_field_is_read_written_pointed_at_and_kept_in_drafts():
    fields = {field_name(0, name): "1" for name in DEAL_FIELDS} | {field_name(0, "trump"): "H"}
    (record,) = sheet_from_form(fields, 1)
    assert record == {
        "trump": "H", "declarer": 1, "winning_bid": 1, "contracts": [1] * 4, "tricks": [1] * 4
    }  # fmt: skip
    assert sheet_fields([record]) == fields
    assert sheet_field("deals[0].contracts[2]") == field_name(0, "contract-2")
    assert sheet_field("deals[0]") == field_name(0)
    assert all(_FIELD.fullmatch(name) for name in fields)
    assert not _FIELD.fullmatch(field_name(0, "contract-4"))
