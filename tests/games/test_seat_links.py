"""Private seat links: a player without an account enters and confirms his table's result
with the link of his seat, under the same rules and actions as a signed-in player."""

import logging
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from games.models import Game, ResultEvent, ResultVersion, SeatLink
from games.seat_link_lists import round_links
from games.seat_links import issue_links, token_for, token_hash
from league.models import Round
from tests.roundsupport import make_organizer, make_players, make_round, make_season, seat_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_():
    season = make_season()
    round_ = make_round(season)
    seat_table(round_, make_players(4), number=1)
    seat_table(round_, make_players(4), number=2)
    issue_links(round_, actor=make_organizer(season))
    return round_


def link_url(round_, table_number, seat):
    link = SeatLink.objects.get(
        round=round_, table__number=table_number, player__seats__seat=seat, revoked_at=None
    )
    return reverse("games:seat_link", args=[token_for(link)])


def opened(round_, table_number, seat):
    """A browser (no account) that opened the link of one seat."""
    client = Client()
    response = client.get(link_url(round_, table_number, seat))
    assert response.status_code == 302
    return client


def table_url(round_, number, name="games:table"):
    return reverse(name, args=[round_.tables.get(number=number).pk])


def submit(client, round_, number, scores=(10, 20, 30, -60)):
    data = {"mode": "scores", **{f"score-{i}": v for i, v in enumerate(scores)}}
    return client.post(table_url(round_, number, "games:submit"), data)


def confirm(client, round_, number, version=1):
    return client.post(table_url(round_, number, "games:confirm"), {"version": version})


def test_a_link_lets_its_seat_enter_and_another_seat_confirm(round_):
    first = opened(round_, 1, 0)
    page = first.get(table_url(round_, 1))
    assert page.status_code == 200
    body = page.content.decode()
    assert "with your private link" in body and 'name="score-0"' in body
    assert submit(first, round_, 1).status_code == 302
    version = ResultVersion.objects.get()
    assert version.status == ResultVersion.Status.PENDING and version.entered_by is None
    assert version.entered_player.seats.get().seat == 0
    # the link's own entry: no confirm button, and the action refuses it
    assert "Confirm this result" not in first.get(table_url(round_, 1)).content.decode()
    assert confirm(first, round_, 1).status_code == 403
    second = opened(round_, 1, 2)
    assert "Confirm this result" in second.get(table_url(round_, 1)).content.decode()
    assert confirm(second, round_, 1).status_code == 302
    version.refresh_from_db()
    assert version.status == ResultVersion.Status.CONFIRMED
    game = Game.objects.get()
    assert game.source == Game.Source.ENTRY and game.results.count() == 4


def test_the_history_names_the_player_and_the_link(round_):
    first = opened(round_, 1, 0)
    submit(first, round_, 1)
    second = opened(round_, 1, 1)
    confirm(second, round_, 1)
    events = list(ResultEvent.objects.select_related("via__player").order_by("id"))
    assert [e.action for e in events] == ["submitted", "confirmed"]
    assert [e.via.player.seats.get().seat for e in events] == [0, 1]
    assert all(e.actor is None for e in events)
    body = second.get(table_url(round_, 1)).content.decode()
    names = [s.player.name for s in round_.tables.get(number=1).seats.order_by("seat")]
    assert f"{names[0]}, with the private link" in body
    assert f"{names[1]}, with the private link" in body


def test_a_link_of_another_table_or_round_is_refused_and_writes_nothing(round_):
    other_round = make_round(round_.season, number=2)
    seat_table(other_round, make_players(4), number=1)
    issue_links(other_round, actor=None)
    for client in (opened(round_, 2, 0), opened(other_round, 1, 0)):
        response = client.get(table_url(round_, 1))
        assert response.status_code == 403
        assert "private link does not open this table" in response.content.decode()
        assert submit(client, round_, 1).status_code == 403
    assert not ResultVersion.objects.exists()


def test_a_revoked_link_is_refused_with_a_clear_page(client, round_):
    url = link_url(round_, 1, 0)
    holder = opened(round_, 1, 0)
    organizer = make_organizer(round_.season, "boss")
    client.force_login(organizer)
    link = SeatLink.objects.get(token_hash=token_hash(url.split("/")[-2]))
    manage = reverse("manage:revoke_link", args=[round_.season.slug, round_.number])
    assert client.post(manage, {"link": link.pk}).status_code == 302
    response = Client().get(url)
    assert response.status_code == 403
    assert "revoked by the organizer" in response.content.decode()
    # the session opened before the revocation no longer acts either
    assert holder.get(table_url(round_, 1)).status_code == 403
    assert submit(holder, round_, 1).status_code == 403
    assert not ResultVersion.objects.exists()
    assert AuditEntry.objects.filter(action="seat_link_revoke").count() == 1
    # a new link for that seat, the other seats keep theirs
    client.post(reverse("manage:issue_links", args=[round_.season.slug, round_.number]))
    assert SeatLink.objects.filter(revoked_at=None).count() == 8
    assert opened(round_, 1, 0).get(table_url(round_, 1)).status_code == 200


def test_a_link_expires_when_the_round_is_finished(round_):
    url = link_url(round_, 1, 0)
    holder = opened(round_, 1, 0)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    response = Client().get(url)
    assert response.status_code == 403
    assert "Round 1 is finished" in response.content.decode()
    # its results are a tap away, on the round's public page
    public = reverse("web:round", args=[round_.season.slug, 1])
    assert f'<a class="button" href="{public}">Public round page</a>' in response.content.decode()
    # the browser that opened it earlier is sent to that page too, to its table, with a word
    for answer in (holder.get(table_url(round_, 1)), submit(holder, round_, 1)):
        assert answer.status_code == 302
        assert answer["Location"] == f"{public}#table-1"
    assert not ResultVersion.objects.exists()
    body = holder.get(public).content.decode()
    assert "Round 1 is finished: its results are on this page." in body


def test_a_link_does_nothing_before_the_draw_is_published(round_):
    Round.objects.filter(pk=round_.pk).update(draw_published_at=None)
    client = Client()
    response = client.get(link_url(round_, 1, 0))
    assert response.status_code == 403
    assert "not published yet" in response.content.decode()
    assert "seat_links" not in client.session  # no identity was opened
    assert client.get(table_url(round_, 1)).status_code == 302  # to the login page


def test_a_link_follows_the_seat_not_a_swapped_out_player(round_):
    url = link_url(round_, 1, 0)
    seat = round_.tables.get(number=1).seats.get(seat=0)
    seat.player = make_players(1)[0]
    seat.save()
    response = Client().get(url)
    assert response.status_code == 403
    assert "no longer sits at this table" in response.content.decode()


@pytest.mark.parametrize("token", ["0" * 64, "f" * 64, "not-a-token", "A" * 64])
def test_a_random_token_is_404(client, round_, token):
    response = client.get(reverse("games:seat_link", args=[token]))
    assert response.status_code == 404
    # a link cut short in a chat is the usual cause: the page says what to do
    assert "Copy the whole link from the message you got" in response.content.decode()


def test_only_the_hash_is_stored_and_the_token_is_never_logged(round_, caplog):
    caplog.set_level(logging.DEBUG)
    url = link_url(round_, 1, 0)
    token = url.split("/")[-2]
    assert len(token) == 64
    opened(round_, 1, 0)
    link = SeatLink.objects.get(token_hash=token_hash(token))
    assert token not in (link.nonce, link.token_hash) and len(link.nonce) == 32  # 128 bits
    assert token not in caplog.text
    assert token not in str(AuditEntry.objects.values_list("summary", "details"))


def test_link_pages_send_no_referrer(round_):
    response = Client().get(link_url(round_, 1, 0))
    assert response["Referrer-Policy"] == "no-referrer"
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    refused = Client().get(link_url(round_, 1, 1))
    assert refused.status_code == 403 and refused["Referrer-Policy"] == "no-referrer"


def test_table_pages_seen_with_a_link_send_no_referrer_to_other_sites(round_):
    # not no-referrer: the browser would then post the forms with "Origin: null" and the
    # CSRF check would refuse them (the Chromium test enters a result this way)
    client = opened(round_, 1, 0)
    assert client.get(table_url(round_, 1))["Referrer-Policy"] == "same-origin"


def test_the_organizer_sees_each_tables_links_and_chat_text(client, round_):
    client.force_login(make_organizer(round_.season, "boss"))
    body = client.get(reverse("manage:round", args=[round_.season.slug, 1])).content.decode()
    tokens = set(re.findall(r"/links/([0-9a-f]{64})/", body))
    assert len(tokens) == 8
    assert body.count('data-copy="seat-link-') == 8
    assert body.count("data-share-text=") == 8  # one share (or copy) button a seat
    assert body.count('data-copy="seat-chat-') == 2
    assert "Round 1, table 2: each player receives his own private link" in body
    assert "Make the private links" not in body  # every seat has one
    # making the links again keeps the live ones
    client.post(reverse("manage:issue_links", args=[round_.season.slug, 1]))
    assert SeatLink.objects.count() == 8


def test_a_finished_rounds_desk_offers_no_expired_links_to_copy(client, round_):
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    client.force_login(make_organizer(round_.season, "boss"))
    body = client.get(reverse("manage:round", args=[round_.season.slug, 1])).content.decode()
    assert "/links/" not in body and "seat-link-" not in body and "Revoke" not in body
    assert 'id="seat-links"' not in body


def test_only_an_organizer_of_the_league_makes_or_revokes_links(client, round_):
    from tests.roundsupport import make_user

    link = SeatLink.objects.first()
    client.force_login(make_user("nobody"))
    args = [round_.season.slug, 1]
    assert client.post(reverse("manage:issue_links", args=args)).status_code == 403
    response = client.post(reverse("manage:revoke_link", args=args), {"link": link.pk})
    assert response.status_code == 403
    assert not SeatLink.objects.exclude(revoked_at=None).exists()


def test_revoking_an_unknown_link_says_so(client, round_):
    client.force_login(make_organizer(round_.season, "boss"))
    args = [round_.season.slug, 1]
    response = client.post(reverse("manage:revoke_link", args=args), {"link": "x"}, follow=True)
    assert "There is no such live private link." in response.content.decode()


def test_the_chat_text_names_who_receives_a_link_and_shows_none(round_):
    tables = round_links(round_, "https://whist.example.org").tables
    assert [len(t.rows) for t in tables] == [4, 4]
    names = [s.player.name for s in round_.tables.get(number=1).seats.order_by("seat")]
    lines = tables[0].chat.splitlines()
    assert lines[1:] == [
        f"Seat {i + 1}: {name}, link sent privately" for i, name in enumerate(names)
    ]
    assert "/links/" not in tables[0].chat and "whist.example.org" not in tables[0].chat
    # each seat's own link, with the words to send it to that player alone
    row = tables[0].rows[0]
    assert row.url.startswith("https://whist.example.org/links/")
    assert row.message.startswith(f"{names[0]}, your private link") and "/links/" not in row.message


def test_links_are_made_only_for_a_round_in_play(round_):
    from core.errors import ActionError

    Round.objects.filter(pk=round_.pk).update(status=Round.Status.FINISHED)
    round_.refresh_from_db()
    with pytest.raises(ActionError):
        issue_links(round_, actor=None)


def test_a_players_link_entry_cannot_be_confirmed_by_him_signed_in(round_):
    from core.errors import ActionError
    from games.actions import confirm_result
    from tests.roundsupport import make_user

    player = round_.tables.get(number=1).seats.get(seat=0).player
    player.user = make_user("owner")
    player.save()
    submit(opened(round_, 1, 0), round_, 1)
    with pytest.raises(ActionError, match="Another player"):
        confirm_result(round_.tables.get(number=1), 1, actor=player.user)


def test_link_query_counts(round_, django_assert_num_queries):
    client = Client()
    url, page = link_url(round_, 1, 0), table_url(round_, 1)
    # link with round, table and player; seated players; the new session (Django: exists?,
    # savepoint, insert, release)
    with django_assert_num_queries(6):
        assert client.get(url).status_code == 302
    # table, seats, the link, versions, the season's live counter (the session is cached);
    # no organizer check (no account)
    with django_assert_num_queries(5):
        assert client.get(page).status_code == 200
    submit(client, round_, 1)
    with django_assert_num_queries(6):  # + the events of the version (link and player joined)
        assert client.get(page).status_code == 200


def test_link_created_by_and_time_are_kept(round_):
    link = SeatLink.objects.first()
    assert link.created_by.username and link.created_at <= timezone.now()
    assert AuditEntry.objects.filter(action="seat_links_issue").count() == 1


def test_the_admin_lists_seat_links_read_only_without_their_secrets(admin_client, round_):
    link = SeatLink.objects.filter(round=round_).select_related("player").first()
    changelist = admin_client.get(reverse("admin:games_seatlink_changelist"))
    assert changelist.status_code == 200
    assert link.player.name in changelist.content.decode()
    detail = admin_client.get(reverse("admin:games_seatlink_change", args=[link.pk])).content
    token = token_for(link)
    for secret in (token, link.nonce, link.token_hash):
        assert secret.encode() not in detail
    assert admin_client.get(reverse("admin:games_seatlink_add")).status_code == 403
    assert (
        admin_client.get(reverse("admin:games_seatlink_delete", args=[link.pk])).status_code == 403
    )


def dispute(client, round_, number, version=1):
    return client.post(
        table_url(round_, number, "games:dispute"), {"version": version, "reason": "wrong"}
    )


def save_draft(client, round_, number):
    return client.post(
        table_url(round_, number, "games:draft"),
        '{"saved_at": 1764550000000, "fields": {"deal-0-trump": "S"}}',
        content_type="application/json",
    )


def test_one_browser_acts_for_one_seat_another_seats_link_is_refused(round_):
    browser = opened(round_, 1, 0)
    assert submit(browser, round_, 1).status_code == 302
    response = browser.get(link_url(round_, 1, 2))
    assert response.status_code == 403
    body = response.content.decode()
    seat_0 = round_.tables.get(number=1).seats.get(seat=0).player.name
    assert "This browser has already entered or confirmed this table&#x27;s result" in body
    assert seat_0 in body and 'role="alert"' in body
    # the browser is still seat 0's, whose own entry it may not confirm
    assert (
        "You are at this table as " + seat_0 in browser.get(table_url(round_, 1)).content.decode()
    )
    assert confirm(browser, round_, 1).status_code == 403
    assert ResultVersion.objects.get().status == ResultVersion.Status.PENDING
    # his own link still opens, and another table's link is not this table's business
    assert browser.get(link_url(round_, 1, 0)).status_code == 302
    assert browser.get(link_url(round_, 2, 1)).status_code == 302
    # the other player confirms on his own phone
    assert confirm(opened(round_, 1, 2), round_, 1).status_code == 302


@pytest.mark.parametrize("act", ["confirm", "dispute", "draft"])
def test_confirming_disputing_or_drafting_with_a_link_also_binds_the_browser(round_, act):
    if act != "draft":
        submit(opened(round_, 1, 0), round_, 1)
    browser = opened(round_, 1, 1)
    done = {"confirm": confirm, "dispute": dispute, "draft": save_draft}[act](browser, round_, 1)
    assert done.status_code in (200, 302)
    assert browser.get(link_url(round_, 1, 3)).status_code == 403


def test_opening_links_without_acting_binds_nothing(round_):
    # a link opened by mistake: the right one still opens, and acts
    browser = opened(round_, 1, 0)
    assert browser.get(link_url(round_, 1, 1)).status_code == 302
    assert submit(browser, round_, 1).status_code == 302
    assert ResultVersion.objects.get().entered_player.seats.get().seat == 1
    assert browser.get(link_url(round_, 1, 0)).status_code == 403


def test_a_signed_in_player_of_the_table_cannot_open_another_seats_link(client, round_):
    from tests.roundsupport import make_user

    player = round_.tables.get(number=1).seats.get(seat=0).player
    player.user = make_user("seat0")
    player.save()
    client.force_login(player.user)
    response = client.get(link_url(round_, 1, 1))
    assert response.status_code == 403
    assert (
        f"You are signed in as {player.name}, who sits at this table" in response.content.decode()
    )
    assert client.get(link_url(round_, 1, 0)).status_code == 302  # his own link is fine
    assert submit(client, round_, 1).status_code == 302
    version = ResultVersion.objects.get()
    assert version.entered_by == player.user and version.status == ResultVersion.Status.PENDING


def test_a_browser_that_acted_with_a_link_does_not_act_signed_in_as_another_seat(round_):
    from tests.roundsupport import make_user

    browser = opened(round_, 1, 0)
    submit(browser, round_, 1)
    other = round_.tables.get(number=1).seats.get(seat=1).player
    other.user = make_user("seat1")
    other.save()
    browser.force_login(other.user)
    response = browser.get(table_url(round_, 1))
    assert response.status_code == 403
    assert "This browser has already entered or confirmed" in response.content.decode()
    assert confirm(browser, round_, 1).status_code == 403
    assert ResultVersion.objects.get().status == ResultVersion.Status.PENDING
    draft = save_draft(browser, round_, 1)
    assert draft.status_code == 403 and "This browser has already" in draft.json()["error"]


def test_the_refusal_is_in_hebrew_and_logged_with_the_seat_not_the_token(round_, caplog):
    caplog.set_level(logging.DEBUG)
    browser = opened(round_, 1, 0)
    submit(browser, round_, 1)
    url = link_url(round_, 1, 2)
    response = browser.get(url, headers={"accept-language": "he"})
    assert response.status_code == 403
    assert "הדפדפן הזה כבר הזין או אישר" in response.content.decode()
    refused = [r for r in caplog.records if r.name == "games.seat_links"]
    assert len(refused) == 1 and "table 1" in refused[0].getMessage()
    assert not [r for r in caplog.records if r.name == "django.request"]
    assert url.split("/")[-2] not in caplog.text


def test_a_dispute_made_with_a_private_link_names_its_player(round_):
    """The desk and the table said only "Disputed:" for a player with no account."""
    entering, disputing = Client(), Client()
    entering.get(link_url(round_, 1, 0))
    submit(entering, round_, 1)
    disputing.get(link_url(round_, 1, 1))
    disputing.post(table_url(round_, 1, "games:dispute"), {"version": 1, "reason": "deal 3"})
    name = round_.tables.get(number=1).seats.get(seat=1).player.name
    organizer = Client()
    organizer.force_login(make_organizer(round_.season))
    for page in (table_url(round_, 1), reverse("manage:round", args=[round_.season.slug, 1])):
        assert f"Disputed by {name}:" in organizer.get(page).content.decode(), page
