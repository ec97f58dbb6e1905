"""Domain signals: writers send them after commit, publishers and raters listen."""

from django.dispatch import Signal

# Sent (after the transaction commits) whenever a season's counted results or rules
# change: a confirmed result, an import, an organizer edit, an API submission.
# Keyword arguments: season_id (int).
season_results_changed = Signal()

# Sent (after commit) when a game is confirmed/stored and counts for ratings.
# Keyword arguments: game_id (int).
game_confirmed = Signal()
