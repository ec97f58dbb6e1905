"""The sheet draft: saved per table and player as the sheet is typed, never a result."""

import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.drafts import MAX_DRAFT_BYTES
from games.models import ResultVersion, SheetDraft
from league.models import Round
from tests.roundsupport import (
    make_organizer,
    make_players,
    make_round,
    make_season,
    make_user,
    seat_table,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    season = make_season(rules={"deals_per_game": 2})
    return seat_table(make_round(season), make_players(4, with_users=True))


def seated_users(table):
    return [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]


def draft(**fields):
    return {"saved_at": 1_764_550_000_000, "fields": fields}


def post(client, table, body):
    raw = body if isinstance(body, bytes) else json.dumps(body)
    return client.post(
        reverse("games:draft", args=[table.pk]), raw, content_type="application/json"
    )


def valid_sheet_post(table):
    data = {"mode": "sheet"}
    for i in range(2):
        data.update(
            {
                f"deal-{i}-trump": "H",
                f"deal-{i}-declarer": "0",
                f"deal-{i}-winning_bid": "5",
                **{f"deal-{i}-contract-{s}": c for s, c in enumerate(["5", "3", "0", "2"])},
                **{f"deal-{i}-tricks-{s}": t for s, t in enumerate(["5", "4", "0", "4"])},
            }
        )
    return data


def test_a_seated_player_saves_his_draft_and_the_sheet_page_restores_it(client, table):
    client.force_login(seated_users(table)[0])
    response = post(client, table, draft(**{"deal-0-trump": "H", "deal-0-declarer": "2"}))
    assert response.status_code == 200 and response.json() == {"saved": True}
    response = post(client, table, draft(**{"deal-0-trump": "S"}))
    assert response.status_code == 200
    stored = SheetDraft.objects.get()
    assert stored.data["fields"] == {"deal-0-trump": "S"}
    page = client.get(reverse("games:sheet", args=[table.pk])).content.decode()
    assert 'id="sheet-config"' in page and '"deal-0-trump": "S"' in page


def test_a_draft_is_never_a_result(client, table):
    client.force_login(seated_users(table)[0])
    assert post(client, table, draft(**{"deal-0-trump": "H"})).status_code == 200
    assert not ResultVersion.objects.exists()
    assert (
        "No result has been entered yet"
        in client.get(reverse("games:table", args=[table.pk])).content.decode()
    )


def test_each_player_has_his_own_draft(client, table):
    a, b, *_ = seated_users(table)
    client.force_login(a)
    post(client, table, draft(**{"deal-0-trump": "H"}))
    client.force_login(b)
    page = client.get(reverse("games:sheet", args=[table.pk])).content.decode()
    assert '"deal-0-trump": "H"' not in page
    post(client, table, draft(**{"deal-0-trump": "NT"}))
    assert SheetDraft.objects.count() == 2


@pytest.mark.parametrize("who", ["player_of_another_table", "organizer_of_another_league"])
def test_only_players_at_the_table_may_save_a_draft(client, table, who):
    user = {
        "player_of_another_table": lambda: make_players(1, with_users=True)[0].user,
        "organizer_of_another_league": lambda: make_organizer(
            make_season("s2", league_name="Other League")
        ),
    }[who]()
    client.force_login(user)
    response = post(client, table, draft(**{"deal-0-trump": "H"}))
    assert response.status_code == 403
    assert "Only the players at this table" in response.json()["error"]
    assert not SheetDraft.objects.exists()


def test_an_organizer_not_seated_keeps_no_draft(client, table):
    client.force_login(make_organizer(table.round.season))
    response = post(client, table, draft(**{"deal-0-trump": "H"}))
    assert response.status_code == 403
    assert "only for the players at this table" in response.json()["error"]


def test_anonymous_is_sent_to_login_and_nothing_is_saved(client, table):
    response = post(client, table, draft(**{"deal-0-trump": "H"}))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not SheetDraft.objects.exists()


def test_no_draft_once_the_round_is_closed_to_players(client, table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED)
    client.force_login(seated_users(table)[0])
    response = post(client, table, draft(**{"deal-0-trump": "H"}))
    assert response.status_code == 409
    assert "is not in play" in response.json()["error"]


def test_a_draft_over_the_size_limit_is_refused(client, table):
    client.force_login(seated_users(table)[0])
    body = json.dumps(draft(**{"deal-0-trump": "H"})).encode() + b" " * MAX_DRAFT_BYTES
    response = post(client, table, body)
    assert response.status_code == 413
    assert "too large" in response.json()["error"]
    assert not SheetDraft.objects.exists()


@pytest.mark.parametrize(
    ("body", "path", "words"),
    [
        (b"{not json", "", "not valid JSON"),
        (b'{"saved_at": 1, "fields": {"deal-0-trump": "H", "deal-0-trump": "S"}}',
         "fields.deal-0-trump", "names fields.deal-0-trump twice"),
        ([1, 2], "", '"saved_at" and "fields"'),
        ({"saved_at": "today", "fields": {}}, "saved_at", "time in milliseconds"),
        ({"saved_at": 1, "fields": []}, "fields", "JSON object of the sheet's fields"),
        ({"saved_at": 1, "fields": {"deal-2-trump": "H"}}, "fields.deal-2-trump",
         "deal-2-trump is not a field of this 2-deal sheet"),
        ({"saved_at": 1, "fields": {"score-0": "5"}}, "fields.score-0", "not a field"),
        ({"saved_at": 1, "fields": {"deal-0-tricks-1": 5}}, "fields.deal-0-tricks-1",
         "must be a short text"),
        ({"saved_at": 1, "fields": {"deal-0-tricks-1": "x" * 9}}, "fields.deal-0-tricks-1",
         "at most 8 characters"),
    ],
)  # fmt: skip
def test_a_draft_of_the_wrong_shape_is_a_400_naming_what_and_where(
    client, table, body, path, words
):
    client.force_login(seated_users(table)[0])
    response = post(client, table, body)
    assert response.status_code == 400
    assert response.json()["path"] == path
    assert words in response.json()["error"]
    assert not SheetDraft.objects.exists()


def test_an_emptied_sheet_deletes_the_draft(client, table):
    client.force_login(seated_users(table)[0])
    post(client, table, draft(**{"deal-0-trump": "H"}))
    assert post(client, table, draft(**{"deal-0-trump": ""})).json() == {"saved": False}
    assert not SheetDraft.objects.exists()


def test_submitting_the_sheet_deletes_the_submitters_draft_only(client, table):
    a, b, *_ = seated_users(table)
    client.force_login(b)
    post(client, table, draft(**{"deal-0-trump": "S"}))
    client.force_login(a)
    post(client, table, draft(**{"deal-0-trump": "H"}))
    rejected = {**valid_sheet_post(table), "deal-1-trump": ""}
    assert client.post(reverse("games:submit", args=[table.pk]), rejected).status_code == 400
    assert SheetDraft.objects.filter(player__user=a).exists()
    response = client.post(reverse("games:submit", args=[table.pk]), valid_sheet_post(table))
    assert response.status_code == 302
    assert ResultVersion.objects.count() == 1
    assert list(SheetDraft.objects.values_list("player__user", flat=True)) == [b.pk]


def test_plain_user_gets_403(client, table):
    client.force_login(make_user())
    assert post(client, table, draft(**{"deal-0-trump": "H"})).status_code == 403


def test_a_draft_needs_the_csrf_token(table):
    client = Client(enforce_csrf_checks=True)
    client.force_login(seated_users(table)[0])
    response = post(client, table, draft(**{"deal-0-trump": "H"}))
    assert response.status_code == 403
    assert not SheetDraft.objects.exists()


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["saved_at", "fields", "deal-0-trump", "deal-1-tricks-3", "x"]),
        inner, max_size=4),
    max_leaves=12,
))  # fmt: skip
def test_any_json_draft_is_saved_or_refused_never_a_server_error(client, table, body):
    client.force_login(seated_users(table)[0])
    response = client.post(
        reverse("games:draft", args=[table.pk]),
        json.dumps(body, allow_nan=True),
        content_type="application/json",
    )
    assert response.status_code in (200, 400), body
    assert response.status_code == 200 or response.json()["error"]


def test_a_private_link_keeps_its_seats_draft_and_saving_the_sheet_ends_it(table):
    from games.seat_links import issue_links, token_for

    issue_links(table.round, actor=None)
    link = table.seat_links.get(player__seats__seat=1)
    client = Client()
    client.get(reverse("games:seat_link", args=[token_for(link)]))
    response = post(client, table, draft(**{"deal-0-trump": "H"}))
    assert response.status_code == 200 and response.json() == {"saved": True}
    assert SheetDraft.objects.get().player_id == link.player_id
    page = client.get(reverse("games:sheet", args=[table.pk])).content.decode()
    assert '"deal-0-trump": "H"' in page and f"whist-sheet-draft:{table.pk}:p" in page
    client.post(reverse("games:submit", args=[table.pk]), valid_sheet_post(table))
    assert ResultVersion.objects.get().entered_player_id == link.player_id
    assert not SheetDraft.objects.exists()
