"""Accounts data: players' claims on their player records."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import Player


class PlayerClaim(models.Model):
    """A signed-up user asks to be linked to a player record; an organizer decides."""

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting approval")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_claims",
        verbose_name=_("user"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="claims", verbose_name=_("player")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(status="pending"),
                name="claim_one_pending_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} -> {self.player} ({self.status})"
