"""Names without invisible characters (issue 26 item 10): every place a name enters drops the
direction marks at its ends (a name pasted from our own Hebrew chat texts carries them) and
refuses any other invisible format character (Unicode Cf), naming the field; names are
matched after NFKC and case folding; stored names are never rewritten, and the admin lists
the ones an organizer should fix."""

from __future__ import annotations

import doctest
import unicodedata

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import example, given
from hypothesis import strategies as st

from core.errors import ActionError
from games.season_import import import_season
from league import name_match
from league.actions.players import clean_player_name, get_or_create_players, match_players
from league.models import Player, Registration
from league.name_match import DIRECTION_MARKS, match_names, name_key, normalise_name
from league.season_file import SeasonFileError
from tests.league.factories import random_rounds_season
from tests.roundsupport import make_organizer, make_round, make_season

INVISIBLE = st.characters(categories=["Cf"])
MARKS = st.text(st.sampled_from(DIRECTION_MARKS + " "), max_size=4)
# Text as typed: letters of the scripts we see, spaces, and any invisible format character.
TYPED = st.text(
    st.one_of(st.characters(categories=["L", "M", "N", "Zs", "P"]), INVISIBLE), max_size=30
)


def refused(raw: str, field: str = "") -> str:
    with pytest.raises(ActionError) as error:
        clean_player_name(raw, field)
    return error.value.message


@given(TYPED)
@example("Da\u200bna")
@example("\u200f\u200fDana Levi\u2069 ")
def test_a_cleaned_name_holds_no_invisible_character_and_cleans_to_itself(raw):
    try:
        name = clean_player_name(raw)
    except ActionError as error:
        assert error.message  # refused with a sentence
        return
    assert not any(unicodedata.category(ch) == "Cf" for ch in name)
    assert name == name.strip(DIRECTION_MARKS + " ") and "  " not in name
    assert clean_player_name(name) == name


@given(MARKS, st.text(st.characters(categories=["L"]), min_size=1, max_size=20), MARKS)
def test_direction_marks_and_spaces_at_the_ends_are_dropped(before, name, after):
    assert clean_player_name(before + name + after) == clean_player_name(name)


@given(
    st.text(st.characters(categories=["L"]), min_size=1, max_size=10),
    INVISIBLE,
    st.text(st.characters(categories=["L"]), min_size=1, max_size=10),
)
def test_an_invisible_character_inside_a_name_is_refused_naming_the_field(left, mark, right):
    message = refused(left + mark + right, "Names")

    assert message.startswith("Names: ")
    assert f"U+{ord(mark):04X}" in message


def test_the_names_modules_examples_hold():
    outcome = doctest.testmod(name_match)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_the_refusal_shows_where_the_invisible_character_is():
    assert refused("Da\u200bna") == (
        "Player's name: “Da[U+200B]na” holds an invisible character "
        "(U+200B ZERO WIDTH SPACE); type it again without it."
    )


def test_the_refusal_reads_in_hebrew_on_a_hebrew_page():
    with translation.override("he"):
        message = refused("Da\u200bna")

    assert message == (
        "שם השחקן: ב„Da[U+200B]na” יש תו בלתי נראה (U+200B ZERO WIDTH SPACE); הקלידו שוב בלעדיו."
    )


@given(TYPED, TYPED)
def test_names_of_one_key_normalise_alike(a, b):
    if name_key(a) == name_key(b):
        assert normalise_name(a) == normalise_name(b)


def test_names_are_matched_after_nfkc_and_case_folding():
    known = [(1, "Dana"), (2, "Daná")]
    fullwidth = "\uff24\uff41\uff4e\uff41"
    decomposed = unicodedata.normalize("NFD", "Daná")

    matches = match_names(["DANA", fullwidth, decomposed, "DANÁ"], known)

    assert [m.exact for m in matches] == [1, 1, 2, 2]


@pytest.mark.django_db
def test_a_name_written_another_way_is_the_known_player_not_a_new_one():
    dana = Player.objects.create(name="Dana", slug="dana")

    found = get_or_create_players(["DANA", "\uff24\uff41\uff4e\uff41", "Noa", "noa"])

    assert found["DANA"] == found["\uff24\uff41\uff4e\uff41"] == dana
    assert found["Noa"] == found["noa"]
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Dana", "Noa"]


@pytest.mark.django_db
def test_a_name_written_like_two_players_is_refused_naming_them():
    Player.objects.create(name="Dana", slug="dana")
    Player.objects.create(name="dana", slug="dana-2")

    with pytest.raises(ActionError, match="“DANA” is written like Dana, dana"):
        get_or_create_players(["DANA"])
    assert Player.objects.count() == 2


@pytest.mark.django_db
def test_names_of_one_key_typed_together_are_one_match():
    assert [m.name for m in match_players(["Noa", "NOA", "\u200fnoa"])] == ["Noa"]


# The desk's registration form.


@pytest.fixture
def desk(client):
    season = make_season()
    round_ = make_round(season)
    client.force_login(make_organizer(season))
    return round_


def register_url(round_):
    return reverse("manage:register", args=[round_.season.slug, round_.number])


@pytest.mark.django_db
def test_the_desk_refuses_an_invisible_character_naming_the_names_field(client, desk):
    response = client.post(register_url(desk), {"names": "Da\u200bna\nNoa"}, follow=True)

    assert "Names: “Da[U+200B]na” holds an invisible character" in response.content.decode()
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_the_desk_registers_a_name_pasted_with_direction_marks_as_typed_without(client, desk):
    dana = Player.objects.create(name="דנה", slug="dana")

    response = client.post(register_url(desk), {"names": "\u200fדנה\u200f\n"})

    assert response.status_code == 302
    assert list(Registration.objects.values_list("player", flat=True)) == [dana.pk]
    assert Player.objects.count() == 1


# Season files.


def season_file(*names: str) -> dict[str, object]:
    data = random_rounds_season(4, rounds=1)
    game = data["rounds"][0]["games"][0]
    game["scores"] = dict(zip(names, game["scores"].values(), strict=True))
    return data


@pytest.mark.django_db
def test_a_season_file_name_with_an_invisible_character_is_refused_naming_the_game():
    with pytest.raises(SeasonFileError) as error:
        import_season(season_file("Da\u200bna", "Eli", "Noa", "Omer"))

    assert "round 1, game 1: Player's name: “Da[U+200B]na”" in str(error.value)
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_a_season_file_name_loses_the_direction_marks_at_its_ends():
    import_season(season_file("\u202bDana\u202c", "Eli", "Noa", "Omer"))

    assert sorted(Player.objects.values_list("name", flat=True)) == ["Dana", "Eli", "Noa", "Omer"]


@pytest.mark.django_db
def test_a_season_file_listing_one_player_written_two_ways_is_refused():
    with pytest.raises(SeasonFileError, match="round 1, game 1: a player is listed twice"):
        import_season(season_file("Dana", "DANA", "Noa", "Omer"))


# The admin: stored names are never rewritten; the ones to fix are listed.


@pytest.mark.django_db
def test_the_admin_lists_stored_names_with_invisible_characters(admin_client):
    hidden = Player.objects.create(name="Da\u200bna", slug="da-na")
    Player.objects.create(name="Dana", slug="dana")
    changelist = reverse("admin:league_player_changelist")

    response = admin_client.get(changelist, {"invisible": "yes"})

    assert [p.pk for p in response.context["cl"].result_list] == [hidden.pk]
    assert "Da[U+200B]na" in response.content.decode()
    assert Player.objects.get(pk=hidden.pk).name == "Da\u200bna"


@pytest.mark.django_db
def test_the_admin_refuses_a_new_name_with_an_invisible_character(admin_client):
    player = Player.objects.create(name="Dana", slug="dana")
    change = reverse("admin:league_player_change", args=[player.pk])

    response = admin_client.post(change, {"name": "Da\u2060na", "slug": "dana", "user": ""})

    assert response.status_code == 200
    assert "“Da[U+2060]na” holds an invisible character" in response.content.decode()
    assert Player.objects.get(pk=player.pk).name == "Dana"


@pytest.mark.django_db
def test_the_admin_saves_a_player_whose_stored_name_it_does_not_change(admin_client):
    player = Player.objects.create(name="Da\u200bna", slug="da-na")
    change = reverse("admin:league_player_change", args=[player.pk])

    response = admin_client.post(change, {"name": "Da\u200bna", "slug": "dana", "user": ""})

    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).slug == "dana"
