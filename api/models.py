"""Platform API tokens, platform player ids and the idempotency record of submitted games."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game
from league.models import League, Player


class ApiToken(models.Model):
    """A platform's secret for one league: only its SHA-256 is stored; the secret is shown once.

    A `platform` token submits finished games; an `organizer` token may also register players
    and draw rounds, for as long as the organizer who created it still organizes the league.
    """

    class Scope(models.TextChoices):
        PLATFORM = "platform", _("platform: submit games")
        ORGANIZER = "organizer", _("organizer: submit games, register players, draw rounds")

    name = models.CharField(_("name"), max_length=120)
    platform = models.SlugField(
        _("platform"),
        max_length=60,
        help_text=_("The platform's short name; its game ids are unique within it."),
    )
    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("league")
    )
    scope = models.CharField(
        _("scope"), max_length=10, choices=Scope.choices, default=Scope.PLATFORM
    )
    key_prefix = models.CharField(_("key prefix"), max_length=16, editable=False)
    key_hash = models.CharField(_("key hash"), max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="api_tokens",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["league", "platform", "-created_at"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.key_prefix}…)"

    @property
    def is_active(self) -> bool:
        """True until the token is revoked."""
        return self.revoked_at is None


class PlatformPlayer(models.Model):
    """A platform's own id for one of our players, learnt from the first submission naming both.

    The id belongs to the league of the token that sent it: another league's token naming the
    same platform has its own ids.
    """

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="platform_players", verbose_name=_("league")
    )
    platform = models.SlugField(_("platform"), max_length=60)
    external_id = models.CharField(_("platform player id"), max_length=100)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="platform_ids", verbose_name=_("player")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "platform", "external_id"]
        verbose_name = _("platform player id")
        verbose_name_plural = _("platform player ids")
        constraints = [
            models.UniqueConstraint(
                fields=["league", "platform", "external_id"],
                name="platform_player_id_unique_in_league",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.platform}:{self.external_id} = {self.player}"


class GameSubmission(models.Model):
    """The game a platform's game id produced, with the fingerprint of what was submitted.

    The game id belongs to the league of the token that sent it, like platform player ids.
    """

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="game_submissions", verbose_name=_("league")
    )
    platform = models.SlugField(_("platform"), max_length=60)
    external_id = models.CharField(_("platform game id"), max_length=100)
    fingerprint = models.CharField(_("content fingerprint"), max_length=64)
    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="submission", verbose_name=_("game")
    )
    token = models.ForeignKey(
        ApiToken,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="submissions",
        verbose_name=_("token"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "id"]
        verbose_name = _("platform game submission")
        verbose_name_plural = _("platform game submissions")
        constraints = [
            models.UniqueConstraint(
                fields=["league", "platform", "external_id"],
                name="submission_once_per_league_platform_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.platform}:{self.external_id} -> game {self.game_id}"
