"""A drawn table marked as not played counts as done: the desk offers Finish and the
results text, finish_round accepts it, the public page says so, and players cannot enter
a result there (issue 15, item 3)."""

import pytest
from django.urls import reverse

from core.errors import ActionError
from core.models import AuditEntry
from draws.actions import do_draw_round, publish_draw
from games.actions import organizer_set_result
from games.finish import finish_round
from games.not_played import mark_not_played
from league.models import Round, Seat, Table
from publishing.actions import do_publish_season
from publishing.messages import results_text
from publishing.snapshots import build_snapshot_data
from tests.roundsupport import make_organizer, make_players, make_round, make_season, register

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn():
    """A published round of two tables; table 1 confirmed, table 2 not played yet."""
    season = make_season()
    organizer = make_organizer(season)
    round_ = make_round(season)
    register(round_, make_players(8, with_users=True))
    do_draw_round(round_, seed=1)
    publish_draw(round_)
    first, second = Table.objects.filter(round=round_).order_by("number")
    organizer_set_result(first, actor=organizer, scores=[4, 3, 2, 1])
    return round_, organizer, first, second


def desk_url(name, round_, *extra):
    return reverse(f"manage:{name}", args=[round_.season.slug, round_.number, *extra])


def test_organizer_marks_a_table_not_played_and_undoes_it(drawn):
    _round, organizer, _first, second = drawn
    mark_not_played(second, actor=organizer)
    second.refresh_from_db()
    assert second.not_played
    mark_not_played(second, actor=organizer, not_played=False)
    second.refresh_from_db()
    assert not second.not_played
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert "mark_not_played" in actions and "mark_played" in actions


def test_only_an_organizer_of_the_league_may_mark_a_table_not_played(drawn):
    _round, _organizer, _first, second = drawn
    player = Seat.objects.filter(table=second).first().player.user
    with pytest.raises(ActionError, match="Only an organizer"):
        mark_not_played(second, actor=player)
    second.refresh_from_db()
    assert not second.not_played


def test_a_table_with_a_confirmed_result_cannot_be_marked_not_played(drawn):
    _round, organizer, first, _second = drawn
    with pytest.raises(ActionError, match="Table 1 has a confirmed result"):
        mark_not_played(first, actor=organizer)
    first.refresh_from_db()
    assert not first.not_played


def test_finish_round_counts_a_not_played_table_as_done(drawn):
    round_, organizer, _first, second = drawn
    with pytest.raises(ActionError, match="Tables without a confirmed result: 2"):
        finish_round(round_, actor=organizer)
    mark_not_played(second, actor=organizer)
    finish_round(round_, actor=organizer)
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def test_the_desk_buttons_mark_undo_and_then_offer_finish_and_the_results_text(client, drawn):
    round_, organizer, _first, second = drawn
    client.force_login(organizer)
    page = client.get(desk_url("round", round_)).content.decode()
    assert "Mark as not played" in page
    assert "Finish the round (all results confirmed)" not in page
    response = client.post(desk_url("not_played", round_, 2), follow=True)
    assert "Table 2 is marked as not played." in response.content.decode()
    client.post(desk_url("not_played", round_, 2), {"played": "1"})
    second.refresh_from_db()
    assert not second.not_played
    client.post(desk_url("not_played", round_, 2))
    do_publish_season(round_.season_id, force=True)
    response = client.get(desk_url("round", round_))
    page = response.content.decode()
    assert response.context["all_confirmed"]
    assert "It was played after all" in page
    assert "Finish the round (all results confirmed)" in page
    assert "Results:" in page  # the results chat text is offered
    assert client.post(desk_url("not_played", round_, 9)).status_code == 404


def test_the_results_chat_text_does_not_wait_for_a_not_played_table(drawn):
    round_, organizer, _first, second = drawn
    assert results_text(build_snapshot_data(round_.season), _round_data(round_)) is None
    mark_not_played(second, actor=organizer)
    data = build_snapshot_data(round_.season)
    draw_tables = data["rounds"][0]["draw"]["tables"]
    assert [t["not_played"] for t in draw_tables] == [False, True]
    text = results_text(data, data["rounds"][0])
    assert text is not None and "Table 1:" in text and "Table 2" not in text


def _round_data(round_):
    return build_snapshot_data(round_.season)["rounds"][0]


def test_the_public_round_page_shows_a_not_played_table(client, drawn):
    round_, organizer, _first, second = drawn
    mark_not_played(second, actor=organizer)
    do_publish_season(round_.season_id, force=True)
    address = reverse("web:round", args=[round_.season.slug, round_.number])
    page = client.get(address).content.decode()
    card = page[page.index(f'id="table-{second.number}"') :].split("</section>", 1)[0]
    assert "Not played" in card
    assert "No result yet." not in card  # it never will have one


def test_a_player_cannot_enter_a_result_at_a_not_played_table(client, drawn):
    _round, organizer, _first, second = drawn
    mark_not_played(second, actor=organizer)
    player = Seat.objects.filter(table=second).first().player.user
    client.force_login(player)
    response = client.post(
        reverse("games:submit", args=[second.pk]),
        {"mode": "scores", "score-0": 50, "score-1": 40, "score-2": 30, "score-3": 20},
        follow=True,
    )
    assert "marked as not played" in response.content.decode()
    assert not second.result_versions.exists()
