"""Admin for API tokens (created here, secret shown once), platform ids and submissions."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from api.models import ApiToken, GameSubmission, PlatformPlayer
from api.tokens import TokenPermissionError, create_token, revoke_token
from core.acting import signed_in_user
from core.read_only_admin import ReadOnlyAdmin
from league.models import League


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin[ApiToken]):
    """Organizers create tokens here; the secret appears once in the confirmation message."""

    list_display = ["name", "platform", "league", "scope", "key_prefix", "created_by"]
    list_display += ["created_at", "last_used_at", "revoked_at"]
    list_filter = ["league", "scope", "platform"]
    search_fields = ["name", "platform", "key_prefix"]
    fields = ["name", "platform", "league", "scope"]
    actions = ["revoke"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A token is never edited: revoke it and create another.
        return obj is None and super().has_change_permission(request, obj)

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        # Only the leagues this user organizes can be chosen (superusers: all).
        if db_field.name == "league" and not getattr(request.user, "is_superuser", False):
            kwargs["queryset"] = League.objects.filter(organizers=signed_in_user(request.user))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: ApiToken, form: Any, change: bool) -> None:
        issued = create_token(
            user=signed_in_user(request.user),
            league=obj.league,
            platform=obj.platform,
            name=obj.name,
            scope=obj.scope,
        )
        obj.pk = issued.token.pk
        self.message_user(
            request,
            f"The token's secret, shown only now: {issued.secret}",
            messages.WARNING,
        )

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        for token in queryset:
            try:
                revoke_token(user=signed_in_user(request.user), token=token)
            except TokenPermissionError as refused:
                self.message_user(request, str(refused), messages.ERROR)


@admin.register(PlatformPlayer)
class PlatformPlayerAdmin(admin.ModelAdmin[PlatformPlayer]):
    list_display = ["league", "platform", "external_id", "player", "created_at"]
    list_filter = ["league", "platform"]
    search_fields = ["external_id", "player__name"]
    raw_id_fields = ["player"]


@admin.register(GameSubmission)
class GameSubmissionAdmin(ReadOnlyAdmin[GameSubmission]):
    """The API writes a submission with its game: there is nothing to add or change here."""

    list_display = ["league", "platform", "external_id", "game", "token", "created_at"]
    list_filter = ["league", "platform"]
    search_fields = ["external_id"]
