"""Two leagues with a drawn table each, organizers, players with accounts and hostile names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.actions import submit_result
from league.models import Player, Round, Season, Table
from tests.roundsupport import (
    make_organizer,
    make_players,
    make_round,
    make_season,
    register,
    seat_table,
)

# A name that is markup, a spreadsheet formula and a messaging-app mention at once.
HOSTILE_NAME = '=HYPERLINK("http://x")</textarea><script>alert(1)</script>'


@dataclass
class LeagueWorld:
    """One league's season with an open round 1 and a drawn round 2 whose table 1 has a
    pending result entered by its seat 0."""

    season: Season
    organizer: Any
    open_round: Round
    drawn_round: Round
    table: Table
    players: list[Player]

    def user(self, seat: int) -> Any:
        return self.players[seat].user


def build_league(slug: str, league_name: str, prefix: str) -> LeagueWorld:
    season = make_season(slug, league_name=league_name, rules={"deals_per_game": 1})
    organizer = make_organizer(season)
    open_round = make_round(season, number=1)
    drawn_round = make_round(season, number=2)
    players = make_players(4, prefix=prefix, with_users=True)
    register(open_round, players[:2])
    table = seat_table(drawn_round, players)
    submit_result(table, actor=players[0].user, scores=[10, 20, -10, -20])
    return LeagueWorld(season, organizer, open_round, drawn_round, table, players)


@pytest.fixture
def alpha(db: None) -> LeagueWorld:
    return build_league("alpha-1", "Alpha League", "Al")


@pytest.fixture
def beta(db: None) -> LeagueWorld:
    return build_league("beta-1", "Beta League", "Be")
