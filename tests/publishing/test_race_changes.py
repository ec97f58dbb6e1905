"""The results text says who clinched a place 1-3 and who fell out of reach with the
round's results (RULES.md 3.1): the snapshot's `race_changes` on the latest round."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.season_import import import_season
from league.models import Season
from league.race import Outlook, RemainingRound, race_changes, season_race
from league.standings import tally_player
from publishing.messages import results_text
from publishing.snapshots import build_snapshot_data
from standings.loader import season_standings
from tests.league.factories import random_rounds_season

pytestmark = pytest.mark.django_db


def test_race_changes_are_the_players_newly_clinched_or_out_not_newcomers():
    before = {p: Outlook(p, 10, race) for p, race in (("A", "open"), ("B", "out"), ("C", "open"))}
    now = {
        **{p: Outlook(p, 10, race) for p, race in (("A", "clinched"), ("B", "out"), ("C", "out"))},
        "D": Outlook("D", 6, "out"),
    }
    assert race_changes(before, now) == (["A"], ["C"])


def expected_changes(season: Season, latest: int) -> tuple[list[str], list[str]]:
    """The race before round `latest` and now, from the pure layer."""
    table = season_standings(season)
    names = {p.id: p.name for p in table.players.values()}
    rules = table.rules
    now = season_race(
        rules, table.tallies, [RemainingRound(n, None) for n in range(latest + 1, 35)]
    )
    earlier = [
        tally_player(rules, t.player, [e for e in t.entries if e.round < latest])
        for t in table.tallies
    ]
    before = season_race(
        rules, [t for t in earlier if t.games], [RemainingRound(n, None) for n in range(latest, 35)]
    )
    clinched, out = race_changes(before, now)
    return sorted(names[p] for p in clinched), sorted(names[p] for p in out)


@pytest.mark.parametrize("language", ["en", "he", "ru"])
def test_the_latest_results_text_names_who_clinched_and_who_is_out_of_reach(language):
    import_season(random_rounds_season(12, rounds=32, seed=3))
    season = Season.objects.get(slug="season-10")
    data = build_snapshot_data(season)
    latest = data["rounds"][-1]
    clinched, out = expected_changes(season, 32)
    assert clinched or out  # the season is chosen so that some race changes
    assert latest.get("race_changes") == {"clinched": clinched, "out": out}
    assert all("race_changes" not in r for r in data["rounds"][:-1])
    with translation.override(language):
        text = results_text(data, latest) or ""
        for names, line in (
            (clinched, "A place 1-3 clinched: %(players)s"),
            (out, "Places 1-3 now out of reach: %(players)s"),
        ):
            label = translation.gettext(line).split("%(players)s")[0]
            assert (label in text) == bool(names)
            assert all(name in text for name in names)
