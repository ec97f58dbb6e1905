"""The translation catalogues are complete and compile (issue 31 item 4).

For each of locale/he and locale/ru: no entry untranslated, fuzzy or obsolete; its msgids are
exactly the ones a fresh `makemessages` (scripts/messages.sh, as `make messages` runs it) finds
in the code, run on a copy of the tree so the repository is untouched; msgfmt --check-format
compiles it; and the committed .mo holds what the .po says.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("he", "ru")
# What the copy leaves out: nothing makemessages reads (it skips hidden folders itself).
NOT_COPIED = shutil.ignore_patterns(
    ".*", "node_modules", "site", "artifacts", "__pycache__", "*.sqlite3", "*.mo", "*.po"
)

Key = tuple[str | None, str]
Fresh = dict[str, set[Key]]


def catalogue_path(code: str) -> Path:
    return ROOT / "locale" / code / "LC_MESSAGES" / "django.po"


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def key_of(message_id: str | Sequence[str], context: str | None) -> Key:
    return (context, message_id if isinstance(message_id, str) else message_id[0])


def keys(catalogue: Catalog) -> set[Key]:
    return {key_of(message.id, message.context) for message in catalogue if message.id}


def listed(found: set[Key]) -> str:
    """One msgid a line (with its context), sorted, so a failure names every string."""
    lines = [f"  [{context}] {msgid!r}" if context else f"  {msgid!r}" for context, msgid in found]
    return "\n".join(sorted(lines))


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fresh]:
    """The msgids makemessages finds in the code now, per language, from a copy of the tree."""
    copy = tmp_path_factory.mktemp("catalogues") / "tree"
    shutil.copytree(ROOT, copy, ignore=NOT_COPIED)
    for code in LANGUAGES:
        (copy / "locale" / code / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHON": sys.executable, "DEBUG": "1"}
    done = subprocess.run(
        ["bash", "scripts/messages.sh", "extract"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    found = {code: copy / "locale" / code / "LC_MESSAGES" / "django.po" for code in LANGUAGES}
    yield {code: keys(read_catalogue(path)) for code, path in found.items()}


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_has_no_untranslated_entry(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    empty = set()
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        forms = catalogue.num_plurals if message.pluralizable else 1
        if not all(strings) or len(strings) != forms:
            empty.add(key_of(message.id, message.context))
    assert not empty, f"locale/{code}: {len(empty)} untranslated msgid(s):\n{listed(empty)}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_has_no_fuzzy_entry(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    assert not catalogue.fuzzy, f"locale/{code}: the header is marked fuzzy"
    fuzzy = {key_of(m.id, m.context) for m in catalogue if m.id and m.fuzzy}
    assert not fuzzy, f"locale/{code}: {len(fuzzy)} fuzzy msgid(s):\n{listed(fuzzy)}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_has_no_obsolete_entry(code: str) -> None:
    catalogue = read_catalogue(catalogue_path(code))
    obsolete = {key_of(m.id, m.context) for m in catalogue.obsolete.values()}
    assert not obsolete, f"locale/{code}: {len(obsolete)} obsolete msgid(s):\n{listed(obsolete)}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_holds_every_msgid_of_the_code(code: str, fresh_catalogues: Fresh) -> None:
    committed = keys(read_catalogue(catalogue_path(code)))
    missing = fresh_catalogues[code] - committed
    assert not missing, (
        f"locale/{code}: {len(missing)} msgid(s) of the code missing from the catalogue "
        f"(run `make messages` and translate them):\n{listed(missing)}"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_holds_no_msgid_the_code_lacks(code: str, fresh_catalogues: Fresh) -> None:
    committed = keys(read_catalogue(catalogue_path(code)))
    stale = committed - fresh_catalogues[code]
    assert not stale, (
        f"locale/{code}: {len(stale)} msgid(s) the code no longer has "
        f"(run `make messages`):\n{listed(stale)}"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_compiles_and_the_committed_mo_is_its_own(code: str, tmp_path: Path) -> None:
    po = catalogue_path(code)
    compiled = tmp_path / "django.mo"
    done = subprocess.run(
        ["msgfmt", "--check-format", "--check-header", "-o", str(compiled), str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"locale/{code}: msgfmt --check-format fails:\n{done.stderr}"

    def translations(path: Path) -> dict[Key, object]:
        with path.open("rb") as handle:
            catalogue = read_mo(handle)
        return {key_of(m.id, m.context): m.string for m in catalogue if m.id}

    committed = translations(po.with_suffix(".mo"))
    fresh = translations(compiled)
    everything = committed.keys() | fresh.keys()
    differ = {key for key in everything if committed.get(key) != fresh.get(key)}
    assert not differ, (
        f"locale/{code}: the committed django.mo is not compiled from django.po "
        f"(msgfmt --check-format -o django.mo django.po); it differs in:\n{listed(differ)}"
    )


def test_russian_catalogue_has_the_three_russian_plural_forms() -> None:
    catalogue = read_catalogue(catalogue_path("ru"))
    assert catalogue.num_plurals == 3
    forms = catalogue.plural_forms.replace(" ", "")
    assert "n%10==1&&n%100!=11?0" in forms, forms
