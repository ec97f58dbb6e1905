"""Admin for the rating history and rated-league members (read-only: recomputed by tasks)."""

from __future__ import annotations

from django.contrib import admin

from core.read_only_admin import ReadOnlyAdmin
from rating.models import RatedLeagueMember, RatingChange


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin[RatingChange]):
    list_display = ("player", "game", "played_on", "score", "before", "after")
    list_filter = ("played_on",)
    search_fields = ("player__name",)
    date_hierarchy = "played_on"
    list_select_related = ("player", "game")


@admin.register(RatedLeagueMember)
class RatedLeagueMemberAdmin(ReadOnlyAdmin[RatedLeagueMember]):
    list_display = ("player", "season", "since_date", "since_game", "reached_rating")
    list_filter = ("season",)
    search_fields = ("player__name",)
    list_select_related = ("player", "season")
