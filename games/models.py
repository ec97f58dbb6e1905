"""Games and their per-seat results: what the standings and ratings are computed from."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import Player, Round, Season, Table


class Game(models.Model):
    """One game (a fixed number of deals) at a table, or a dated rated game in open play."""

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")

    class Source(models.TextChoices):
        IMPORT = "import", _("imported")
        ENTRY = "entry", _("entered by players")
        ORGANIZER = "organizer", _("entered by an organizer")
        API = "api", _("submitted by a platform")

    season = models.ForeignKey(
        Season,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("season"),
    )
    round = models.ForeignKey(
        Round,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("round"),
    )
    table = models.OneToOneField(
        Table,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="game",
        verbose_name=_("table"),
    )
    date = models.DateField(_("date"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.CONFIRMED
    )
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    rated = models.BooleanField(_("rated"), default=True)
    deals = models.JSONField(_("deal records"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["date", "id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(
                condition=Q(table__isnull=True) | Q(round__isnull=False),
                name="game_at_table_has_round",
            ),
        ]
        indexes = [
            models.Index(fields=["season", "status"], name="game_season_status"),
            models.Index(fields=["date", "id"], name="game_played_order"),
        ]

    def __str__(self) -> str:
        return f"game {self.pk} ({self.date})"


class GameResult(models.Model):
    """A player's final game score at one seat of a game."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="results", verbose_name=_("game")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="results", verbose_name=_("player")
    )
    score = models.IntegerField(_("score"))

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("game result")
        verbose_name_plural = _("game results")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="result_seat_unique"),
            models.UniqueConstraint(fields=["game", "player"], name="result_player_once"),
            models.CheckConstraint(
                condition=Q(seat__gte=0, seat__lte=3), name="result_seat_0_to_3"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.score}"
