"""The players admin's list of stored names that hold invisible characters (Unicode Cf), for
an organizer to fix by hand: names are never rewritten for him (draw recipes hash them)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from league.models import Player
from league.name_match import first_invisible, shown_with_invisibles

SHOW = "yes"


class InvisibleCharactersFilter(admin.SimpleListFilter):
    """The players whose stored name holds an invisible format character."""

    title = _("invisible characters")
    parameter_name = "invisible"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(SHOW, _("Names with invisible characters"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() != SHOW:
            return queryset
        return queryset.filter(pk__in=players_with_invisible_names())


def players_with_invisible_names() -> list[int]:
    """The ids of the players whose name holds an invisible format character (one query)."""
    return [
        pk
        for pk, name in Player.objects.values_list("pk", "name")
        if first_invisible(name) is not None
    ]


@admin.display(description=_("invisible characters"))
def invisible_characters(player: Player) -> str:
    """The name with each invisible character as its code point (`Da[U+200B]na`), or ""."""
    return shown_with_invisibles(player.name) if first_invisible(player.name) is not None else ""
