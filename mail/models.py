"""The outbox (one row per e-mail, whatever the retries) and each user's mail settings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from mail.kinds import Kind


class Recipient(models.Model):
    """One user's language for e-mails (and /me/), and the kinds he unsubscribed from."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="recipient",
        verbose_name=_("user account"),
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    # Kind values, each at most once (mail.recipients keeps them so).
    unsubscribed = models.JSONField(_("unsubscribed from"), default=list, blank=True)

    class Meta:
        verbose_name = _("e-mail recipient")
        verbose_name_plural = _("e-mail recipients")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"


class Outbound(models.Model):
    """One e-mail to one user about one event (kind + key), rendered when it was queued."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="outbound_mail",
        verbose_name=_("user account"),
    )
    kind = models.CharField(_("kind"), max_length=32, choices=Kind.choices)
    key = models.CharField(_("key"), max_length=200)
    address = models.EmailField(_("address"), max_length=254)
    language = models.CharField(_("language"), max_length=8)
    subject = models.CharField(_("subject"), max_length=300)
    text = models.TextField(_("text"))
    html = models.TextField(_("HTML"))
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    tried_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "key"], name="mail_one_message_per_event"
            )
        ]
        indexes = [models.Index(fields=["status", "created_at"], name="mail_queued_idx")]
        verbose_name = _("outgoing e-mail")
        verbose_name_plural = _("outgoing e-mails")

    def __str__(self) -> str:
        return f"{self.kind} {self.key} to {self.address} ({self.status})"
