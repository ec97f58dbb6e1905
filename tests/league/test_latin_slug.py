"""The letter-by-letter Latin slug of a (Hebrew or Russian) name: always a valid ASCII slug."""

from __future__ import annotations

import doctest
import re

from django.core.validators import validate_slug
from hypothesis import given
from hypothesis import strategies as st

from league import latin_slug as module
from league.latin_slug import CYRILLIC_LETTERS, HEBREW_LETTERS, MAX_LENGTH, latin_slug

SLUG = re.compile(r"(?:[a-z0-9]+(?:-[a-z0-9]+)*)?")
HEBREW = st.text(alphabet=st.characters(min_codepoint=0x0590, max_codepoint=0x05FF))
CYRILLIC = st.text(alphabet=st.characters(min_codepoint=0x0400, max_codepoint=0x04FF))
NAMES = st.one_of(
    st.text(),
    HEBREW,
    CYRILLIC,
    st.lists(st.one_of(HEBREW, CYRILLIC, st.text(" -_.'"))).map("".join),
)


def test_the_latin_slug_doctests_hold() -> None:
    outcome = doctest.testmod(module)
    assert outcome.attempted >= 4 and outcome.failed == 0


@given(NAMES)
def test_a_latin_slug_is_always_a_valid_ascii_slug(name: str) -> None:
    slug = latin_slug(name)
    assert SLUG.fullmatch(slug), slug
    assert len(slug) <= MAX_LENGTH
    if slug:
        validate_slug(slug)  # Django's ASCII slug: letters, digits, '-' and '_'


@given(NAMES)
def test_a_latin_slug_is_its_own_slug(name: str) -> None:
    assert latin_slug(latin_slug(name)) == latin_slug(name)


def test_a_hebrew_season_name_gets_a_readable_latin_slug() -> None:
    assert latin_slug("ליגת חורף 2027") == "ligt-chorf-2027"
    assert latin_slug("  2027 ליגת  חורף!! ") == "2027-ligt-chorf"


def test_every_hebrew_letter_has_a_lower_case_latin_spelling() -> None:
    letters = [chr(c) for c in range(ord("א"), ord("ת") + 1)]
    assert sorted(HEBREW_LETTERS) == letters
    assert all(re.fullmatch("[a-z]+", latin) for latin in HEBREW_LETTERS.values())


def test_a_russian_season_name_gets_a_readable_latin_slug() -> None:
    assert latin_slug("Зимняя лига 2027") == "zimnyaya-liga-2027"
    assert latin_slug("ЩУКА, ЖУК и ЁЖ") == "shchuka-zhuk-i-ezh"
    assert latin_slug("Подъезд Йошкар-Олы") == "podezd-ioshkar-oly"  # ъ dropped, й as и
    assert latin_slug("0 ъ 0") == "0-0"  # a word of ъ alone is no word


def test_every_russian_letter_has_a_lower_case_latin_spelling() -> None:
    letters = [chr(c) for c in range(ord("а"), ord("я") + 1)]  # noqa: RUF001 (Cyrillic a)
    assert sorted(letter for letter in CYRILLIC_LETTERS if letter.islower()) == sorted(
        set(letters) - {"й"}  # NFKD makes й и and a breve, which is dropped
    )
    assert all(letter.lower() in CYRILLIC_LETTERS for letter in CYRILLIC_LETTERS)
    assert all(re.fullmatch("[a-z]*", latin) for latin in CYRILLIC_LETTERS.values())
