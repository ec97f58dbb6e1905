"""Deal statistics of games of three (issue 30 item 3): scored with the season's
`three_player_deck`, kept as three rows of THREE_ROW_LENGTH under `preset:deck`, and kept
apart from the games of four, whose figures and leaders stay as they were."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from games.season_import import import_season
from league.models import Season
from publishing.actions import do_publish_season
from publishing.deal_stats import game_figures, season_deal_stats, season_three_player_stats
from publishing.models import GameDealStats
from publishing.snapshots import build_snapshot_data
from scoring import get_deck, get_preset
from scoring.generate import random_game
from scoring.stats import THREE_ROW_LENGTH, DealStats

pytestmark = pytest.mark.django_db

DECK = "no-clubs"
PRESET = "whist-online"


def _game(names: list[str], seed: int) -> dict[str, Any]:
    options = {"deck": get_deck(DECK)} if len(names) == 3 else {}
    return {
        "record": random_game(
            seed, get_preset(PRESET), deals=3, players=names, summary_only=True, **options
        )
    }


def _season(*, with_three: bool, slug: str = "season-10") -> Season:
    rounds = [
        {"number": 1, "date": "2024-06-30", "games": [_game(["Dana", "Eli", "Noa", "Omer"], 1)]}
    ]
    if with_three:
        rounds.append(
            {"number": 2, "date": "2024-07-03", "games": [_game(["Dana", "Tal", "Gil"], 2)]}
        )
    data = {
        "league": "Test League",
        "season": slug,
        "preset": "whist-online-league",
        "start": "2024-06-30",
        "end": "2024-10-27",
        "rules": {"deals_per_game": 3, "remainder": "three-player", "three_player_deck": DECK},
        "rounds": rounds,
        "games": [],
    }
    return import_season(data).season


def _ids(season: Season) -> list[int]:
    return list(Game.objects.filter(season=season).order_by("id").values_list("id", flat=True))


def _three_id(season: Season) -> int:
    return Game.objects.get(season=season, results__player__name="Tal").pk


def test_three_player_deal_stats_are_kept_as_rows_of_three_under_preset_and_deck():
    season = _season(with_three=True)
    figures = game_figures(season, _ids(season), PRESET, DECK)
    three = _three_id(season)
    assert [len(row) for row in figures[three]] == [THREE_ROW_LENGTH] * 3
    kept = GameDealStats.objects.get(pk=three)
    assert kept.preset == f"{PRESET}:{DECK}"
    assert [DealStats.from_row(row).players for row in kept.seats] == [3, 3, 3]


def test_three_player_deal_stats_are_read_back_in_one_query(django_assert_num_queries):
    season = _season(with_three=True)
    ids = _ids(season)
    first = game_figures(season, ids, PRESET, DECK)
    with django_assert_num_queries(1):
        assert game_figures(season, ids, PRESET, DECK) == first


def test_three_player_deal_stats_of_another_deck_are_scored_again():
    season = _season(with_three=True)
    game_figures(season, _ids(season), PRESET, DECK)
    # The same records read with no-low-cards are not a legal game: nothing, kept so.
    assert _three_id(season) not in game_figures(season, _ids(season), PRESET, "no-low-cards")
    kept = GameDealStats.objects.get(pk=_three_id(season))
    assert (kept.preset, kept.seats) == (f"{PRESET}:no-low-cards", [])
    assert _three_id(season) in game_figures(season, _ids(season), PRESET, DECK)


def _names(season: Season) -> dict[int, Any]:
    data = build_snapshot_data(season)
    assert data is not None
    return {
        player.pk: {"player_slug": player.slug, "player_name": player.name}
        for game in Game.objects.filter(season=season)
        for player in (r.player for r in game.results.all())
    }


def _seats(season: Season) -> dict[int, list[dict[str, int]]]:
    return {
        game.pk: [{"seat": r.seat, "player_id": r.player_id} for r in game.results.all()]
        for game in Game.objects.filter(season=season)
    }


def test_three_player_deal_stats_are_kept_apart_from_four_player_ones():
    season = _season(with_three=True)
    ids, seats, names = _ids(season), _seats(season), _names(season)
    four, leaders = season_deal_stats(season, ids, seats, PRESET, names, DECK)
    three = season_three_player_stats(season, ids, seats, PRESET, names, DECK)
    assert set(four) == {"dana", "eli", "noa", "omer"}
    assert set(three) == {"dana", "tal", "gil"}
    assert four["dana"]["games"] == 1 and three["dana"]["games"] == 1
    assert leaders is not None and leaders["games"] == 1
    assert three["dana"]["deals"] == 3 and four["dana"]["deals"] == 3


def test_three_player_deal_stats_leave_the_four_player_snapshot_as_it_was():
    with_three = build_snapshot_data(_season(with_three=True))
    alone = build_snapshot_data(_season(with_three=False, slug="season-11"))
    assert with_three is not None and alone is not None
    assert with_three["deal_leaders"] == alone["deal_leaders"]
    assert with_three["deal_stats"] == alone["deal_stats"]


def _published(with_three: bool = True) -> Season:
    season = _season(with_three=with_three)
    do_publish_season(season.pk)
    return season


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Deal statistics at tables of three"), ("he", "סטטיסטיקת סיבובים בשולחנות של שלושה")],
)
def test_three_player_deal_stats_show_apart_on_the_player_page(client, language, title):
    _published()
    dana = client.get("/players/dana/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert dana.count('class="card deal-stats"') == 2 and title in dana
    eli = client.get("/players/eli/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert eli.count('class="card deal-stats"') == 1 and title not in eli
    tal = client.get("/players/tal/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert tal.count('class="card deal-stats"') == 1 and title in tal


def test_three_player_deal_stats_are_in_the_snapshot_only_with_a_game_of_three():
    with_three = build_snapshot_data(_season(with_three=True))
    alone = build_snapshot_data(_season(with_three=False, slug="season-11"))
    assert with_three is not None and alone is not None
    assert set(with_three["deal_stats_three"]) == {"dana", "tal", "gil"}
    assert "deal_stats_three" not in alone


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Deal statistics leaders at tables of three"),
        ("he", "המובילים בסטטיסטיקת הסיבובים בשולחנות של שלושה"),
        ("ru", "Лидеры статистики раздач за столами на троих"),
    ],
)
def test_three_player_deal_leaders_show_apart_on_the_season_page(client, language, title):
    season = _published()
    page = client.get(f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'id="deal-leaders"' in page and 'id="deal-leaders-three"' in page and title in page
    assert 'id="leaders-zeros"' in page and 'id="leaders-three-zeros"' in page  # ids once each
    alone = _season(with_three=False, slug="season-11")
    do_publish_season(alone.pk)
    assert "deal-leaders-three" not in client.get(f"/seasons/{alone.slug}/").content.decode()
