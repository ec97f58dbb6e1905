"""Typed player names: trimmed of the direction marks a Hebrew chat's text carries, checked
for invisible characters, and matched against the known ones: the same name written
differently (case, accents, Hebrew niqqud and final letters) or a near spelling (one or two
letters off).

Pure: takes names and (id, name) pairs, returns matches; no ORM.

>>> trim_name("\\u200f  Dana   Levi\\u200e ")
'Dana Levi'
>>> first_invisible("Da\\u200bna"), first_invisible("Dana")
(2, None)
>>> shown_with_invisibles("Da\\u200bna"), describe_character("\\u200b")
('Da[U+200B]na', 'U+200B ZERO WIDTH SPACE')
>>> name_key("\\uff24\\uff21\\uff2e\\uff21") == name_key("dana")  # fullwidth DANA
True
>>> normalise_name("  Shíra  Cohen ")
'shira cohen'
>>> normalise_name("שָׁלוֹם") == normalise_name("שלומ")
True
>>> is_near("shira", "shiro"), is_near("dan", "noa")
(True, False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

# Hebrew final letters (kaf, mem, nun, pe, tsadi) written as their regular forms.
FINAL_LETTERS = str.maketrans("ךםןףץ", "כמנפצ")

# Dropped inside names (O'Neil, ג'ורג'); other punctuation (Dana-Levi) separates words.
APOSTROPHES = frozenset("'\u2019\u05f3\u05f4\"`")

MAX_CANDIDATES = 5

# The marks that set the direction of text (LRM, RLM, the Arabic letter mark, the embeddings
# and overrides, the isolates): dropped at a name's ends, refused inside it like any other
# invisible format character (Unicode category Cf).
DIRECTION_MARKS = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
INVISIBLE_CATEGORY = "Cf"


def trim_name(raw: str) -> str:
    """`raw` with its spaces as one and no space or direction mark at either end."""
    return " ".join(raw.split()).strip(DIRECTION_MARKS + " ")


def first_invisible(name: str) -> int | None:
    """Where the first invisible format character (Unicode category Cf) of `name` is, or None."""
    return next(
        (i for i, ch in enumerate(name) if unicodedata.category(ch) == INVISIBLE_CATEGORY), None
    )


def shown_with_invisibles(name: str) -> str:
    """`name` with each invisible format character written as its code point, `[U+200B]`."""
    return "".join(
        f"[U+{ord(ch):04X}]" if unicodedata.category(ch) == INVISIBLE_CATEGORY else ch
        for ch in name
    )


def describe_character(ch: str) -> str:
    """A character by its code point and Unicode name: `U+200B ZERO WIDTH SPACE`."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip()


def name_key(name: str) -> str:
    """The name as matched: NFKC-normalised and case-folded, so that names that read the same
    (`Dana`, `DANA`, `Dana` in fullwidth letters, an accent composed or not) have one key."""
    return unicodedata.normalize("NFKC", name).casefold()


def normalise_name(name: str) -> str:
    """The name as compared for near spellings: its key (name_key) with accents and niqqud
    removed, Hebrew final letters as regular ones, apostrophes dropped, other punctuation and
    spaces as one space. Names with one key normalise alike."""
    decomposed = unicodedata.normalize("NFKD", name_key(name))
    kept = (
        ch if ch.isalnum() else " "
        for ch in decomposed
        if not unicodedata.combining(ch) and ch not in APOSTROPHES
    )
    return " ".join("".join(kept).translate(FINAL_LETTERS).split())


def edit_distance(a: str, b: str, limit: int) -> int:
    """The Levenshtein distance of `a` and `b`, or `limit + 1` as soon as it exceeds `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def allowed_distance(length: int) -> int:
    """How many letters may differ: none for very short names, one up to 7, then two."""
    if length <= 2:
        return 0
    return 1 if length <= 7 else 2


def is_near(a: str, b: str) -> bool:
    """True when the normalised names `a` and `b` are the same or a near spelling."""
    limit = allowed_distance(min(len(a), len(b)))
    return edit_distance(a, b, limit) <= limit


@dataclass(frozen=True)
class NameMatch:
    """A typed name and what it may mean: `exact` is the one known player written the same
    way (after normalising); otherwise `candidates` are the near ones, closest first."""

    name: str
    exact: int | None
    candidates: tuple[tuple[int, str], ...]

    @property
    def needs_choice(self) -> bool:
        """The organizer says who this is (a candidate or a new player) before it is used."""
        return self.exact is None


def match_names(names: Sequence[str], known: Sequence[tuple[int, str]]) -> list[NameMatch]:
    """For each of `names`, its exact match among `known` (id, name) pairs or its candidates.

    A name written exactly as a known player's is that player even when others normalise the
    same; else a name with the key (name_key) of one known player's is that player; a name
    that normalises like two known players (and has the key of none or of both) asks which.
    """
    normalised = [(pk, name, name_key(name), normalise_name(name)) for pk, name in known]
    matches = []
    for name in names:
        key, target = name_key(name), normalise_name(name)
        verbatim = [pk for pk, known_name, _k, _n in normalised if known_name == name]
        keyed = [pk for pk, _name, known_key, _n in normalised if known_key == key]
        same = [pk for pk, _name, _k, norm in normalised if norm == target]
        exact = _only([verbatim[:1], keyed, same])
        limit = allowed_distance(len(target))
        near = sorted(
            (edit_distance(target, norm, limit), known_name, pk)
            for pk, known_name, _k, norm in normalised
            if is_near(target, norm)
        )
        candidates = tuple((pk, known_name) for _d, known_name, pk in near[:MAX_CANDIDATES])
        matches.append(NameMatch(name=name, exact=exact, candidates=candidates))
    return matches


def _only(tiers: Sequence[Sequence[int]]) -> int | None:
    """The one id of the first tier that has any: None when that tier has several."""
    for ids in tiers:
        if ids:
            return ids[0] if len(ids) == 1 else None
    return None
