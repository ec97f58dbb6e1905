"""Draws players can trust (issue 13, items 2-4): every draw and every change is recorded
with its reason, disclosed once published, and checkable from the seed."""

from __future__ import annotations

import hashlib
import importlib
import json
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from core.errors import ActionError
from draws.actions import do_draw_round, publish_draw, swap_players
from draws.stored import load_draw
from games.facts import results_for
from games.models import Game, GameResult
from league.models import DrawChange, DrawRecord, Player, Round, Seat
from publishing.actions import do_publish_season
from publishing.messages import draw_summary
from publishing.snapshots import inputs_fingerprint, latest_snapshot
from tests.roundsupport import (
    FAR_SUNDAY,
    FAR_WEDNESDAY,
    make_organizer,
    make_round,
    make_season,
    register,
    seat_table,
)

pytestmark = pytest.mark.django_db

NAMES = ["Avi", "Dana", "Eli", "Gil", "Noa", "Omer", "Ruth", "Tal", "Yael"]


def named_players(names=NAMES):
    return [Player.objects.create(name=n, slug=n.lower()) for n in names]


def sha256_order(names, seed):
    return sorted(names, key=lambda n: hashlib.sha256(f"{seed}:{n}".encode()).hexdigest())


@pytest.fixture
def drawn():
    """Round 1 (a Sunday) with nine players drawn at random with seed 7, not published."""
    season = make_season()
    round_ = make_round(season, date=FAR_SUNDAY)
    players = {p.name: p for p in named_players()}
    register(round_, list(players.values()))
    do_draw_round(round_, seed=7)
    return round_, players


def seated_pair(round_):
    """Two players at different tables, and the reserve."""
    draw = load_draw(round_)
    return draw.tables[0][0], draw.tables[1][0], draw.reserves[0]


def page(client, round_, suffix=""):
    return client.get(f"/seasons/{round_.season.slug}/rounds/{round_.number}/{suffix}")


# --- records ------------------------------------------------------------------------------


def test_a_draw_is_recorded_with_its_recipe_seed_starting_list_and_tables(drawn):
    round_, _players = drawn
    record = DrawRecord.objects.get(round=round_)
    order = sha256_order(NAMES, 7)
    assert (record.number, record.method, record.recipe, record.seed) == (
        1,
        "random",
        "sha256-v1",
        7,
    )
    assert record.starting_list == [{"player": n} for n in sorted(NAMES)]
    assert record.tables == [order[:4], order[4:8]]
    assert record.reserves == [order[8]]
    assert not record.superseded and record.reason == ""


def test_a_ranking_draw_records_each_players_rank_points_gap_and_games():
    season = make_season()
    earlier = make_round(season, number=1, date=FAR_SUNDAY, status=Round.Status.FINISHED)
    players = named_players(NAMES[:5])
    game = Game.objects.create(season=season, round=earlier, date=earlier.date, source="import")
    GameResult.objects.bulk_create(
        results_for(
            game,
            [(i, p, s) for i, (p, s) in enumerate(zip(players, [40, 30, 20, 10], strict=False))],
        )
    )
    round_ = make_round(season, number=2, date=FAR_WEDNESDAY)
    register(round_, players)
    do_draw_round(round_, seed=3)
    record = DrawRecord.objects.get(round=round_)
    assert record.method == "ranking"
    assert [e["player"] for e in record.starting_list] == NAMES[:5]
    assert record.starting_list[0] == {
        "player": "Avi",
        "rank": 1,
        "points": 6.0,
        "gap": 15.0,
        "games": 1,
    }
    assert record.starting_list[4] == {"player": "Noa", "rank": None}
    assert record.tables == [NAMES[:4]]


def test_redraw_without_a_reason_is_refused_and_writes_nothing(drawn):
    round_, _players = drawn
    before = load_draw(round_).as_json()
    with pytest.raises(ActionError, match="reason"):
        do_draw_round(round_, seed=8, redraw=True, reason="  ")
    assert load_draw(round_).as_json() == before
    assert DrawRecord.objects.filter(round=round_).count() == 1


def test_redraw_with_a_reason_supersedes_the_draw_and_keeps_the_reason(drawn):
    round_, _players = drawn
    do_draw_round(round_, seed=8, redraw=True, reason="Yael registered late")
    records = list(DrawRecord.objects.filter(round=round_).order_by("number"))
    assert [(r.number, r.seed, r.superseded, r.reason) for r in records] == [
        (1, 7, True, ""),
        (2, 8, False, "Yael registered late"),
    ]


def test_a_swap_and_a_reserve_brought_in_are_recorded_with_their_reasons(drawn):
    round_, _players = drawn
    first, second, reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    swap_players(round_, reserve, first, reason="Avi left")
    changes = list(DrawChange.objects.order_by("id").values("kind", "players", "tables", "reason"))
    assert changes == [
        {
            "kind": "swap",
            "players": [first.name, second.name],
            "tables": [1, 2],
            "reason": "friends asked",
        },
        {
            "kind": "reserve_in",
            "players": [reserve.name, first.name],
            "tables": [None, 2],
            "reason": "Avi left",
        },
    ]


def test_a_swap_without_a_reason_is_refused_and_writes_nothing(drawn):
    round_, _players = drawn
    first, second, _reserve = seated_pair(round_)
    seats = list(Seat.objects.values_list("player_id", "table_id", "seat").order_by("pk"))
    with pytest.raises(ActionError, match="reason"):
        swap_players(round_, first, second, reason="")
    assert list(Seat.objects.values_list("player_id", "table_id", "seat").order_by("pk")) == seats
    assert not DrawChange.objects.exists()


def test_existing_drawn_rounds_get_one_legacy_record_from_their_seats(drawn):
    round_, _players = drawn
    DrawRecord.objects.all().delete()
    migration = importlib.import_module("league.migrations.0003_draw_records")
    migration.record_existing_draws(apps, None)
    record = DrawRecord.objects.get(round=round_)
    assert record.recipe == "legacy" and record.seed == 7
    assert record.tables == [[p.name for p in t] for t in load_draw(round_).tables]


# --- the command line ---------------------------------------------------------------------


def run_draw(*args):
    out = StringIO()
    call_command("draw", "season-10", "--round", "1", *args, stdout=out)
    return out.getvalue()


def test_command_redraw_needs_a_reason(drawn):
    with pytest.raises(CommandError, match="--reason") as error:
        run_draw("--redraw")
    assert error.value.returncode == 1
    assert DrawRecord.objects.count() == 1


def test_command_draw_json_keeps_its_documented_shape(drawn):
    data = json.loads(run_draw("--json"))
    assert set(data) == {"round", "method", "seed", "tables", "reserves"}


def test_command_check_passes_for_a_draw_and_its_recorded_changes(drawn):
    round_, _players = drawn
    assert "matches its recipe and seed" in run_draw("--check")
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    out = run_draw("--check")
    assert "friends asked" in out and "seats now match" in out


def test_command_check_fails_when_the_seats_were_changed_without_a_record(drawn):
    round_, _players = drawn
    first, _second, reserve = seated_pair(round_)
    Seat.objects.filter(round=round_, player=first).update(player=reserve)
    with pytest.raises(CommandError) as error:
        run_draw("--check")
    assert error.value.returncode == 1


def test_command_check_fails_when_the_recorded_draw_does_not_match_its_seed(drawn):
    DrawRecord.objects.update(seed=8)
    with pytest.raises(CommandError):
        run_draw("--check")


# --- the organizer's page ------------------------------------------------------------------


def test_organizer_redraw_needs_confirmation_and_a_reason(client, drawn):
    round_, _players = drawn
    client.force_login(make_organizer(round_.season))
    url = reverse("manage:draw", args=[round_.season.slug, round_.number])
    unconfirmed = client.post(url, {"redraw": "1", "reason": "late"}, follow=True)
    assert "Tick the box" in unconfirmed.content.decode()
    no_reason = client.post(url, {"redraw": "1", "confirm": "1", "reason": ""}, follow=True)
    assert "Give a reason" in no_reason.content.decode()
    assert DrawRecord.objects.count() == 1
    client.post(url, {"redraw": "1", "confirm": "1", "reason": "Tal arrived"})
    assert DrawRecord.objects.get(superseded=False).reason == "Tal arrived"
    manage_page = client.get(reverse("manage:round", args=[round_.season.slug, 1])).content
    assert "Tal arrived" in manage_page.decode()


def test_organizer_swap_needs_a_reason(client, drawn):
    round_, _players = drawn
    first, second, _reserve = seated_pair(round_)
    client.force_login(make_organizer(round_.season))
    url = reverse("manage:swap", args=[round_.season.slug, round_.number])
    response = client.post(url, {"first": first.pk, "second": second.pk}, follow=True)
    assert "Give a reason" in response.content.decode()
    client.post(url, {"first": first.pk, "second": second.pk, "reason": "friends asked"})
    assert DrawChange.objects.get().reason == "friends asked"


def test_a_refused_swap_opens_the_desk_at_the_swap_form_with_the_choices_kept(client, drawn):
    round_, _players = drawn
    first, second, _reserve = seated_pair(round_)
    client.force_login(make_organizer(round_.season))
    url = reverse("manage:swap", args=[round_.season.slug, round_.number])
    response = client.post(url, {"first": first.pk, "second": second.pk, "reason": ""})
    desk = reverse("manage:round", args=[round_.season.slug, round_.number])
    assert response.status_code == 302
    assert response["Location"].startswith(f"{desk}?") and response["Location"].endswith("#swap")
    html = client.get(response["Location"]).content.decode()
    form = html.split('id="swap"')[1].split("</form>")[0]
    assert "Give a reason" in form  # beside the form, not at the top of the page
    assert "Give a reason" not in html.split('id="swap"')[0]
    assert f'<option value="{first.pk}" selected>' in form.split('id="second"')[0]
    assert f'<option value="{second.pk}" selected>' in form.split('id="second"')[1]
    same = client.post(url, {"first": first.pk, "second": first.pk, "reason": "oops"})
    form = client.get(same["Location"]).content.decode().split('id="swap"')[1]
    assert 'value="oops"' in form.split("</form>")[0]
    assert not DrawChange.objects.exists()


# --- public disclosure --------------------------------------------------------------------


def test_history_and_changes_are_private_until_the_draw_is_published(client, drawn):
    round_, _players = drawn
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    assert "friends asked" not in page(client, round_).content.decode()
    assert page(client, round_, "draw-check/").status_code == 404


def test_public_round_page_shows_the_swap_and_the_reserve_with_reasons(client, drawn):
    round_, _players = drawn
    first, second, reserve = seated_pair(round_)
    publish_draw(round_)
    swap_players(round_, first, second, reason="friends asked")
    swap_players(round_, reserve, first, reason="Avi left")
    html = page(client, round_).content.decode()
    assert f"{first.name} (table 1) and {second.name} (table 2) swapped" in html
    assert "friends asked" in html
    assert f"Reserve {reserve.name} came in for {first.name} at table 2" in html
    assert "Avi left" in html
    assert "manage.py" not in html
    assert reverse("web:draw_check", args=[round_.season.slug, 1]) in html


def test_a_redraw_after_publication_is_published_with_its_reason(client, drawn):
    round_, _players = drawn
    publish_draw(round_)
    do_draw_round(round_, seed=8, redraw=True, reason="a table was wrong")
    round_.refresh_from_db()
    assert round_.draw_published_at is not None
    html = page(client, round_).content.decode()
    assert "Drawn again because: a table was wrong" in html
    assert "Draw 1" in html and "replaced" in html and "this draw stands" in html


def test_a_ranking_draw_with_a_swap_does_not_claim_ranks_1_to_4_unqualified(client):
    season = make_season()
    round_ = make_round(season, date=FAR_WEDNESDAY)
    register(round_, named_players(NAMES[:8]))
    do_draw_round(round_, seed=1)
    publish_draw(round_)
    draw = load_draw(round_)
    swap_players(round_, draw.tables[0][0], draw.tables[1][0], reason="asked")
    html = page(client, round_).content.decode()
    assert "Then 1 change by the organizer, listed below." in html
    do_publish_season(season.pk, force=True)
    text = json_text(season, "en")
    assert "ranks 1-4" not in text and "with 1 change:" in text


def json_text(season, language):
    return latest_snapshot(season).data["messages"][language]["rounds"]["1"]["draw"]


def test_chat_text_lists_the_change_with_its_reason_and_links_the_check_page(drawn):
    round_, _players = drawn
    publish_draw(round_)
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    do_publish_season(round_.season_id, force=True)
    text = json_text(round_.season, "en")
    assert (
        f"Random draw (seed 7) with 1 change: {first.name} and {second.name} swapped "
        "(friends asked)." in text
    )
    assert "Check the draw: /seasons/season-10/rounds/1/draw-check/" in text
    assert "manage.py" not in text


def test_chat_text_is_in_hebrew_under_the_hebrew_language(drawn):
    round_, _players = drawn
    publish_draw(round_)
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="ביקשו")
    do_publish_season(round_.season_id, force=True)
    text = json_text(round_.season, "he")
    assert "מספר ההגרלה 7" in text and "ביקשו" in text and "manage.py" not in text
    assert "Random draw" not in text
    with translation.override("he"):
        assert "הגרלת השולחנות" in draw_summary({"method": "random", "seed": 1})


def test_round_page_shows_the_chat_text_in_the_page_language(client, drawn):
    round_, _players = drawn
    publish_draw(round_)
    do_publish_season(round_.season_id, force=True)
    hebrew = client.get("/seasons/season-10/rounds/1/", HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert "מספר ההגרלה 7" in hebrew


# --- the draw-check page ------------------------------------------------------------------


def test_draw_check_page_explains_the_recipe_lists_the_players_and_passes_the_data(client, drawn):
    round_, _players = drawn
    publish_draw(round_)
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    response = page(client, round_, "draw-check/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "SHA-256" in html and "friends asked" in html
    assert 'id="draw-check-data"' in html and "web/draw-check.js" in html
    assert "<script>" not in html
    data = response.context["data"]
    assert data["players"] == sorted(NAMES) and data["seed"] == "7"
    assert data["changes"] == [{"kind": "swap", "players": [first.name, second.name]}]


def test_draw_check_page_of_a_ranking_draw_shows_the_ranking_used(client):
    season = make_season()
    round_ = make_round(season, date=FAR_WEDNESDAY)
    register(round_, named_players(NAMES[:5]))
    do_draw_round(round_, seed=1)
    publish_draw(round_)
    html = page(client, round_, "draw-check/").content.decode()
    assert "The ranking the draw used" in html
    assert "ranks 1-4 at table 1" in html


def test_draw_check_page_of_a_legacy_draw_points_organizers_to_the_command_line(client, drawn):
    round_, _players = drawn
    DrawRecord.objects.update(recipe="legacy")
    publish_draw(round_)
    html = page(client, round_, "draw-check/").content.decode()
    assert "--check" in html and "draw-check.js" not in html


def test_a_recorded_change_makes_the_published_snapshot_stale(drawn):
    round_, _players = drawn
    publish_draw(round_)
    before = inputs_fingerprint(round_.season)
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    assert inputs_fingerprint(round_.season) != before


@pytest.mark.parametrize("changes", [0, 3])
def test_public_draw_pages_query_count_does_not_grow_with_changes(
    client, drawn, changes, django_assert_num_queries
):
    round_, _players = drawn
    publish_draw(round_)
    do_publish_season(round_.season_id, force=True)
    for _ in range(changes):
        first, second, _reserve = seated_pair(round_)
        swap_players(round_, first, second, reason="again")
    # the round page's 8 (its version, read for the ETag, first), then the draw records and
    # their changes: the same however many changes there are
    with django_assert_num_queries(10):
        assert page(client, round_).status_code == 200
    # the page's version (for its ETag), season, round, records, changes, seats, reserves
    with django_assert_num_queries(7):
        assert page(client, round_, "draw-check/").status_code == 200


def test_a_swap_in_a_round_seated_outside_the_app_is_recorded_against_its_seats():
    season = make_season()
    round_ = make_round(season, date=FAR_SUNDAY)
    players = named_players(NAMES[:8])
    seat_table(round_, players[:4])
    seat_table(round_, players[4:], number=2)
    swap_players(round_, players[0], players[4], reason="asked")
    record = DrawRecord.objects.get(round=round_)
    assert record.recipe == "unrecorded" and record.tables == [NAMES[:4], NAMES[4:8]]
    assert record.changes.get().players == [NAMES[0], NAMES[4]]


def test_public_round_page_shows_the_draw_as_made_before_its_changes(client, drawn):
    round_, _players = drawn
    publish_draw(round_)
    made = DrawRecord.objects.get().tables
    first, second, _reserve = seated_pair(round_)
    swap_players(round_, first, second, reason="friends asked")
    html = page(client, round_).content.decode()
    assert "The draw as made from the seed" in html
    assert f"Table 1:</strong> {', '.join(made[0])}" in html


def test_the_draw_command_runs_djangos_checks_as_manage_py_does(drawn):
    """`manage.py draw` runs Django's system checks first (call_command skips them): the
    command's own draw check must not hide BaseCommand.check."""
    out = StringIO()
    call_command("draw", "season-10", "--round", "1", "--check", skip_checks=False, stdout=out)
    assert "matches" in out.getvalue()


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_recipes_example_string_reads_left_to_right_in_every_language(client, drawn, language):
    """The example "12345:Dana" is the exact string hashed: on a Hebrew page it sits in an
    LTR-isolated element, or it would read "Dana:12345"."""
    round_, _players = drawn
    publish_draw(round_)
    url = f"/seasons/{round_.season.slug}/rounds/1/draw-check/"
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert '<code dir="ltr">12345:Dana</code>' in html
    assert "“12345:Dana”" not in html
    if language == "he":
        assert 'dir="rtl"' in html and '(למשל <code dir="ltr">12345:Dana</code>)' in html
