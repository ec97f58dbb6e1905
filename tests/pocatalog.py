"""Read a gettext .po catalog into entries, for tests that check the translations' words."""

import ast
from dataclasses import dataclass, field
from pathlib import Path

HEBREW_CATALOG = (
    Path(__file__).resolve().parent.parent / "locale" / "he" / "LC_MESSAGES" / "django.po"
)


@dataclass
class Entry:
    """One catalog entry: its context, source text(s), translation(s), flags and line number."""

    line: int
    context: str = ""
    msgid: str = ""
    msgid_plural: str = ""
    msgstrs: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def _unquote(text: str) -> str:
    value = ast.literal_eval(text.strip())
    assert isinstance(value, str)
    return value


def read_catalog(path: Path = HEBREW_CATALOG) -> list[Entry]:
    """Parse ``path``; the header entry (empty msgid) is left out."""
    entries: list[Entry] = []
    current: Entry | None = None
    flags: set[str] = set()
    context = ""
    target = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#~"):
            if current is None or not current.obsolete:
                current = Entry(line=number, obsolete=True)
                entries.append(current)
            continue
        if line.startswith("#,"):
            flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            context = _unquote(rest)
            target = "msgctxt"
        elif keyword == "msgid":
            current = Entry(line=number, context=context, flags=flags)
            entries.append(current)
            flags = set()
            context = ""
            target = "msgid"
            current.msgid = _unquote(rest)
        elif target == "msgctxt" and line.startswith('"'):
            context += _unquote(line)
        elif current is None:
            raise ValueError(f"{path}:{number}: text before the first msgid")
        elif keyword == "msgid_plural":
            target = "msgid_plural"
            current.msgid_plural = _unquote(rest)
        elif keyword.startswith("msgstr"):
            target = "msgstr"
            current.msgstrs.append(_unquote(rest))
        elif line.startswith('"'):
            if target == "msgstr":
                current.msgstrs[-1] += _unquote(line)
            elif target == "msgid_plural":
                current.msgid_plural += _unquote(line)
            else:
                current.msgid += _unquote(line)
        else:
            raise ValueError(f"{path}:{number}: cannot read {line!r}")
    return [entry for entry in entries if entry.msgid or entry.obsolete]
