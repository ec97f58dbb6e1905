"""Django admin for games, their results and result versions (versions are read-only history)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from core.read_only_admin import ReadOnlyAdmin
from games.facts import refresh_facts
from games.models import Game, GameResult, ResultEvent, ResultVersion, SeatLink
from league.signals import announce_results


class GameResultInline(admin.TabularInline[GameResult, Game]):
    model = GameResult
    fields = ("seat", "player", "score")
    autocomplete_fields = ("player",)
    extra = 0
    max_num = 4


def announce_seasons(season_ids: Iterable[int | None]) -> None:
    """Announce the changed results of each season once, not per row (games without a
    season: the pages across seasons)."""
    seasons = sorted({season_id for season_id in season_ids if season_id is not None})
    for season_id in seasons:
        announce_results(season_id)
    if not seasons:
        announce_results(None)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("id", "season", "round", "table", "date", "status", "source", "rated")
    list_filter = ("status", "source", "rated", "season__league", "season")
    search_fields = ("=id", "season__slug", "results__player__name")
    autocomplete_fields = ("season", "round", "table")
    list_select_related = ("season", "round__season", "table__round__season")
    date_hierarchy = "date"
    inlines = (GameResultInline,)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        refresh_facts([form.instance.pk])
        # A game moved to another season changes both seasons' results.
        announce_seasons([form.instance.season_id, form.initial.get("season")])

    def delete_model(self, request: HttpRequest, obj: Game) -> None:
        season_id = obj.season_id
        super().delete_model(request, obj)
        announce_results(season_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Game]) -> None:
        seasons = list(queryset.values_list("season_id", flat=True))
        super().delete_queryset(request, queryset)
        announce_seasons(seasons)


@admin.register(GameResult)
class GameResultAdmin(admin.ModelAdmin[GameResult]):
    list_display = ("game", "seat", "player", "score")
    list_filter = ("game__season",)
    search_fields = ("player__name", "=game__id")
    autocomplete_fields = ("game", "player")
    list_select_related = ("game", "player")

    def save_model(self, request: HttpRequest, obj: GameResult, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        refresh_facts([obj.game_id])
        announce_results(obj.game.season_id)

    def delete_model(self, request: HttpRequest, obj: GameResult) -> None:
        super().delete_model(request, obj)
        refresh_facts([obj.game_id])
        announce_results(obj.game.season_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[GameResult]) -> None:
        games = dict(queryset.values_list("game_id", "game__season_id"))
        super().delete_queryset(request, queryset)
        refresh_facts(games)
        announce_seasons(games.values())


class ResultEventInline(admin.TabularInline[ResultEvent, ResultVersion]):
    model = ResultEvent
    fields = ("action", "actor", "reason", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ResultVersion)
class ResultVersionAdmin(ReadOnlyAdmin[ResultVersion]):
    """Every version is kept as entered: the admin shows them, edits go through the actions."""

    list_display = ("table", "number", "status", "by_organizer", "entered_by", "created_at")
    list_filter = ("status", "by_organizer", "table__round__season")
    search_fields = ("table__round__season__slug", "entered_by__username")
    list_select_related = ("table__round__season", "entered_by")
    inlines = (ResultEventInline,)

    deletable = False


@admin.register(ResultEvent)
class ResultEventAdmin(ReadOnlyAdmin[ResultEvent]):
    list_display = ("version", "action", "actor", "created_at")
    list_filter = ("action",)
    search_fields = ("version__table__round__season__slug", "actor__username")
    list_select_related = ("version__table__round__season", "actor")

    deletable = False


@admin.register(SeatLink)
class SeatLinkAdmin(ReadOnlyAdmin[SeatLink]):
    """Who holds a private seat link, made by whom and when, and whether it was revoked.

    The token itself is never shown (only its hash is stored); links are made and revoked on the
    round desk, whose actions write the audit log.
    """

    list_display = ("season", "table", "player", "created_by", "created_at", "revoked_at")
    list_filter = ("season",)
    search_fields = ("player__name", "season__slug")
    list_select_related = ("season", "table__round__season", "player", "created_by")
    exclude = ("nonce", "token_hash")

    deletable = False
