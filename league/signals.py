"""Domain signals: writers send them after commit, publishers and raters listen."""

from django.db import transaction
from django.dispatch import Signal

# Sent (after the transaction commits) whenever a season's counted results or rules
# change: a confirmed result, an import, an organizer edit, an API submission.
# Keyword arguments: season_id (int).
season_results_changed = Signal()

# Sent (after commit) when a game is confirmed/stored and counts for ratings.
# Keyword arguments: game_id (int).
game_confirmed = Signal()


def announce_results(season_id: int | None, game_id: int | None = None) -> None:
    """The one way to announce changed results: after the current transaction commits, tell
    publishers the season's results changed (when the game has a season) and raters that
    `game_id` was confirmed (when given: a game that counts for ratings)."""

    def send() -> None:
        if season_id is not None:
            season_results_changed.send(sender=announce_results, season_id=season_id)
        if game_id is not None:
            game_confirmed.send(sender=announce_results, game_id=game_id)

    transaction.on_commit(send)
