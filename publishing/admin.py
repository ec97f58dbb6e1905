"""Admin for published snapshots (read-only: they are written by the publish task)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from publishing.models import SeasonSnapshot


@admin.register(SeasonSnapshot)
class SeasonSnapshotAdmin(admin.ModelAdmin[SeasonSnapshot]):
    list_display = ("season", "version", "created_at", "fingerprint")
    list_filter = ("season__league", "season")
    search_fields = ("season__slug", "season__name")
    readonly_fields = ("season", "version", "schema", "created_at", "fingerprint", "summary")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
