"""Typed player names: trimmed of the direction marks a Hebrew chat's text carries, checked
for invisible characters, and matched against the known ones: the same name written
differently (case, accents, Hebrew niqqud and final letters) or a near spelling (one or two
letters off, the Levenshtein distance computed by rapidfuzz).

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

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


def allowed_distance(length: int) -> int:
    """How many letters may differ: none for very short names, one up to 7, then two."""
    if length <= 2:
        return 0
    return 1 if length <= 7 else 2


def is_near(a: str, b: str) -> bool:
    """True when the normalised names `a` and `b` are the same or a near spelling."""
    limit = allowed_distance(min(len(a), len(b)))
    return Levenshtein.distance(a, b, score_cutoff=limit) <= limit


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
    pks = [pk for pk, _name in known]
    known_names = [name for _pk, name in known]
    norms = [normalise_name(name) for name in known_names]
    by_name, by_key, by_norm = (
        _index(known_names),
        _index(map(name_key, known_names)),
        _index(norms),
    )
    matches = []
    for name in names:
        target = normalise_name(name)
        tiers = (by_name.get(name, [])[:1], by_key.get(name_key(name), []), by_norm.get(target, []))
        exact = _only([[pks[i] for i in tier] for tier in tiers])
        near = sorted((distance, known_names[i], pks[i]) for distance, i in _near(target, norms))
        candidates = tuple((pk, known_name) for _d, known_name, pk in near[:MAX_CANDIDATES])
        matches.append(NameMatch(name=name, exact=exact, candidates=candidates))
    return matches


def _index(values: Iterable[str]) -> dict[str, list[int]]:
    """Each value with the positions it holds, in order."""
    positions: dict[str, list[int]] = {}
    for i, value in enumerate(values):
        positions.setdefault(value, []).append(i)
    return positions


def _near(target: str, norms: Sequence[str]) -> list[tuple[int, int]]:
    """(distance, index) of each of `norms` near `target` (is_near). rapidfuzz keeps only
    those within the target's own allowance, the most any of them can be allowed (the
    allowance grows with the length and is_near takes the shorter's); then each is held to
    the allowance of the shorter name."""
    found = process.extract(
        target,
        norms,
        scorer=Levenshtein.distance,
        score_cutoff=allowed_distance(len(target)),
        limit=None,
    )
    return [
        (int(distance), i)
        for _norm, distance, i in found
        if distance <= allowed_distance(min(len(target), len(norms[i])))
    ]


def _only(tiers: Sequence[Sequence[int]]) -> int | None:
    """The one id of the first tier that has any: None when that tier has several."""
    for ids in tiers:
        if ids:
            return ids[0] if len(ids) == 1 else None
    return None
