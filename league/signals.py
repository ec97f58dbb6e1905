"""The domain's announcement: writers say what changed of a season, its listeners follow.

Every writer of what a season's pages show (results, registrations, draws, rounds, the
season's rules, dates or status, a name) announces it once per season, last in its
transaction, with `announce_season_change` (or, when counted results changed,
`announce_results`). Nothing listens to a model's saves: no per-model hooks.

- The public pages' versions (web.versions) move on in the writer's transaction
  (`season_changed`), so the change and its version commit together.
- Publishers (publishing.receivers) ask, after commit, for a publish of the season (a
  forced one when a name changed); the minute sweep stays the safety net.
- After commit, raters and the tournament's stage checks hear `season_results_changed`,
  raters `game_confirmed`.
"""

from enum import StrEnum

from django.db import transaction
from django.dispatch import Signal


class Change(StrEnum):
    """What an announcement says changed of a season, so each listener takes what concerns it."""

    SHOWN = "shown"
    """What its pages show besides counted results: a registration, a draw, its seats or its
    record, a result entered, a round, the season's dates or status, where its league plays.
    Publishers republish the season (a no-op when its inputs did not change)."""

    RESULTS = "results"
    """Its counted results or its rules (`announce_results`): publishers republish, and after
    commit raters and the stage checks follow."""

    RATING = "rating"
    """The rating job's own changes to a rated season (its games, its members), announced
    through `announce_results`: as RESULTS, but the raters need not answer their own run."""

    NAMES = "names"
    """A name or address the season shows (a renamed player): publishers republish it in
    full, since names are not in the snapshot's inputs fingerprint."""

    PUBLISHED = "published"
    """Its snapshot (or, with no season, the rating list) was published: only the pages
    move on."""


# Sent at once, inside the writer's transaction (at its end), by every announcement.
# Keyword arguments: season_id (int, the season whose pages change; None for the pages
# across seasons only: the rating list, a player's page) and change (Change).
season_changed = Signal()

# Sent after the transaction commits when a season's counted results or rules changed: a
# confirmed result, an import, an organizer's edit, an API submission, the rating job.
# Keyword arguments: season_id (int) and change (Change.RESULTS or Change.RATING).
season_results_changed = Signal()

# Sent (after commit) when a game is confirmed/stored and counts for ratings.
# Keyword arguments: game_id (int).
game_confirmed = Signal()


def announce_season_change(season_id: int | None, change: Change = Change.SHOWN) -> None:
    """Announce that what the pages show of `season_id` (None: of no one season, only the
    pages across seasons) changed. Call it once per season, last in the writer's
    transaction: its listeners write rows that the transaction then holds until it commits,
    and ask for their own work (a publish) after the commit."""
    season_changed.send(sender=announce_season_change, season_id=season_id, change=change)


def announce_results(
    season_id: int | None, game_id: int | None = None, *, change: Change = Change.RESULTS
) -> None:
    """The one way to announce changed results: the season's change at once (the pages, and
    a publish after commit; when the game has no season the pages across seasons), and after
    the current transaction commits, raters and the stage checks that the season's results
    changed (when the game has a season) and raters that `game_id` was confirmed (when
    given: a game that counts for ratings)."""

    def send() -> None:
        if season_id is not None:
            season_results_changed.send(sender=announce_results, season_id=season_id, change=change)
        if game_id is not None:
            game_confirmed.send(sender=announce_results, game_id=game_id)

    announce_season_change(season_id, change)
    transaction.on_commit(send)
