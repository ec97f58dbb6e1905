"""The result pages: permissions by role, bad input, confirmation, query budgets."""

import re

import pytest
from django.urls import reverse

from games.models import Game, ResultVersion
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
    season = make_season()
    round_ = make_round(season)
    return seat_table(round_, make_players(4, with_users=True))


def seated_users(table):
    return [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]


def scores_post(client, table, scores):
    data = {"mode": "scores", **{f"score-{i}": v for i, v in enumerate(scores)}}
    return client.post(reverse("games:submit", args=[table.pk]), data)


def test_anonymous_is_sent_to_login(client, table):
    for name in ("games:table", "games:sheet"):
        response = client.get(reverse(name, args=[table.pk]))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = scores_post(client, table, [1, 2, 3, 4])
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not ResultVersion.objects.exists()


@pytest.mark.parametrize("who", ["other_player", "organizer_of_another_league", "plain_user"])
def test_wrong_role_gets_403_and_nothing_is_written(client, table, who):
    user = {
        "other_player": lambda: make_players(1, with_users=True)[0].user,
        "organizer_of_another_league": lambda: make_organizer(
            make_season("s2", league_name="Other League")
        ),
        "plain_user": make_user,
    }[who]()
    client.force_login(user)
    assert client.get(reverse("games:table", args=[table.pk])).status_code == 403
    assert scores_post(client, table, [1, 2, 3, 4]).status_code == 403
    a = seated_users(table)[0]
    from games.actions import submit_result

    submit_result(table, actor=a, scores=[1, 2, 3, 4])
    response = client.post(reverse("games:confirm", args=[table.pk]), {"version": 1})
    assert response.status_code == 403
    response = client.post(reverse("games:dispute", args=[table.pk]), {"version": 1})
    assert response.status_code == 403
    assert ResultVersion.objects.get().status == ResultVersion.Status.PENDING


def test_player_enters_and_another_confirms_through_the_pages(client, table):
    a, b, *_ = seated_users(table)
    client.force_login(a)
    response = scores_post(client, table, ["120", "80", "-10", "45"])
    assert response.status_code == 302
    page = client.get(reverse("games:table", args=[table.pk]))
    assert "Confirm this result" not in page.content.decode()
    client.force_login(b)
    page = client.get(reverse("games:table", args=[table.pk]))
    assert "Confirm this result" in page.content.decode()
    response = client.post(reverse("games:confirm", args=[table.pk]), {"version": 1}, follow=True)
    assert "confirmed" in response.content.decode()
    assert Game.objects.get(table=table).status == Game.Status.CONFIRMED


def test_bad_scores_show_the_message_next_to_the_field(client, table):
    client.force_login(seated_users(table)[0])
    response = scores_post(client, table, ["12", "abc", "", "4"])
    assert response.status_code == 400
    body = response.content.decode()
    assert "Seat 2: the score must be a whole number" in body
    assert "Seat 3: the score must be a whole number" in body
    assert 'value="abc"' in body
    assert not ResultVersion.objects.exists()


def test_sheet_errors_show_next_to_their_field(client, table):
    season = table.round.season
    season.rules = {"deals_per_game": 2}
    season.save()
    client.force_login(seated_users(table)[0])
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
    data["deal-1-contract-0"] = "4"
    response = client.post(reverse("games:submit", args=[table.pk]), data)
    assert response.status_code == 400
    body = response.content.decode()
    assert 'data-field="deal-1-contract-0"' in body
    assert not ResultVersion.objects.exists()
    data["deal-1-contract-0"] = "5"
    response = client.post(reverse("games:submit", args=[table.pk]), data)
    assert response.status_code == 302
    assert ResultVersion.objects.get().deals[1]["contracts"] == [5, 3, 0, 2]


def test_live_check_returns_errors_by_field(client, table):
    season = table.round.season
    season.rules = {"deals_per_game": 1}
    season.save()
    client.force_login(seated_users(table)[0])
    url = reverse("games:check", args=[table.pk])
    fields = {
        "deal-0-trump": "Q",
        "deal-0-declarer": "0",
        "deal-0-winning_bid": "5",
        **{f"deal-0-contract-{s}": c for s, c in enumerate(["5", "3", "0", "2"])},
        **{f"deal-0-tricks-{s}": t for s, t in enumerate(["5", "4", "0", "4"])},
    }
    result = client.post(url, fields, content_type="application/json").json()
    assert result["valid"] is False
    assert "deal-0-trump" in result["fields"]
    fields["deal-0-trump"] = "H"
    result = client.post(url, fields, content_type="application/json").json()
    assert result["valid"] is True and len(result["scores"]) == 4
    for body in (b"not json", b"[1, 2]"):
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400 and "error" in response.json()


def test_live_check_refuses_a_field_sent_twice_or_with_a_lone_surrogate(client, table):
    client.force_login(seated_users(table)[0])
    url = reverse("games:check", args=[table.pk])
    for body, message in [
        (b'{"deal-0-trump": "H", "deal-0-trump": "S"}', "deal-0-trump is sent twice"),
        (b'{"deal-0-trump": "\\ud800"}', "deal-0-trump holds a character that is not text"),
    ]:
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400
        assert message in response.json()["error"]


def test_stale_confirmation_is_a_clear_message_not_an_error(client, table):
    a, b, c, _ = seated_users(table)
    client.force_login(a)
    scores_post(client, table, [1, 2, 3, 4])
    client.force_login(c)
    scores_post(client, table, [4, 3, 2, 1])
    client.force_login(b)
    response = client.post(reverse("games:confirm", args=[table.pk]), {"version": 1}, follow=True)
    assert response.status_code == 200
    assert "The result changed since you opened it" in response.content.decode()
    response = client.post(reverse("games:confirm", args=[table.pk]), {"version": "x"}, follow=True)
    assert response.status_code == 200


def test_organizer_edits_a_finished_rounds_result(client, table):
    organizer = make_organizer(table.round.season)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED)
    client.force_login(organizer)
    assert scores_post(client, table, [5, 6, 7, 8]).status_code == 302
    version = ResultVersion.objects.get()
    assert version.status == ResultVersion.Status.CONFIRMED and version.by_organizer


def test_result_page_query_count_is_constant(client, table, django_assert_num_queries):
    from games.actions import confirm_result, submit_result

    a, b, *_ = seated_users(table)
    for n in range(3):
        submit_result(table, actor=a, scores=[n, 2, 3, 4])
    confirm_result(table, 3, actor=b)
    client.force_login(b)
    # user (the session is cached), table, seats, organizer check, versions, events, the
    # season's live counter
    with django_assert_num_queries(7):
        assert client.get(reverse("games:table", args=[table.pk])).status_code == 200


def test_unknown_table_is_404(client):
    client.force_login(make_user())
    assert client.get(reverse("games:table", args=[999999])).status_code == 404


def test_sheet_page_has_one_row_per_deal_of_the_league(client, table, django_assert_num_queries):
    client.force_login(seated_users(table)[0])
    # user (the session is cached), table, seats, organizer check, versions (no events to
    # prefetch yet), the player's sheet draft, the season's live counter
    with django_assert_num_queries(7):
        response = client.get(reverse("games:sheet", args=[table.pk]))
    body = response.content.decode()
    assert body.count('name="deal-27-tricks-3"') == 1
    assert 'name="deal-28-trump"' not in body
    names = [s.player.name for s in table.seats.order_by("seat")]
    assert all(f"{name}: contract" in body for name in names)


def test_grid_sheet_names_the_trumps_in_the_clubs_words(client, table):
    client.force_login(seated_users(table)[0])
    url = reverse("games:sheet", args=[table.pk])
    hebrew = client.get(url, HTTP_ACCEPT_LANGUAGE="he").content.decode()
    trumps = re.findall(r'<option value="(S|H|D|C|NT)"[^>]*>([^<]*)</option>', hebrew)[:5]
    assert trumps == [
        ("S", "\u2660 עלה"),
        ("H", "\u2665 לב"),
        ("D", "\u2666 יהלום"),
        ("C", "\u2663 תלתן"),
        ("NT", "ללא שליט"),
    ]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<option value="S">\u2660 Spades</option>' in english
    assert '<option value="NT">No trump</option>' in english


def test_phone_sheet_offers_each_winning_bid_with_its_trump_in_one_button(client, table):
    client.force_login(seated_users(table)[0])
    body = client.get(reverse("games:sheet", args=[table.pk])).content.decode()
    assert body.count("data-bid=") == 9 * 5  # bids 5..13 in the five trumps
    assert 'data-bid="7" data-trump="H" aria-label="7 Hearts"' in body
    assert 'aria-label="13NT (No trump)"' in body and ">13NT</button>" in body
    assert 'data-bid="4"' not in body  # below the preset's minimum bid
    assert body.count("data-contract-seat=") == 4 * 14  # each player's contract, 0..13


def test_the_table_page_leads_back_to_its_round_and_the_organizer_to_the_desk(client, table):
    round_ = table.round
    public = reverse("web:round", args=[round_.season.slug, round_.number])
    desk = reverse("manage:round", args=[round_.season.slug, round_.number])
    client.force_login(seated_users(table)[0])
    body = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert f'<a href="{public}">Round {round_.number}</a>' in body and desk not in body
    client.force_login(make_organizer(round_.season))
    body = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert f'<a href="{desk}">The round' in body
