"""Stored rating history and rated-league membership (RULES.md 3.2, 3.3)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game
from league.models import Player, Season


class RatingChange(models.Model):
    """A player's skill rating before and after one rated game (the full history is kept)."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("game")
    )
    # Denormalised from the game: the order games are applied in is (played_on, game).
    played_on = models.DateField(_("played on"))
    score = models.IntegerField(_("game score used"))
    before = models.FloatField(_("rating before"))
    after = models.FloatField(_("rating after"))

    class Meta:
        ordering = ["played_on", "game_id", "player_id"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="rating_change_once"),
        ]
        indexes = [
            models.Index(fields=["player", "played_on", "game"], name="rating_player_history"),
            models.Index(fields=["played_on", "game"], name="rating_played_order"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.before:.1f} -> {self.after:.1f} ({self.played_on})"

    @property
    def delta(self) -> float:
        return self.after - self.before


class RatedLeagueMember(models.Model):
    """A player admitted to a rated open-play season by reaching its rating threshold.

    Membership starts at `since_date` after `since_game` (the game that took the rating to
    the threshold), or at the season's start when the rating was there already; once
    reached it is kept even if the rating falls again.
    """

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="rated_members", verbose_name=_("season")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rated_memberships", verbose_name=_("player")
    )
    since_date = models.DateField(_("member since"))
    since_game = models.ForeignKey(
        Game,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("reached the threshold in game"),
    )
    reached_rating = models.FloatField(_("rating reached"))

    class Meta:
        ordering = ["season", "since_date", "player"]
        verbose_name = _("rated league member")
        verbose_name_plural = _("rated league members")
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="rated_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.season} since {self.since_date}"
