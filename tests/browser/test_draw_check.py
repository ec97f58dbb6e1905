"""The draw-check page recomputes a draw from its seed in Chromium (no server call), and the
organizer's changes show publicly with their reasons (issue 13)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from draws.actions import do_draw_round, publish_draw, swap_players
from draws.stored import load_draw
from games.facts import results_for
from games.models import Game, GameResult
from league.models import DrawRecord, Player, Round
from tests.browser.conftest import (
    PHONE,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.league.draw_vectors import (
    SHA256_VECTOR_NAMES,
    SHA256_VECTOR_ORDER,
    SHA256_VECTOR_SEED,
)
from tests.roundsupport import FAR_SUNDAY, FAR_WEDNESDAY, make_round, make_season, register

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULT = "#draw-check-result"


def random_round() -> Round:
    """Round 1 drawn at random over the test vector's players with its seed, published."""
    season = make_season()
    round_ = make_round(season, date=FAR_SUNDAY)
    register(
        round_,
        [Player.objects.create(name=n, slug=f"p{i}") for i, n in enumerate(SHA256_VECTOR_NAMES)],
    )
    do_draw_round(round_, seed=SHA256_VECTOR_SEED)
    publish_draw(round_)
    return round_


def ranking_round() -> Round:
    """Round 2 (a Wednesday) by ranking: four players ranked by an earlier game, three not."""
    season = make_season()
    earlier = make_round(season, number=1, date=FAR_SUNDAY, status=Round.Status.FINISHED)
    players = [Player.objects.create(name=f"R{i}", slug=f"r{i}") for i in range(7)]
    game = Game.objects.create(season=season, round=earlier, date=earlier.date, source="import")
    scores = [10, 40, 20, 30]
    GameResult.objects.bulk_create(
        results_for(game, [(i, players[i], scores[i]) for i in range(4)])
    )
    round_ = make_round(season, number=2, date=FAR_WEDNESDAY)
    register(round_, players)
    do_draw_round(round_, seed=99)
    publish_draw(round_)
    return round_


def verdict_is_shown(phone) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's script has replaced "Checking…" with its verdict (no string
    evaluation in the page: the CSP forbids it)."""
    expect(phone.locator(RESULT)).not_to_contain_text("…")


def check_page(phone, base: str, round_: Round) -> str:  # type: ignore[no-untyped-def]
    phone.goto(f"{base}/seasons/{round_.season.slug}/rounds/{round_.number}/draw-check/")
    verdict_is_shown(phone)
    return phone.locator(RESULT).inner_text()


def test_random_draw_matches_the_seed_in_the_browser(live_server, phone):
    round_ = random_round()
    assert check_page(phone, live_server.url, round_) == "This draw matches the seed."
    recomputed = [
        line.split(": ", 1)[1] for line in phone.locator(".recomputed-table").all_inner_texts()
    ]
    assert recomputed == [", ".join(SHA256_VECTOR_ORDER[:4]), ", ".join(SHA256_VECTOR_ORDER[4:8])]
    assert page_scroll_width(phone) <= PHONE["width"]
    screenshot(phone, "draw-check-random-en")


def test_ranking_draw_matches_the_seed_in_the_browser(live_server, phone):
    round_ = ranking_round()
    assert check_page(phone, live_server.url, round_) == "This draw matches the seed."
    assert load_draw(round_).tables[0][0].name == "R1"  # the best game first


def test_a_draw_that_does_not_match_its_seed_is_called_out(live_server, phone):
    round_ = random_round()
    DrawRecord.objects.filter(round=round_).update(seed=SHA256_VECTOR_SEED + 1)
    assert "does NOT match the seed" in check_page(phone, live_server.url, round_)


def test_a_swap_made_on_the_organizer_page_is_listed_and_still_checks(live_server, chromium):
    round_ = random_round()
    user = make_account("org")
    round_.season.league.organizers.add(user)
    context = new_phone(chromium)
    page = context.new_page()
    manage_path = f"/manage/seasons/{round_.season.slug}/rounds/1/"
    log_in(page, live_server.url, "org", manage_path)
    first, second = SHA256_VECTOR_ORDER[0], SHA256_VECTOR_ORDER[4]
    page.select_option("#first", label=first)
    page.select_option("#second", label=second)
    page.fill("#swap-reason", "they asked to sit apart")
    page.get_by_role("button", name="Swap", exact=True).click()
    page.wait_for_load_state()

    # Drawing again without a reason is refused by the server, even past the browser's check.
    page.locator("details:has(#redraw-reason) > summary").click()  # the redraw is folded away
    page.evaluate("document.getElementById('redraw-reason').removeAttribute('required')")
    page.check("input[name=confirm]")
    page.get_by_role("button", name="Draw again (only while no results)").click()
    page.wait_for_load_state()
    assert "Give a reason for drawing round 1 again" in page.content()
    assert DrawRecord.objects.filter(round=round_).count() == 1

    verdict = check_page(page, live_server.url, round_)
    assert verdict == "This draw matches the seed, then this change."
    changes = page.locator(".draw-changes li").all_inner_texts()
    assert len(changes) == 1
    assert f"{first} (table 1) and {second} (table 2) swapped" in changes[0]
    assert "they asked to sit apart" in changes[0]
    screenshot(page, "draw-check-with-change-en")
    context.close()


def test_the_round_page_shows_a_swap_and_a_reserve_with_their_reasons(live_server, phone):
    round_ = random_round()
    draw = load_draw(round_)
    swap_players(round_, draw.tables[0][0], draw.tables[1][1], reason="friends asked")
    swap_players(round_, draw.reserves[0], draw.tables[1][0], reason="left early")
    phone.goto(f"{live_server.url}/seasons/{round_.season.slug}/rounds/1/")
    history = phone.locator(".draw-history").inner_text()
    assert "friends asked" in history and "left early" in history
    assert f"Reserve {draw.reserves[0].name} came in for {draw.tables[1][0].name}" in history
    assert "manage.py" not in phone.content()
    phone.get_by_role("link", name="Check this draw yourself").click()
    verdict_is_shown(phone)
    assert phone.locator(RESULT).inner_text() == "This draw matches the seed, then these 2 changes."


def test_the_verdict_is_in_hebrew_on_the_hebrew_page(live_server, hebrew_phone):
    round_ = random_round()
    assert check_page(hebrew_phone, live_server.url, round_) == "ההגרלה תואמת את מספר ההגרלה."
    screenshot(hebrew_phone, "draw-check-random-he")
