"""Typed names against known players: the same name written differently is that player,
a near spelling is a candidate to confirm, and a name always matches itself."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.name_match import (
    MAX_CANDIDATES,
    allowed_distance,
    is_near,
    match_names,
    name_key,
    normalise_name,
)

KNOWN = [(1, "Shira"), (2, "שירה כהן"), (3, "Noa"), (4, "Dana Levi"), (5, "אבישלום")]


@pytest.mark.parametrize(
    ("typed", "known"),
    [
        ("shira", "Shira"),
        ("  SHIRA ", "Shira"),
        ("Shíra", "Shira"),
        ("שִׁירָה כֹּהֵן", "שירה כהן"),
        ("dana  levi", "Dana Levi"),
        ("Dana-Levi", "Dana Levi"),
    ],
)
def test_case_accents_niqqud_and_spaces_do_not_make_a_new_name(typed, known):
    assert normalise_name(typed) == normalise_name(known)


def test_hebrew_final_letters_compare_as_the_regular_ones():
    assert normalise_name("אבישלומ") == normalise_name("אבישלום")
    assert normalise_name("כהנ") == normalise_name("כהן")


@pytest.mark.parametrize(
    ("typed", "candidate"),
    [
        ("Shirra", 1),
        ("Shiro", 1),
        ("Dana Lev", 4),
        ("Dana Levy", 4),
        ("שירה כהנא", 2),
        ("אבשלום", 5),
    ],
)
def test_near_spellings_are_offered_as_candidates(typed, candidate):
    (match,) = match_names([typed], KNOWN)
    assert match.exact is None and match.needs_choice
    assert candidate in [pk for pk, _name in match.candidates]


@pytest.mark.parametrize("typed", ["Omer", "Tal", "דנה", "Eli Cohen"])
def test_different_names_have_no_candidates(typed):
    (match,) = match_names([typed], KNOWN)
    assert match.exact is None and match.candidates == ()


def test_an_exact_match_after_normalising_is_the_known_player():
    matches = match_names(["shira", "noa", "Omer"], KNOWN)
    assert [m.exact for m in matches] == [1, 3, None]
    assert not matches[0].needs_choice


def test_two_known_players_written_alike_ask_which_one():
    (match,) = match_names(["shira"], [(1, "Shira"), (9, "SHIRA")])
    assert match.exact is None
    assert {pk for pk, _name in match.candidates} == {1, 9}
    (verbatim,) = match_names(["SHIRA"], [(1, "Shira"), (9, "SHIRA")])
    assert verbatim.exact == 9


def test_very_short_names_need_the_same_letters():
    assert not is_near("al", "ali"[:2] + "x")
    assert not is_near("el", "al")


@given(st.text(min_size=1, max_size=40).filter(lambda s: normalise_name(s)))
def test_a_name_always_matches_itself(name):
    (match,) = match_names([name], [(7, name), *KNOWN])
    assert match.exact == 7
    assert is_near(normalise_name(name), normalise_name(name))


def _levenshtein(a: str, b: str) -> int:
    """The textbook distance, letter by letter: what rapidfuzz must agree with."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _candidates_by_hand(typed: str, known: list[tuple[int, str]]) -> list[tuple[int, str]]:
    target = normalise_name(typed)
    near = sorted(
        (_levenshtein(target, normalise_name(name)), name, pk)
        for pk, name in known
        if _levenshtein(target, normalise_name(name))
        <= allowed_distance(min(len(target), len(normalise_name(name))))
    )
    return [(pk, name) for _d, name, pk in near[:MAX_CANDIDATES]]


def _exact_by_hand(typed: str, known: list[tuple[int, str]]) -> int | None:
    for tier in (
        [pk for pk, name in known if name == typed][:1],
        [pk for pk, name in known if name_key(name) == name_key(typed)],
        [pk for pk, name in known if normalise_name(name) == normalise_name(typed)],
    ):
        if tier:
            return tier[0] if len(tier) == 1 else None
    return None


# Latin and Hebrew letters (a final nun, a final mem), an apostrophe, a space, a hyphen.
HEBREW_LETTERS = "\u05e9\u05d9\u05e8\u05d4\u05db\u05df\u05dd\u05dc"
NAME_LETTERS = st.sampled_from([*"abdeilnorsABS", *HEBREW_LETTERS, *"' -"])
NAMES = st.text(NAME_LETTERS, min_size=1, max_size=12).filter(lambda s: normalise_name(s))


@given(NAMES, st.lists(NAMES, min_size=1, max_size=12))
def test_candidates_are_the_nearest_by_the_allowed_distance_closest_first(typed, names):
    known = list(enumerate(names, start=1))
    (match,) = match_names([typed], known)
    assert list(match.candidates) == _candidates_by_hand(typed, known)
    assert match.exact == _exact_by_hand(typed, known)
    for pk, name in known:
        near = _levenshtein(normalise_name(typed), normalise_name(name)) <= allowed_distance(
            min(len(normalise_name(typed)), len(normalise_name(name)))
        )
        assert is_near(normalise_name(typed), normalise_name(name)) == near, (pk, name)
