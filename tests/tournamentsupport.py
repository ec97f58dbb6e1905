"""Run a tournament (RULES.md 3.4) through the actions: register, draw, publish, results,
finish, stage after stage, then the final table."""

from __future__ import annotations

from draws.actions import do_draw_round, publish_draw
from games.actions import organizer_set_result
from games.finish import finish_round
from league.models import Round, Season, Table
from tests.roundsupport import FAR_SUNDAY, make_players, make_round, make_season, register

SCORES = [120, 60, 10, -40]  # by seat: seat 0 wins every table (seats follow the draw order)
FINAL_SCORES = [-40, 10, 60, 120]  # the final table: its 4th (by the standing) wins


def tournament(players: int = 24, slug: str = "evening") -> tuple[Season, list[Round]]:
    """An evening-tournament season: 4 stages and a final table on one day, everyone
    registered for stage 1 (later stages carry the players over)."""
    season = make_season(slug=slug, rules_preset="evening-tournament")
    rounds = [make_round(season, number, FAR_SUNDAY) for number in range(1, 6)]
    register(rounds[0], make_players(players))
    return season, rounds


def play(round_: Round, scores: list[int] = SCORES) -> None:
    """Publish the round's draw, enter every table's result as an organizer, finish it."""
    publish_draw(round_)
    for table in Table.objects.filter(round=round_).order_by("number"):
        organizer_set_result(table, scores=scores[: table.seats.count()])
    finish_round(round_)


def run(rounds: list[Round], *, stages: int = 4, final: bool = True, seed: int = 7) -> None:
    """Draw and play `stages` stages (stage 1 with `seed`), then the final table."""
    for round_ in rounds[:stages]:
        do_draw_round(round_, seed=seed if round_.number == 1 else None)
        play(round_)
    if final:
        do_draw_round(rounds[4])
        play(rounds[4], FINAL_SCORES)
