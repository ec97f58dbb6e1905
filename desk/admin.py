"""Django admin for the league models, so organizers can inspect and fix data by hand. It is the
desk's (the top layer, found by the admin's autodiscovery as desk.admin): it reaches the games
(their facts, when round numbers change) as well as the league."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from django import forms
from django.contrib import admin
from django.db import models
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from core.actor import Actor
from core.errors import ActionError
from games.facts import refresh_facts
from games.models import Game
from league.actions.players import clean_player_name
from league.admin_names import InvisibleCharactersFilter, invisible_characters
from league.models import League, Player, Registration, Round, Season, Seat, Table
from league.permissions import may_link_player
from league.rules import PRESETS, LeagueRules, RulesError
from league.signals import Change, announce_results, announce_season_change

_M = TypeVar("_M", bound=models.Model)


class PagesAdmin(admin.ModelAdmin[_M]):
    """The admin of rows the public pages show: every save (with its inlines) and delete
    announces the seasons whose pages change (league.signals), once per season, last in the
    admin's transaction, as the actions do: their pages move on and they republish."""

    def seasons_of(self, obj: _M) -> set[int]:
        """The seasons whose public pages show `obj`."""
        raise NotImplementedError

    def saved(self, form: Any, formsets: Any, change: bool) -> Change:
        """What the save (`form` with its inlines' `formsets`) changed of those seasons; a
        subclass also writes here what follows from it, before the announcement."""
        return Change.SHOWN

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        announce_changes(self.seasons_of(form.instance), self.saved(form, formsets, change))

    def delete_model(self, request: HttpRequest, obj: _M) -> None:
        seasons = self.seasons_of(obj)
        super().delete_model(request, obj)
        announce_changes(seasons)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[_M]) -> None:
        seasons = {season for obj in queryset for season in self.seasons_of(obj)}
        super().delete_queryset(request, queryset)
        announce_changes(seasons)


def announce_changes(season_ids: Iterable[int], change: Change = Change.SHOWN) -> None:
    """Announce each season's `change` once (in order, as every writer locks their
    versions; changed results through announce_results), and the pages across seasons'
    when there is none."""
    seasons = sorted(set(season_ids))
    for season_id in seasons:
        if change == Change.RESULTS:
            announce_results(season_id)
        else:
            announce_season_change(season_id, change)
    if not seasons:
        announce_season_change(None, change)


def refresh_round_facts(rounds: QuerySet[Round]) -> None:
    """Round numbers edited by hand: the results of the rounds' games carry them (games.facts)."""
    refresh_facts(Game.objects.filter(round__in=rounds).values_list("id", flat=True))


class SeasonForm(forms.ModelForm[Season]):
    """Checks the rules on save and stores them complete (the preset with the edited values)."""

    class Meta:
        model = Season
        fields = ("league", "slug", "name", "rules_preset", "rules", "start", "end", "status")
        widgets = {"rules_preset": forms.Select(choices=[(name, name) for name in PRESETS])}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Empty rules ({} or nothing) mean the preset as it is.
        self.fields["rules"].required = False
        self.fields["rules"].help_text = _(
            'The preset\'s values to change, e.g. {"min_games": 12}; {} keeps the preset as it is.'
        )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        preset = cleaned.get("rules_preset")
        if preset is not None and "rules" in cleaned:
            rules = cleaned["rules"]
            try:
                cleaned["rules"] = LeagueRules.from_preset(preset, rules or None).to_dict()
            except RulesError as error:
                self.add_error("rules" if error.field != "preset" else "rules_preset", str(error))
        return cleaned


class RoundInline(admin.TabularInline[Round, Season]):
    model = Round
    fields = ("number", "date", "status", "draw_method", "draw_seed")
    show_change_link = True
    extra = 0


class SeasonInline(admin.TabularInline[Season, League]):
    model = Season
    fields = ("slug", "name", "rules_preset", "start", "end", "status")
    show_change_link = True
    extra = 0


@admin.register(League)
class LeagueAdmin(PagesAdmin[League]):
    list_display = ("name", "slug", "timezone", "season_count")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organizers",)
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # where we play
    inlines = (SeasonInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[League]:
        return super().get_queryset(request).annotate(season_total=Count("seasons"))

    def seasons_of(self, obj: League) -> set[int]:
        return set(Season.objects.filter(league_id=obj.pk).values_list("pk", flat=True))

    @admin.display(description=_("seasons"), ordering="season_total")
    def season_count(self, league: League) -> int:
        total: int = league.season_total  # type: ignore[attr-defined]  # get_queryset's annotation
        return total


@admin.register(Season)
class SeasonAdmin(PagesAdmin[Season]):
    form = SeasonForm
    list_display = ("slug", "name", "league", "rules_preset", "start", "end", "status")
    list_filter = ("league", "status", "rules_preset")
    search_fields = ("slug", "name", "league__name")
    list_select_related = ("league",)
    date_hierarchy = "start"
    prepopulated_fields = {"slug": ("name",)}
    inlines = (RoundInline,)

    def seasons_of(self, obj: Season) -> set[int]:
        return {obj.pk}

    def saved(self, form: Any, formsets: Any, change: bool) -> Change:
        # Edited rounds (their numbers) and edited rules count the results anew.
        rounds_edited = any(formset.has_changed() for formset in formsets)
        if rounds_edited:
            refresh_round_facts(Round.objects.filter(season=form.instance))
        if rounds_edited or (change and "rules" in form.changed_data):
            return Change.RESULTS
        return Change.SHOWN


class PlayerForm(forms.ModelForm[Player]):
    """Links an account only to a player the signed-in admin may link (as claims do)."""

    actor: Actor | None = None

    class Meta:
        model = Player
        fields = ("name", "slug", "user")

    def clean_name(self) -> str:
        """A new or changed name is cleaned as every entry point cleans it; a stored name
        left as it is stays (the invisible characters filter lists the ones to fix)."""
        name = str(self.cleaned_data.get("name", ""))
        if self.instance.pk and name == self.instance.name:
            return name
        field = str(capfirst(Player._meta.get_field("name").verbose_name))
        try:
            return clean_player_name(name, field)
        except ActionError as refused:
            raise forms.ValidationError(refused.message) from None

    def clean_user(self) -> Any:
        user = self.cleaned_data.get("user")
        changed = (None if user is None else user.pk) != self.instance.user_id
        if changed and self.instance.pk and not may_link_player(self.actor, self.instance):
            raise forms.ValidationError(
                _(
                    "%(player)s plays in leagues you do not organize: "
                    "an organizer of his league links his account."
                )
                % {"player": self.instance.name}
            )
        return user


@admin.register(Player)
class PlayerAdmin(PagesAdmin[Player]):
    form = PlayerForm
    list_display = ("name", "slug", "user", "created_at", invisible_characters)
    list_filter = (InvisibleCharactersFilter,)
    search_fields = ("name", "slug", "user__username", "user__email")
    prepopulated_fields = {"slug": ("name",)}
    raw_id_fields = ("user",)
    list_select_related = ("user",)

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change, **kwargs)
        form.actor = request.user  # type: ignore[attr-defined]  # PlayerForm's, set per request
        return form

    def saved(self, form: Any, formsets: Any, change: bool) -> Change:
        # A renamed player (or his new address): the seasons naming him republish in full.
        if change and {"name", "slug"} & set(form.changed_data):
            return Change.NAMES
        return Change.SHOWN

    def seasons_of(self, obj: Player) -> set[int]:
        """The seasons that name the player: his registrations, seats and results."""
        return (
            set(Registration.objects.filter(player=obj).values_list("round__season_id", flat=True))
            | set(Seat.objects.filter(player=obj).values_list("round__season_id", flat=True))
            | {
                season_id
                for season_id in Game.objects.filter(results__player=obj).values_list(
                    "season_id", flat=True
                )
                if season_id is not None
            }
        )


class RegistrationInline(admin.TabularInline[Registration, Round]):
    model = Registration
    fields = ("player", "created_at", "created_by")
    readonly_fields = ("created_at", "created_by")
    autocomplete_fields = ("player",)
    extra = 0


class TableInline(admin.TabularInline[Table, Round]):
    model = Table
    fields = ("number",)
    show_change_link = True
    extra = 0


@admin.register(Round)
class RoundAdmin(PagesAdmin[Round]):
    list_display = ("season", "number", "date", "status", "draw_method", "draw_seed")
    list_filter = ("season__league", "season", "status", "draw_method")
    search_fields = ("season__slug", "season__name")
    list_select_related = ("season",)
    date_hierarchy = "date"
    ordering = ("-date", "number")
    inlines = (RegistrationInline, TableInline)

    def seasons_of(self, obj: Round) -> set[int]:
        return {obj.season_id}

    def saved(self, form: Any, formsets: Any, change: bool) -> Change:
        # A round's number edited: its games' results carry it, and the standings count it.
        if change and "number" in form.changed_data:
            refresh_round_facts(Round.objects.filter(pk=form.instance.pk))
            return Change.RESULTS
        return Change.SHOWN


@admin.register(Registration)
class RegistrationAdmin(PagesAdmin[Registration]):
    list_display = ("player", "round", "created_at", "created_by")
    list_filter = ("round__season",)
    search_fields = ("player__name", "round__season__slug")
    autocomplete_fields = ("player", "round")
    list_select_related = ("player", "round__season", "created_by")

    def seasons_of(self, obj: Registration) -> set[int]:
        return {obj.round.season_id}


class SeatInline(admin.TabularInline[Seat, Table]):
    model = Seat
    fields = ("seat", "player")
    autocomplete_fields = ("player",)
    extra = 0
    max_num = 4


@admin.register(Table)
class TableAdmin(PagesAdmin[Table]):
    list_display = ("__str__", "round", "number")
    list_filter = ("round__season",)
    search_fields = ("round__season__slug", "seats__player__name")
    autocomplete_fields = ("round",)
    list_select_related = ("round__season",)
    inlines = (SeatInline,)

    def seasons_of(self, obj: Table) -> set[int]:
        return {obj.round.season_id}

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        # A seat repeats its table's round so the database can enforce "once per round".
        for seat_form in formset.forms:
            if isinstance(seat_form.instance, Seat):
                seat_form.instance.round = form.instance.round
        super().save_formset(request, form, formset, change)


@admin.register(Seat)
class SeatAdmin(PagesAdmin[Seat]):
    list_display = ("player", "table", "seat")
    list_filter = ("round__season",)
    search_fields = ("player__name", "round__season__slug")
    autocomplete_fields = ("player", "table", "round")
    list_select_related = ("player", "table__round__season")

    def seasons_of(self, obj: Seat) -> set[int]:
        return {obj.round.season_id}
