"""Issue 13 item 1 in a real browser at phone width: an anonymous visitor sees no table and
no seed of a round's draw until the organizer presses "Publish the draw", then sees both."""

from __future__ import annotations

import pytest

from league.models import Player
from publishing.actions import do_publish_season
from tests.browser.conftest import (
    PHONE,
    log_in,
    make_account,
    new_phone,
    page_scroll_width,
    screenshot,
)
from tests.drawsupport import METHODS, SEED, draw_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("method", METHODS)
def test_the_anonymous_round_page_shows_the_draw_only_after_publish(
    live_server, chromium, phone, make_season, method
):
    season = make_season(players=8, rounds=3)
    players = [*Player.objects.order_by("name"), Player.objects.create(name="Rina", slug="rina")]
    round_ = draw_round(season, method, players, 4)
    do_publish_season(season.pk)
    organizer = make_account("organizer")
    season.league.organizers.add(organizer)
    address = f"{live_server.url}/seasons/{season.slug}/rounds/4/"
    seed = str(round_.draw_seed)

    phone.goto(address)
    assert phone.locator("#draw").count() == 0
    assert phone.get_by_text("Table 1", exact=True).count() == 0
    main = phone.locator("main").inner_text()
    assert seed not in main and str(SEED) not in main
    assert "9 players registered" in main
    screenshot(phone, f"draw-private-{method}-en")
    api = f"{live_server.url}/api/v1/seasons/{season.slug}/rounds/4/"
    assert phone.request.get(api).json()["draw"] is None  # the API reveals nothing either

    managing = new_phone(chromium)
    page = managing.new_page()
    manage_path = f"/manage/seasons/{season.slug}/rounds/4/"
    log_in(page, live_server.url, "organizer", manage_path)
    page.get_by_role("button", name="Publish the draw").click()
    page.wait_for_load_state()
    assert page.get_by_text("The draw is published.").count() == 1
    managing.close()

    phone.goto(address)
    assert phone.locator("#draw").count() == 1
    assert phone.get_by_role("heading", name="Table 1").count() == 1
    assert phone.get_by_role("heading", name="Table 2").count() == 1
    assert phone.get_by_role("heading", name="Reserves").count() == 1
    main = phone.locator("main").inner_text()
    if method == "random":
        assert seed == str(SEED) and seed in main and "Random draw." in main
    else:
        assert "Drawn by league ranking" in main
    assert page_scroll_width(phone) <= PHONE["width"]
    screenshot(phone, f"draw-published-{method}-en")
    published = phone.request.get(api).json()["draw"]
    assert published["seed"] == round_.draw_seed and len(published["tables"]) == 2
