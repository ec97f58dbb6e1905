"""Organizer pages under /manage/: a full round in the browser, roles, bad input, queries."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from draws.actions import do_draw_round, publish_draw
from games.models import Game
from league.models import Registration, Round, Seat, Table
from tests.roundsupport import (
    FAR_SUNDAY,
    make_organizer,
    make_players,
    make_round,
    make_season,
    make_user,
    register,
)

pytestmark = pytest.mark.django_db


def url(name, round_, *extra):
    return reverse(f"manage:{name}", args=[round_.season.slug, round_.number, *extra])


def test_a_full_round_in_the_browser(client):
    season = make_season()
    organizer = make_organizer(season)
    players = make_players(4, with_users=True)
    client.force_login(organizer)
    response = client.post(
        reverse("manage:season", args=[season.slug]), {"number": 1, "date": FAR_SUNDAY}
    )
    assert response.status_code == 302
    round_ = Round.objects.get(season=season, number=1)
    for player in players[:3]:
        client.force_login(player.user)
        assert client.post(reverse("web:register", args=[round_.pk])).status_code == 302
    client.force_login(organizer)
    client.post(url("register", round_), {"names": players[3].name + "\n\n"})
    assert Registration.objects.filter(round=round_).count() == 4
    client.post(url("close", round_))
    client.post(url("draw", round_), {"seed": "7"})
    client.post(url("publish", round_))
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAWN and round_.draw_seed == 7
    assert round_.draw_published_at is not None
    page = client.get(url("round", round_)).content.decode()
    assert "Seed: 7" in page
    table = Table.objects.get(round=round_)
    seated = [s.player.user for s in Seat.objects.filter(table=table).order_by("seat")]
    client.force_login(seated[0])
    client.post(
        reverse("games:submit", args=[table.pk]),
        {"mode": "scores", "score-0": 50, "score-1": 40, "score-2": 30, "score-3": 20},
    )
    client.force_login(seated[1])
    client.post(reverse("games:confirm", args=[table.pk]), {"version": 1})
    assert Game.objects.get(table=table).status == Game.Status.CONFIRMED
    from standings.loader import season_standings

    standings = season_standings(season)
    assert standings.rows[0].player == Seat.objects.get(table=table, seat=0).player_id
    assert {e.action for e in AuditEntry.objects.all()} >= {
        "create_round",
        "register",
        "close_registration",
        "draw",
        "publish_draw",
    }


@pytest.mark.parametrize("who", ["anonymous", "player", "organizer_of_another_league"])
def test_wrong_roles_cannot_manage(client, who):
    season = make_season()
    round_ = make_round(season)
    register(round_, make_players(4))
    if who == "player":
        client.force_login(make_players(1, with_users=True)[0].user)
    elif who == "organizer_of_another_league":
        client.force_login(make_organizer(make_season("s2", league_name="Other League")))
    expected = 302 if who == "anonymous" else 403
    assert client.get(url("round", round_)).status_code == expected
    assert client.get(reverse("manage:season", args=[season.slug])).status_code == expected
    for name in ("close", "reopen", "draw", "publish", "register", "unregister", "swap", "finish"):
        assert client.post(url(name, round_), {"names": "X", "player": 1}).status_code == expected
    assert not Table.objects.exists()
    round_.refresh_from_db()
    assert round_.status == Round.Status.OPEN
    assert not AuditEntry.objects.exists()


def test_refused_names_stay_in_their_box_with_the_sentence_beside_it(client):
    """A list of names refused (one name too long) is not lost: the desk shows it again in
    its box, the sentence beside the box, and registers nobody."""
    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    client.force_login(organizer)
    typed = "Dana\nEli\n" + "x" * 200 + "\nNoa"
    response = client.post(url("register", round_), {"names": typed})
    assert response.status_code == 400
    page = response.content.decode()
    box = page[page.index('<textarea id="names"') : page.index("</textarea>")]
    assert 'aria-describedby="names-error"' in box
    assert box.split(">", 1)[1] == typed
    error = page[page.index('id="names-error"') :].split("</p>", 1)[0]
    assert "longer than" in error
    assert not round_.registrations.exists()
    round_.status = Round.Status.CLOSED
    round_.save()
    response = client.post(url("latecomer", round_), {"names": "   "})
    assert response.status_code == 400
    assert 'id="latecomers-error"' in response.content.decode()


def test_bad_input_gives_messages_not_errors(client):
    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    client.force_login(organizer)
    checks = [
        (url("draw", round_), {"seed": "-3"}, "The seed must be a whole number", 200),
        (url("register", round_), {"names": "   "}, "Enter at least one name", 400),
        (url("register", round_), {"names": "x" * 200}, "longer than", 400),
        (url("unregister", round_), {"player": "abc"}, "no such player", 200),
        (url("swap", round_), {"first": "1"}, "Choose two players", 200),
        (url("publish", round_), {}, "not been drawn", 200),
        (url("reopen", round_), {}, "", 200),
    ]
    for address, data, message, status in checks:
        response = client.post(address, data, follow=True)
        assert response.status_code == status
        assert message in response.content.decode()
    response = client.post(
        reverse("manage:season", args=[season.slug]), {"number": 1, "date": "2099-01-04"}
    )
    assert response.status_code == 302
    response = client.post(
        reverse("manage:season", args=[season.slug]), {"number": "x", "date": "never"}
    )
    assert response.status_code == 400
    response = client.post(
        reverse("manage:season", args=[season.slug]),
        {"number": 2, "date": "1999-01-01"},
        follow=True,
    )
    assert "within the season" in response.content.decode()
    assert Round.objects.count() == 1


def test_unknown_season_and_round_are_404(client):
    client.force_login(make_organizer(make_season()))
    assert client.get(reverse("manage:season", args=["nope"])).status_code == 404
    assert client.get(reverse("manage:round", args=["season-10", 99])).status_code == 404


def test_redraw_with_results_is_refused_with_a_message(client):
    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    register(round_, make_players(4))
    do_draw_round(round_, seed=1)
    table = Table.objects.get()
    Game.objects.create(season=season, round=round_, table=table, date=round_.date, source="entry")
    client.force_login(organizer)
    response = client.post(
        url("draw", round_), {"redraw": "1", "confirm": "1", "reason": "late"}, follow=True
    )
    assert "already has results" in response.content.decode()


@pytest.mark.parametrize("count", [4, 40])
def test_round_page_query_count_does_not_grow_with_players(
    client, count, django_assert_num_queries
):
    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    register(round_, make_players(count))
    do_draw_round(round_, seed=1)
    client.force_login(organizer)
    # user (the session is cached), round, organizer check, registrations, seats, reserves,
    # versions, tables, draw records and their changes, and the private seat links (seats,
    # live links)
    with django_assert_num_queries(12):
        assert client.get(url("round", round_)).status_code == 200


@pytest.mark.parametrize("count", [1, 12])
def test_season_and_index_query_counts(client, count, django_assert_num_queries):
    season = make_season()
    organizer = make_organizer(season)
    for number in range(1, count + 1):
        make_round(season, number=number)
    client.force_login(organizer)
    with django_assert_num_queries(4):  # the session comes from the cache
        assert client.get(reverse("manage:season", args=[season.slug])).status_code == 200
    # user (the session is cached), organizer check, leagues (where we play), seasons,
    # disputed results
    with django_assert_num_queries(5):
        assert client.get(reverse("manage:index")).status_code == 200


def test_audit_log_shows_only_my_leagues(client):
    season = make_season()
    other = make_season("s2", league_name="Other League")
    mine = make_organizer(season)
    AuditEntry.objects.create(league=season.league, action="draw", summary="mine")
    AuditEntry.objects.create(league=other.league, action="draw", summary="theirs")
    client.force_login(mine)
    body = client.get(reverse("manage:audit")).content.decode()
    assert "mine" in body and "theirs" not in body
    client.force_login(make_user())
    assert client.get(reverse("manage:audit")).status_code == 403


def test_finish_round_needs_every_table_confirmed(client):
    from games.actions import organizer_set_result

    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    register(round_, make_players(8))
    do_draw_round(round_, seed=1)
    publish_draw(round_)
    client.force_login(organizer)
    response = client.post(url("finish", round_), follow=True)
    assert "Tables without a confirmed result: 1, 2." in response.content.decode()
    for table in Table.objects.filter(round=round_):
        organizer_set_result(table, actor=organizer, scores=[4, 3, 2, 1])
    client.post(url("finish", round_))
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED
    response = client.post(url("finish", round_), follow=True)
    assert "Only a drawn round in play can be finished" in response.content.decode()
    client.force_login(make_user())
    assert client.post(url("finish", round_)).status_code == 403


def test_huge_or_odd_ids_are_refused_politely(client):
    season = make_season()
    round_ = make_round(season)
    client.force_login(make_organizer(season))
    odd = ({"first": "9" * 25, "second": "1"}, {"first": "-1", "second": "x"}, {"first": "²"})
    for data in odd:
        response = client.post(url("swap", round_), data, follow=True)
        assert "Choose two players" in response.content.decode()
    response = client.post(url("unregister", round_), {"player": "9" * 25}, follow=True)
    assert "no such player" in response.content.decode()
    response = client.post(url("draw", round_), {"seed": "²"}, follow=True)
    assert "The seed must be a whole number" in response.content.decode()


def test_open_play_season_has_no_rounds_to_add(client):
    season = make_season("rated", rules_preset="whist-online-1200")
    client.force_login(make_organizer(season))
    page = client.get(reverse("manage:season", args=[season.slug])).content.decode()
    assert "open-play league" in page
    response = client.post(
        reverse("manage:season", args=[season.slug]),
        {"number": 1, "date": "2099-01-04"},
        follow=True,
    )
    assert "has no rounds" in response.content.decode()
    assert not Round.objects.exists()


def published_table(season, players):  # type: ignore[no-untyped-def]
    """Round 1 of `season`: the four `players` registered, drawn at one table, the draw
    published; the round and its table."""
    round_ = make_round(season)
    register(round_, players)
    do_draw_round(round_, seed=1)
    publish_draw(round_)
    return round_, Table.objects.get(round=round_)


def test_disputed_results_are_listed_for_the_organizer(client):
    from games.actions import dispute_result, submit_result

    season = make_season()
    organizer = make_organizer(season)
    _round, table = published_table(season, make_players(4, with_users=True))
    seated = [s.player.user for s in table.seats.select_related("player__user").order_by("seat")]
    submit_result(table, actor=seated[0], scores=[1, 2, 3, 4])
    dispute_result(table, 1, actor=seated[1], reason="wrong")
    client.force_login(organizer)
    body = client.get(reverse("manage:index")).content.decode()
    assert "Disputed results waiting for you" in body
    assert reverse("games:table", args=[table.pk]) in body
    client.force_login(make_organizer(make_season("s2", league_name="Other League")))
    assert "Disputed results" not in client.get(reverse("manage:index")).content.decode()


def test_the_index_isolates_league_and_season_names_so_a_trailing_plus_stays_put(client):
    """'Whist Online 1200+' in a Hebrew row read '+Whist Online 1200': the name is in a
    <bdi> of its own."""
    season = make_season("rated-s1", league_name="Whist Online 1200+")
    client.force_login(make_organizer(season))
    body = client.get(reverse("manage:index"), HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert "<td><bdi>Whist Online 1200+</bdi></td>" in body
    assert f"><bdi>{season.name}</bdi></a>" in body


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_audit_log_words_not_played_and_private_links_in_the_readers_language(client, language):
    """These four were the English summaries as stored, on a Hebrew page too."""
    from django.utils import translation

    from games.models import SeatLink
    from games.not_played import mark_not_played
    from games.seat_links import issue_links, revoke_link

    season = make_season()
    organizer = make_organizer(season)
    round_, table = published_table(season, make_players(4))
    mark_not_played(table, actor=organizer)
    mark_not_played(table, actor=organizer, not_played=False)
    issue_links(round_, actor=organizer)
    link = SeatLink.objects.select_related("player").order_by("pk").first()
    revoke_link(round_, link.pk, actor=organizer)
    client.force_login(organizer)
    body = client.get(reverse("manage:audit"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    with translation.override(language):
        words = [
            translation.gettext("%(table)s: marked as not played"),
            translation.gettext("%(table)s: played after all"),
            translation.gettext("%(round)s: private seat links made: %(count)s"),
            translation.gettext("%(round)s: the private link of %(player)s revoked"),
        ]
    shown = body.replace("&#x27;", "'")
    for sentence in words:  # each sentence's words after its round or table
        part = sentence.split(": ", 1)[1].split("%(", 1)[0].strip()
        assert part in shown, sentence
    assert link.player.name in shown
    if language == "he":  # none of the stored English summaries
        for summary in ("not played", "played after all", "private seat links made", "revoked"):
            assert summary not in body, summary


def test_the_audit_log_names_a_tournaments_rounds_as_stages_and_the_final_table(client):
    """A tournament's entries read "round 1" for stage 1 and "round 5" for the final table."""
    from tests.tournamentsupport import run, tournament

    season, rounds = tournament(players=16)
    run(rounds, stages=1, final=False)
    client.force_login(make_organizer(season))
    body = client.get(reverse("manage:audit")).content.decode()
    assert f"{season.name}: Stage 1: tables drawn" in body
    assert f"{season.name}, Stage 1, table 1: result set to" in body
    assert f"{season.name}: round 1" not in body
