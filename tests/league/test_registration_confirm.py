"""Registration by name makes no duplicates: near and new names are confirmed by the
organizer before anything is created (the round form and the CSV import); latecomers
join a closed round, or the reserves after the draw, without reopening registration."""

import html
import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from core.errors import ActionError
from core.models import AuditEntry
from draws.actions import do_draw_round, swap_players
from league.actions.registration import (
    close_registration,
    register_latecomers,
    register_player,
)
from league.models import Player, Registration, Round, Seat
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register

pytestmark = pytest.mark.django_db


def url(name, round_):
    return reverse(f"manage:{name}", args=[round_.season.slug, round_.number])


@pytest.fixture
def desk(client):
    season = make_season()
    round_ = make_round(season)
    shira = Player.objects.create(name="Shira", slug="shira")
    client.force_login(make_organizer(season))
    return round_, shira


def test_a_near_name_asks_did_you_mean_and_creates_nothing(client, desk):
    round_, shira = desk
    response = client.post(url("register", round_), {"names": "shirra\nOmer"})
    assert response.status_code == 200
    body = response.content.decode()
    assert "“shirra”: did you mean…" in body
    assert f'name="choice-0" value="{shira.pk}"' in body
    assert "Create a new player “Omer”" in body
    assert Player.objects.count() == 1
    assert not Registration.objects.exists()


@pytest.mark.parametrize("box", ["names", "latecomers"])
def test_cancel_at_the_confirm_step_goes_back_with_the_names_still_typed(client, desk, box):
    """Cancel emptied the box: every name had to be typed again."""
    round_, _shira = desk
    if box == "latecomers":
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    action = "register" if box == "names" else "latecomer"
    step = client.post(url(action, round_), {"names": "shirra\nOmer"}).content.decode()
    (cancel,) = re.findall(r'<a href="([^"]+)">Cancel</a>', step)
    cancel = html.unescape(cancel)
    assert cancel.startswith(url("round", round_) + "?") and cancel.endswith(f"#{box}")
    back = client.get(cancel)
    assert back.status_code == 200
    page = back.content.decode()
    box_html = re.search(rf'<textarea id="{box}"[^>]*>([^<]*)</textarea>', page)
    assert box_html is not None and box_html.group(1) == "shirra\nOmer"
    assert 'aria-invalid="true"' not in page and 'role="alert"' not in page.split("<main", 1)[1]
    assert Player.objects.count() == 1 and not Registration.objects.exists()


def test_an_exact_match_after_normalising_registers_the_known_player_at_once(client, desk):
    round_, shira = desk
    response = client.post(url("register", round_), {"names": "  SHIRA \n"})
    assert response.status_code == 302
    assert Player.objects.count() == 1
    assert list(Registration.objects.values_list("player_id", flat=True)) == [shira.pk]


def test_the_confirm_step_registers_the_chosen_player_and_creates_only_new_ones(client, desk):
    round_, shira = desk
    data = {"confirm": "1", "name": ["shirra", "Omer"], "choice-0": shira.pk, "choice-1": "new"}
    response = client.post(url("register", round_), data)
    assert response.status_code == 302
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Omer", "Shira"]
    registered = set(Registration.objects.values_list("player__name", flat=True))
    assert registered == {"Shira", "Omer"}


def test_creating_a_new_player_beside_a_near_one_is_the_organizers_choice(client, desk):
    round_, _shira = desk
    data = {"confirm": "1", "name": ["shirra"], "choice-0": "new"}
    assert client.post(url("register", round_), data).status_code == 302
    assert Player.objects.filter(name="shirra").exists()


def test_a_name_left_out_at_the_confirm_step_is_neither_created_nor_registered(client, desk):
    round_, shira = desk
    response = client.post(url("register", round_), {"names": "Shira\n<b>stray line</b>"})
    assert "Leave out “&lt;b&gt;stray line&lt;/b&gt;”" in response.content.decode()
    data = {"confirm": "1", "name": ["Shira", "<b>stray line</b>"], "choice-1": "skip"}
    assert client.post(url("register", round_), data).status_code == 302
    assert list(Player.objects.all()) == [shira]
    assert list(Registration.objects.values_list("player_id", flat=True)) == [shira.pk]


def test_every_name_left_out_registers_nobody_and_says_so(client, desk):
    round_, _shira = desk
    data = {"confirm": "1", "name": ["shirra", "Omer"], "choice-0": "skip", "choice-1": "skip"}
    response = client.post(url("register", round_), data)
    assert response.status_code == 400
    assert "Every name was left out: nobody is registered." in response.content.decode()
    assert Player.objects.count() == 1 and not Registration.objects.exists()


def test_a_missing_choice_asks_again_naming_the_name_and_writes_nothing(client, desk):
    round_, _shira = desk
    data = {"confirm": "1", "name": ["shirra", "Omer"], "choice-1": "new"}
    response = client.post(url("register", round_), data)
    assert response.status_code == 400
    assert "Choose who “shirra” is" in response.content.decode()
    assert Player.objects.count() == 1 and not Registration.objects.exists()
    other = Player.objects.create(name="Zed", slug="zed")
    data = {"confirm": "1", "name": ["shirra"], "choice-0": str(other.pk)}  # not a candidate
    assert client.post(url("register", round_), data).status_code == 400
    assert not Registration.objects.exists()


def test_csv_import_confirms_near_and_new_names_before_creating(client, desk):
    _round, shira = desk
    upload = SimpleUploadedFile("p.csv", "name\nshira\nShirra\nדנה\n".encode())
    response = client.post(reverse("import_players"), {"file": upload})
    body = response.content.decode()
    assert response.status_code == 200 and "did you mean" in body
    assert Player.objects.count() == 1
    data = {
        "confirm": "1",
        "name": ["shira", "Shirra", "דנה"],
        "choice-1": str(shira.pk),
        "choice-2": "new",
    }
    response = client.post(reverse("import_players"), data, follow=True)
    assert "1 player created, 1 already existed" in response.content.decode()
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Shira", "דנה"]


def test_csv_import_leaves_out_the_names_the_organizer_leaves_out(client, desk):
    _round, _shira = desk
    data = {"confirm": "1", "name": ["Shirra", "דנה"], "choice-0": "skip", "choice-1": "new"}
    response = client.post(reverse("import_players"), data, follow=True)
    assert "1 player created, 0 already existed" in response.content.decode()
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Shira", "דנה"]


def test_csv_import_of_known_names_only_needs_no_confirmation(client, desk):
    upload = SimpleUploadedFile("p.csv", b"name\nSHIRA\n")
    response = client.post(reverse("import_players"), {"file": upload}, follow=True)
    assert "0 players created, 1 already existed" in response.content.decode()
    assert Player.objects.count() == 1


def test_a_latecomer_joins_a_closed_round_without_reopening_it(client, desk):
    round_, _shira = desk
    register(round_, make_players(4))
    close_registration(round_)
    data = {"confirm": "1", "name": ["Omer"], "choice-0": "new"}
    assert client.post(url("latecomer", round_), data).status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert Registration.objects.filter(round=round_, player__name="Omer").exists()
    assert AuditEntry.objects.filter(action="register_latecomer").exists()
    omer = Player.objects.get(name="Omer")
    with pytest.raises(ActionError, match="closed"):
        register_player(round_, omer, actor=omer.user)  # players are still refused


def test_a_latecomer_after_the_draw_is_a_reserve_brought_in_with_a_reason(client, desk):
    round_, shira = desk
    players = make_players(4)
    register(round_, players)
    do_draw_round(round_, seed=1)
    assert client.post(url("latecomer", round_), {"names": "Shira"}).status_code == 302
    assert Registration.objects.filter(round=round_, player=shira).exists()
    assert not Seat.objects.filter(round=round_, player=shira).exists()  # a reserve
    assert "Shira" in client.get(url("round", round_)).content.decode()
    swap_players(round_, shira, players[0], reason="P0 is ill")
    assert Seat.objects.filter(round=round_, player=shira).exists()


def test_latecomers_are_for_organizers_and_closed_or_drawn_rounds_only(desk):
    round_, shira = desk
    with pytest.raises(ActionError, match="after registration closes"):
        register_latecomers(round_, [shira])  # still open: register normally
    close_registration(round_)
    (player,) = make_players(1, with_users=True)
    with pytest.raises(ActionError) as refused:
        register_latecomers(round_, [player], actor=player.user)
    assert refused.value.code == "forbidden"


def test_the_register_command_still_creates_new_names_by_default(desk):
    round_, _shira = desk
    out = io.StringIO()
    call_command("register", round_.season.slug, "--round", "1", "shira", "Omer", stdout=out)
    registered = json.loads(out.getvalue())["registered"]
    assert registered == ["Shira", "Omer"]  # FORMATS.md 6: by name, created when new
    # "shira" is Shira: names are compared after NFKC and case folding (issue 26 item 10).
    assert Player.objects.count() == 2


def test_the_register_command_strict_creates_nobody_and_names_the_near_ones(desk):
    round_, shira = desk
    with pytest.raises(CommandError, match="'shirra': did you mean Shira"):
        call_command("register", round_.season.slug, "--round", "1", "--strict", "shirra")
    assert Player.objects.count() == 1 and not Registration.objects.exists()
    out = io.StringIO()
    call_command("register", round_.season.slug, "--round", "1", "--strict", "SHIRA", stdout=out)
    assert json.loads(out.getvalue())["registered"] == ["Shira"]
    assert Registration.objects.get().player == shira
