"""Typed names against known players: the same name written differently is that player,
a near spelling is a candidate to confirm, and a name always matches itself."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.name_match import is_near, match_names, normalise_name

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
