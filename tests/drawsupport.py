"""Builders for the draw-privacy tests: a round drawn at random or by ranking, unpublished."""

from __future__ import annotations

from draws.actions import do_draw_round
from league.models import Player, Registration, Round, Season
from tests.roundsupport import FAR_SUNDAY, FAR_WEDNESDAY

SEED = 424242
METHODS = ["random", "ranking"]


def draw_round(season: Season, method: str, players: list[Player], number: int) -> Round:
    """Round `number` of `season` (a Sunday for "random", a Wednesday for "ranking": the
    league's rule) with `players` registered and drawn, the draw not yet published."""
    date = FAR_SUNDAY if method == "random" else FAR_WEDNESDAY
    round_, _ = Round.objects.update_or_create(
        season=season, number=number, defaults={"date": date, "status": Round.Status.OPEN}
    )
    Registration.objects.bulk_create(Registration(round=round_, player=p) for p in players)
    do_draw_round(round_, seed=SEED)
    assert round_.draw_method == method and round_.draw_published_at is None
    return round_
