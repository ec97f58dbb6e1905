"""Match typed player names against the known ones: the same name written differently
(case, accents, Hebrew niqqud and final letters) or a near spelling (one or two letters off).

Pure: takes names and (id, name) pairs, returns matches; no ORM.

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


def normalise_name(name: str) -> str:
    """The name as compared: casefolded, accents and niqqud removed, Hebrew final letters
    as regular ones, apostrophes dropped, other punctuation and spaces as one space."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
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
    same; a name that normalises like two known players asks which one.
    """
    normalised = [(pk, name, normalise_name(name)) for pk, name in known]
    matches = []
    for name in names:
        target = normalise_name(name)
        verbatim = [pk for pk, known_name, _n in normalised if known_name == name]
        same = [pk for pk, _k, norm in normalised if norm == target]
        exact = verbatim[0] if verbatim else (same[0] if len(same) == 1 else None)
        limit = allowed_distance(len(target))
        near = sorted(
            (edit_distance(target, norm, limit), known_name, pk)
            for pk, known_name, norm in normalised
            if is_near(target, norm)
        )
        candidates = tuple((pk, known_name) for _d, known_name, pk in near[:MAX_CANDIDATES])
        matches.append(NameMatch(name=name, exact=exact, candidates=candidates))
    return matches
