"""The letter-by-letter Latin slug of a (Hebrew) name: always a valid ASCII slug."""

from __future__ import annotations

import doctest
import re

from django.core.validators import validate_slug
from hypothesis import given
from hypothesis import strategies as st

from league import latin_slug as module
from league.latin_slug import HEBREW_LETTERS, MAX_LENGTH, latin_slug

SLUG = re.compile(r"(?:[a-z0-9]+(?:-[a-z0-9]+)*)?")
HEBREW = st.text(alphabet=st.characters(min_codepoint=0x0590, max_codepoint=0x05FF))
NAMES = st.one_of(st.text(), HEBREW, st.lists(st.one_of(HEBREW, st.text(" -_.'"))).map("".join))


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
