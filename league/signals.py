"""Domain signals: writers send them, publishers, raters and the public pages listen."""

from django.db import transaction
from django.dispatch import Signal

# Sent (after the transaction commits) whenever a season's counted results or rules
# change: a confirmed result, an import, an organizer edit, an API submission.
# Keyword arguments: season_id (int).
season_results_changed = Signal()

# Sent (after commit) when a game is confirmed/stored and counts for ratings.
# Keyword arguments: game_id (int).
game_confirmed = Signal()

# Sent at once, inside the writer's transaction (at its end), whenever a writer changes
# what the public pages show: a registration, a draw or its seats, a result entered or
# confirmed, a published snapshot or rating list, a league, season or round edited. The
# public pages' versions listen (web.versions), so the change and the new version commit
# together. Keyword arguments: season_id (int, the season whose pages change; None for
# the pages across seasons only: the rating list, a player's page).
season_changed = Signal()


def announce_season_change(season_id: int | None) -> None:
    """Tell the public pages that what they show of `season_id` (None: of no one season,
    only the pages across seasons) changed. Call it last in the writer's transaction: its
    listeners write rows that the transaction then holds until it commits."""
    season_changed.send(sender=announce_season_change, season_id=season_id)


def announce_results(season_id: int | None, game_id: int | None = None) -> None:
    """The one way to announce changed results: the public pages at once (the season's, or
    when the game has no season the pages across seasons), and after the current transaction
    commits, publishers that the season's results changed (when the game has a season) and
    raters that `game_id` was confirmed (when given: a game that counts for ratings)."""

    def send() -> None:
        if season_id is not None:
            season_results_changed.send(sender=announce_results, season_id=season_id)
        if game_id is not None:
            game_confirmed.send(sender=announce_results, game_id=game_id)

    announce_season_change(season_id)
    transaction.on_commit(send)
