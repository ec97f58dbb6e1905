"""Each game's deal statistics are kept (GameDealStats) and a publish scores only the games
whose records changed, in a constant number of queries."""

from __future__ import annotations

import pytest

from games.models import Game
from league.models import Season
from publishing.deal_stats import game_figures
from publishing.models import GameDealStats
from publishing.snapshots import build_snapshot_data
from scoring.stats import DealStats
from tests.scoring.test_stats import HAND_WORKED
from tests.web.test_deal_stats import import_hand_worked_season

pytestmark = pytest.mark.django_db


def _recorded(season: Season) -> list[int]:
    return list(
        Game.objects.filter(season=season, deals__isnull=False).values_list("id", flat=True)
    )


def test_publishing_keeps_each_recorded_games_figures():
    season = import_hand_worked_season()
    kept = {row.game_id: row for row in GameDealStats.objects.all()}
    assert set(kept) == set(_recorded(season))
    for row in kept.values():
        assert row.preset == "whist-online"
        assert [DealStats.from_row(seat).deals for seat in row.seats] == [3, 3, 3, 3]
        assert row.game_updated_at == Game.objects.get(pk=row.game_id).updated_at


def test_unchanged_games_are_read_back_in_one_query(django_assert_num_queries):
    season = import_hand_worked_season()
    ids = _recorded(season)
    with django_assert_num_queries(1):
        figures = game_figures(season, ids, "whist-online")
    assert sorted(figures) == sorted(ids)


@pytest.mark.parametrize("games", [1, 2])
def test_changed_games_are_scored_again_in_three_queries(games, django_assert_num_queries):
    season = import_hand_worked_season()
    ids = _recorded(season)
    GameDealStats.objects.filter(game_id__in=ids[:games]).delete()
    with django_assert_num_queries(3):
        game_figures(season, ids, "whist-online")
    assert GameDealStats.objects.count() == 2


def test_a_changed_record_is_scored_again():
    season = import_hand_worked_season()
    game = Game.objects.get(pk=_recorded(season)[0])
    game.deals = HAND_WORKED[:2]  # a replaced sheet saves the game again
    game.save()
    figures = game_figures(season, [game.pk], "whist-online")
    assert DealStats.from_row(figures[game.pk][0]).deals == 2
    assert DealStats.from_row(GameDealStats.objects.get(pk=game.pk).seats[0]).deals == 2


def test_figures_kept_under_another_preset_or_unreadable_are_scored_again():
    season = import_hand_worked_season()
    first, second = _recorded(season)
    GameDealStats.objects.filter(pk=first).update(preset="he-wikipedia")
    GameDealStats.objects.filter(pk=second).update(seats=[["x"] * 38] * 4)
    figures = game_figures(season, [first, second], "whist-online")
    assert [DealStats.from_row(figures[g][2]).score for g in (first, second)] == [
        125,
        125,
    ]  # seat 2's deals
    assert set(GameDealStats.objects.values_list("preset", flat=True)) == {"whist-online"}


def test_a_game_the_engine_cannot_score_adds_nothing_and_is_kept_as_such():
    season = import_hand_worked_season()
    first, second = _recorded(season)
    broken = [dict(HAND_WORKED[0], contracts=[3, 6, 2, 2])]  # totals 13: invalid
    game = Game.objects.get(pk=first)
    game.deals = broken
    game.save()
    figures = game_figures(season, [first, second], "whist-online")
    assert list(figures) == [second]
    assert GameDealStats.objects.get(pk=first).seats == []
    data = build_snapshot_data(season)
    assert data["deal_leaders"] is not None and data["deal_leaders"]["games"] == 1
    assert data["deal_stats"]["dana"]["games"] == 1


def test_an_unknown_preset_gives_no_figures():
    season = import_hand_worked_season()
    assert game_figures(season, _recorded(season), "no-such-preset") == {}
