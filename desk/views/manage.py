"""Organizer pages: seasons and rounds, registration, draw, swaps, publishing, audit log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from core.acting import signed_in_user
from core.audit import audit_entries_for
from core.bidi import isolate
from core.errors import ActionCode, ActionError
from core.models import AuditEntry
from core.permissions import require_any_organizer, require_organizer
from core.site import site_address
from desk.audit_text import Labels, audit_sentence
from desk.views.desk import DeskTable, all_confirmed, desk_tables, swap_groups
from draws.actions import do_draw_round, publish_draw, swap_players
from draws.stored import draw_history, load_draw
from games.disputes import disputes_for
from games.finish import finish_round
from games.models import ResultVersion
from games.seat_link_lists import round_links
from league.actions.common import registration_deadline, season_rules
from league.actions.players import NameChoiceMissing, confirmed_players, match_players
from league.actions.registration import (
    close_registration,
    players_register_for,
    register_latecomers,
    register_players,
    reopen_registration,
    unregister_player,
)
from league.actions.rounds import create_round
from league.models import League, Player, Registration, Round, Season, Table
from league.name_match import NameMatch
from league.round_names import is_final_table, is_tournament, round_title
from league.rules import LeagueRules
from league.views.common import DIGITS, parse_id, refused, run_action
from league.views.name_choices import (
    choice_rows,
    confirming,
    needs_confirmation,
    posted_choices,
    typed_names,
)
from publishing.published import published_round, text_titles

# A date field's value as <input type="date"> needs it, in every language (Russian's
# DATE_INPUT_FORMATS would write 06.12.2026, which the browser shows as no date).
ISO_DATE = "%Y-%m-%d"

AUDIT_PAGE = 200


def _season(request: HttpRequest, slug: str) -> Season:
    season = Season.objects.select_related("league").filter(slug=slug).first()
    if season is None:
        raise Http404(_("There is no such season."))
    require_organizer(request.user, season.league)
    return season


def _round(request: HttpRequest, slug: str, number: int) -> Round:
    round_ = (
        Round.objects.select_related("season__league")
        .filter(season__slug=slug, number=number)
        .first()
    )
    if round_ is None:
        raise Http404(_("There is no such round."))
    require_organizer(request.user, round_.season.league)
    return round_


SWAP_FORM = "swap"  # the id of the round desk's swap form


def _back(round_: Round) -> str:
    return reverse("manage:round", args=[round_.season.slug, round_.number])


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """The seasons of the leagues this organizer runs."""
    require_any_organizer(request.user)
    leagues = (
        League.objects.all()
        if request.user.is_superuser
        else League.objects.filter(organizers=signed_in_user(request.user))
    )
    seasons = (
        Season.objects.filter(league__in=leagues)
        .select_related("league")
        .annotate(round_count=Count("rounds"))
        .order_by("league__name", "-start")
    )
    disputed = list(
        ResultVersion.objects.filter(
            status=ResultVersion.Status.DISPUTED, table__round__season__league__in=leagues
        )
        .select_related("table__round__season")
        .order_by("table__round__date", "table__number")
    )
    reasons = disputes_for(disputed)
    return render(
        request,
        "manage/index.html",
        {
            "leagues": leagues.order_by("name"),
            "seasons": seasons,
            "disputed": [{"version": v, "dispute": reasons.get(v.table_id)} for v in disputed],
        },
    )


class RoundForm(forms.Form):
    number = forms.IntegerField(label=gettext_lazy("Round number"), min_value=1, max_value=999)
    date = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}, format=ISO_DATE)
    )


@login_required
def season(request: HttpRequest, slug: str) -> HttpResponse:
    """A season's rounds; POST adds a round."""
    season = _season(request, slug)
    rounds = list(
        season.rounds.annotate(
            registered=Count("registrations", distinct=True),
            tables_count=Count("tables", distinct=True),
        ).order_by("number")
    )
    next_number = (rounds[-1].number + 1) if rounds else 1
    form = RoundForm(request.POST or None, initial={"number": next_number})
    if request.method == "POST" and form.is_valid():
        number, date = form.cleaned_data["number"], form.cleaned_data["date"]
        return run_action(
            request,
            lambda: create_round(season, number, date, actor=request.user),
            success=_("Round %(number)s added, open for registration.") % {"number": number},
            back=reverse("manage:season", args=[season.slug]),
        )
    return render(
        request,
        "manage/season.html",
        {
            "season": season,
            "rounds": rounds,
            "form": form,
            "has_rounds": season_rules(season).has_rounds,
            "next_round": next((r for r in rounds if r.status != Round.Status.FINISHED), None),
        },
        status=400 if form.errors else 200,
    )


def _desk(round_: Round) -> dict[str, Any]:
    """The round's registrations, draw, tables with their result states and swap groups."""
    registrations = list(
        Registration.objects.filter(round=round_)
        .select_related("player")
        .order_by("created_at", "id")
    )
    drawn = round_.status in (Round.Status.DRAWN, Round.Status.IN_PLAY, Round.Status.FINISHED)
    draw = load_draw(round_) if drawn else None
    tables: list[DeskTable] = []
    groups: list[tuple[str, Any]] = []
    if draw is not None:
        current = {
            v.table_id: v
            for v in ResultVersion.objects.filter(table__round=round_).exclude(
                status=ResultVersion.Status.SUPERSEDED
            )
        }
        table_rows = list(Table.objects.filter(round=round_).order_by("number"))
        tables = desk_tables(table_rows, draw.tables, current, disputes_for(current.values()))
        groups = swap_groups(table_rows, draw.tables, draw.reserves)
    return {
        "registrations": registrations,
        "draw": draw,
        "tables": tables,
        "swap_groups": groups,
        "all_confirmed": all_confirmed(tables),
        "drawn": drawn,
    }


@login_required
@require_GET
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round desk: registrations (with latecomers), close, draw, publish, the tables
    with their result states (disputed first), swaps, finish, and the chat texts."""
    round_ = _round(request, slug, number)
    kept = request.GET.get("kept", "")
    if kept in NAME_BOXES:  # back from "who are they?" with Cancel: the typed names kept
        return _round_page(request, round_, RefusedNames(kept, request.GET.get("text", ""), ""))
    return _round_page(request, round_)


def _round_page(
    request: HttpRequest, round_: Round, refused_names: RefusedNames | None = None
) -> HttpResponse:
    """The round desk's page; with `refused_names`, the names typed in one of its forms kept
    there with the sentence that refused them beside it (400; 200 when none refused them)."""
    rules = season_rules(round_.season)
    desk = _desk(round_)
    section = published_round(round_.season, round_.number) if round_.draw_published_at else None
    return render(
        request,
        "manage/round.html",
        {
            **desk,
            "round": round_,
            "season": round_.season,
            "deadline": registration_deadline(round_, rules),
            "carried_over": not players_register_for(round_, rules),
            "final_table": is_final_table(rules, round_.number),
            "method": rules.draw_method_for(round_.number, round_.date),
            "method_label": Round.DrawMethod(
                rules.draw_method_for(round_.number, round_.date)
            ).label,
            "remainder": rules.remainder,
            "history": draw_history(round_) if desk["drawn"] else [],
            "texts": section.texts(text_titles(is_tournament(rules))) if section else [],
            "seat_links": (
                round_links(round_, site_address(request))
                if desk["drawn"] and round_.status != Round.Status.FINISHED  # links expired
                else None
            ),
            "refused_names": refused_names,
        },
        status=400 if refused_names and refused_names.error else 200,
    )


@login_required
@require_GET
def round_print(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The draw in large type on one screen, for the projector or the printer."""
    round_ = _round(request, slug, number)
    desk = _desk(round_)
    tables = sorted(desk["tables"], key=lambda row: row.table.number)
    return render(
        request,
        "manage/round_print.html",
        {"round": round_, "season": round_.season, "draw": desk["draw"], "tables": tables},
    )


# register_players or register_latecomers: each player, and whether he was registered now.
RegisterAction = Callable[..., list[tuple[Player, bool]]]
NAME_BOXES = ("names", "latecomers")  # the round desk's boxes of typed names


@dataclass(frozen=True)
class RefusedNames:
    """Names typed in the round desk's box `form` ("names" or "latecomers"), refused."""

    form: str
    text: str
    error: str


def _register_names(
    request: HttpRequest, round_: Round, action: RegisterAction, url_name: str, success: str
) -> HttpResponse:
    """Register the typed names with `action(round_, players, actor=...)`; names that are not
    exactly a known player's go through the organizer's "did you mean?" step first."""
    names = typed_names(request)
    form = "latecomers" if url_name == "manage:latecomer" else "names"

    def kept(error: ActionError) -> HttpResponse:
        """The desk again, the typed names in their box and the refusal beside it."""
        if error.code == ActionCode.FORBIDDEN:
            return refused(request, error, _back(round_))
        return _round_page(request, round_, RefusedNames(form, "\n".join(names), str(error)))

    if not names:
        return kept(ActionError(ActionCode.NAMES_MISSING, _("Enter at least one name.")))
    try:
        matches = match_players(names, _("Names"))
    except ActionError as error:
        return kept(error)
    url = reverse(url_name, args=[round_.season.slug, round_.number])
    if not confirming(request) and needs_confirmation(matches):
        return _confirm_names(request, round_, matches, url, form=form)
    choices = posted_choices(request, matches)

    def run() -> tuple[list[str], int]:
        """The names that were registered already, and how many names were given."""
        with transaction.atomic():
            players = confirmed_players([m.name for m in matches], choices)
            if not players:
                raise ActionError(
                    ActionCode.NAMES_MISSING, _("Every name was left out: nobody is registered.")
                )
            made = action(round_, players, actor=request.user)
            return [isolate(player.name) for player, now in made if not now], len(made)

    try:
        already, given = run()
    except NameChoiceMissing as missing:
        return _confirm_names(request, round_, matches, url, choices, missing.message, form=form)
    except ActionError as error:
        return kept(error)
    if len(already) == given:
        messages.info(
            request,
            _("Already registered: %(names)s. Nothing changed.") % {"names": ", ".join(already)},
        )
    else:
        messages.success(request, success)
        if already:
            messages.info(
                request,
                _("Already registered, left as they were: %(names)s.")
                % {"names": ", ".join(already)},
            )
    return HttpResponseRedirect(_back(round_))


def _confirm_names(
    request: HttpRequest,
    round_: Round,
    matches: list[NameMatch],
    url: str,
    choices: dict[str, str] | None = None,
    error: str = "",
    *,
    form: str = "names",
) -> HttpResponse:
    """The "who are they?" step of the desk's box `form`; its Cancel goes back to the desk
    with the names still typed in that box."""
    typed = "\n".join(match.name for match in matches)
    back = f"{_back(round_)}?{urlencode({'kept': form, 'text': typed})}#{form}"
    return render(
        request,
        "league/confirm_names.html",
        {
            "heading": _("Round %(number)s: who are they?") % {"number": round_.number},
            "rows": choice_rows(matches, choices),
            "action": url,
            "back": back,
            "submit": _("Register"),
            "error": error,
        },
        status=400 if error else 200,
    )


@login_required
@require_POST
def register(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Register players by name (one per line); new and near names are confirmed first."""
    round_ = _round(request, slug, number)
    return _register_names(
        request, round_, register_players, "manage:register", _("Players registered.")
    )


@login_required
@require_POST
def latecomer(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Register latecomers after registration closed (reserves once drawn), organizers only."""
    round_ = _round(request, slug, number)
    success = (
        _("Latecomers added as reserves: bring one in with a swap.")
        if round_.status == Round.Status.DRAWN
        else _("Latecomers registered; registration stays closed.")
    )
    return _register_names(request, round_, register_latecomers, "manage:latecomer", success)


@login_required
@require_POST
def unregister(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Remove one player's registration (POST `player` id)."""
    round_ = _round(request, slug, number)
    player = Player.objects.filter(pk=parse_id(request.POST.get("player"))).first()
    if player is None:
        return refused(
            request, ActionError(ActionCode.UNKNOWN, _("There is no such player.")), _back(round_)
        )
    return run_action(
        request,
        lambda: unregister_player(round_, player, actor=request.user),
        success=_("%(player)s is no longer registered.") % {"player": player.name},
        back=_back(round_),
    )


def _round_step(
    action: Callable[..., object], success: str | Promise
) -> Callable[[HttpRequest, str, int], HttpResponse]:
    """An organizer's POST-only button that runs `action(round_, actor=...)` on one round."""

    @login_required
    @require_POST
    def view(request: HttpRequest, slug: str, number: int) -> HttpResponse:
        round_ = _round(request, slug, number)
        return run_action(
            request,
            lambda: action(round_, actor=request.user),
            success=str(success),
            back=_back(round_),
        )

    return view


close = _round_step(close_registration, gettext_lazy("Registration closed."))
reopen = _round_step(reopen_registration, gettext_lazy("Registration reopened."))
publish = _round_step(publish_draw, gettext_lazy("The draw is published."))
finish = _round_step(finish_round, gettext_lazy("The round is finished."))


@login_required
@require_POST
def draw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Draw the tables (POST optional `seed`; `redraw` with `confirm` and a `reason`)."""
    round_ = _round(request, slug, number)
    raw_seed = request.POST.get("seed", "").strip()
    seed = None
    if raw_seed:
        if not DIGITS.fullmatch(raw_seed) or len(raw_seed) > 18:
            return refused(
                request,
                ActionError(ActionCode.SEED_INVALID, _("The seed must be a whole number ≥ 0.")),
                _back(round_),
            )
        seed = int(raw_seed)
    redraw = request.POST.get("redraw") == "1"
    if redraw and request.POST.get("confirm") != "1":
        return refused(
            request,
            ActionError(
                ActionCode.REPLACE_NOT_CONFIRMED,
                _("Tick the box to confirm that the current draw is replaced."),
            ),
            _back(round_),
        )
    reason = request.POST.get("reason", "")
    return run_action(
        request,
        lambda: do_draw_round(round_, actor=request.user, seed=seed, redraw=redraw, reason=reason),
        success=_("The tables are drawn."),
        back=_back(round_),
    )


@login_required
@require_POST
def swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Swap two players or bring a reserve in (POST `first`, `second` player ids, `reason`)."""
    round_ = _round(request, slug, number)
    ids = [parse_id(request.POST.get("first")), parse_id(request.POST.get("second"))]
    found = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    # A refusal opens the desk at the swap form with the choices as they were made; the desk
    # shows that form while the round is drawn (manage/round.html), else the sentence goes
    # at the top of the page.
    kept = urlencode({name: request.POST.get(name, "") for name in ("first", "second", "reason")})
    again = f"{_back(round_)}?{kept}"
    at_form = SWAP_FORM if round_.status == Round.Status.DRAWN else ""
    if len(found) != len(set(ids)) or 0 in ids:
        return refused(
            request,
            ActionError(ActionCode.SWAP_PLAYERS_MISSING, _("Choose two players to swap.")),
            again,
            at_form=at_form,
        )
    return run_action(
        request,
        lambda: swap_players(
            round_,
            found[ids[0]],
            found[ids[1]],
            actor=request.user,
            reason=request.POST.get("reason", ""),
        ),
        success=_("Players swapped."),
        back=_back(round_),
        refused_to=again,
        at_form=at_form,
    )


@login_required
@require_GET
def audit(request: HttpRequest) -> HttpResponse:
    """The audit log of the leagues this organizer runs, and his own entries that belong to no
    league (e.g. creating new players); superusers see every entry."""
    require_any_organizer(request.user)
    entries = list(audit_entries_for(request.user).select_related("actor", "league")[:AUDIT_PAGE])
    labels = _audit_labels(entries)
    rows = [{"entry": e, "sentence": audit_sentence(e, labels)} for e in entries]
    return render(request, "manage/audit.html", {"entries": rows})


def _audit_labels(entries: list[AuditEntry]) -> Labels:
    """The names of the rounds and tables the entries point at (a query each, if any)."""

    def ids(key: str) -> set[int]:
        return {e.details[key] for e in entries if isinstance(e.details.get(key), int)}

    round_ids, table_ids = ids("round_id"), ids("table_id")
    rounds = Round.objects.filter(pk__in=round_ids).select_related("season") if round_ids else []
    tables = (
        Table.objects.filter(pk__in=table_ids).select_related("round__season") if table_ids else []
    )
    rules: dict[int, LeagueRules | dict[str, Any]] = {}  # each season's, read once

    def title(round_: Round) -> str:
        """ "Round 3", "Stage 2" or "Final table", as the season's rules name it (a season whose
        stored rules no longer read is named by rounds: the log still shows)."""
        if round_.season_id not in rules:
            try:
                rules[round_.season_id] = season_rules(round_.season)
            except ActionError:
                rules[round_.season_id] = {}
        return round_title(rules[round_.season_id], round_.number)

    return Labels(
        rounds={
            r.pk: _("%(season)s: %(round)s") % {"season": r.season.name, "round": title(r)}
            for r in rounds
        },
        tables={
            t.pk: _("%(season)s, %(round)s, table %(table)s")
            % {"season": t.round.season.name, "round": title(t.round), "table": t.number}
            for t in tables
        },
    )
