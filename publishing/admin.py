"""Admin for published snapshots (read-only: they are written by the publish task)."""

from __future__ import annotations

from django.contrib import admin

from core.read_only_admin import ReadOnlyAdmin
from publishing.models import RatingSnapshot, SeasonSnapshot


@admin.register(SeasonSnapshot)
class SeasonSnapshotAdmin(ReadOnlyAdmin[SeasonSnapshot]):
    list_display = ("season", "version", "created_at", "fingerprint")
    list_filter = ("season__league", "season")
    search_fields = ("season__slug", "season__name")
    readonly_fields = ("season", "version", "schema", "created_at", "fingerprint", "summary")


@admin.register(RatingSnapshot)
class RatingSnapshotAdmin(ReadOnlyAdmin[RatingSnapshot]):
    list_display = ("version", "created_at")
    readonly_fields = ("version", "schema", "created_at", "summary")
