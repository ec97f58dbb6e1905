"""Admin for the rating history and rated-league members (read-only: recomputed by tasks)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from rating.models import RatedLeagueMember, RatingChange


class ReadOnly(admin.ModelAdmin[Any]):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ("player", "game", "played_on", "score", "before", "after")
    list_filter = ("played_on",)
    search_fields = ("player__name",)
    date_hierarchy = "played_on"
    list_select_related = ("player", "game")


@admin.register(RatedLeagueMember)
class RatedLeagueMemberAdmin(ReadOnly):
    list_display = ("player", "season", "since_date", "since_game", "reached_rating")
    list_filter = ("season",)
    search_fields = ("player__name",)
    list_select_related = ("player", "season")
