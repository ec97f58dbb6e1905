"""A table's result page: enter scores or a deal sheet, confirm or dispute, see every version."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from core.actor import Actor
from core.errors import ActionError
from games.actions import (
    DisputeReasonMissing,
    ResultRejected,
    check_entry,
    confirm_result,
    dispute_result,
    submit_result,
)
from games.deal_sheets import DealLine, deal_sheet
from games.disputes import disputes_for
from games.link_sessions import mark_acted
from games.messages import deals_with_problems_message
from games.models import ResultEvent, ResultVersion, SheetDraft
from games.notes import NotedDifferences, differences_from_notes
from games.permissions import (
    LinkActor,
    can_confirm,
    can_correct,
    can_dispute,
    can_submit,
    state_for,
)
from games.sheet_fields import SEAT_FIELDS, SUMMARY_FIELDS, field_name, seat_field
from games.sheets import CheckedResult, sheet_field, sheet_fields, sheet_from_form
from games.strains import STRAIN_FACES, strain_symbol
from games.views.access import seat_or_login, table_for
from league.actions.common import season_rules
from league.models import Seat, Table
from league.views.common import parse_id, refused, run_action
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict

MAX_CHECK_BODY = 200_000
_DEAL = re.compile(r"^deals\[(\d+)\]")


def _page(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    organizer: bool,
    actor: Actor,
    *,
    checked: CheckedResult | None = None,
    entered: dict[str, Any] | None = None,
    sheet: bool = False,
    dispute_error: str = "",
    status: int = 200,
) -> HttpResponse:
    versions = list(
        ResultVersion.objects.filter(table=table)
        .select_related("entered_by")
        .prefetch_related(
            Prefetch(
                "events",
                queryset=ResultEvent.objects.select_related("actor__player", "via__player"),
            )
        )
        .order_by("-number")
    )
    current = next((v for v in versions if v.status != ResultVersion.Status.SUPERSEDED), None)
    previous = next((v for v in versions if current and v.number == current.number - 1), None)
    rules = season_rules(table.round.season)
    field_errors: dict[str, list[str]] = {}
    for error in checked.errors if checked else []:
        key = sheet_field(error.path) if sheet else error.path
        field_errors.setdefault(key, []).append(error.message)
    state = state_for(actor, organizer, seats, table.round, current, not_played=table.not_played)
    current_sheet = (
        deal_sheet(current.deals, rules.scoring_preset, rules.three_player_deck) if current else []
    )
    notes = (
        _own_notes(table, state.player_id)
        if current_sheet and state.player_id is not None and can_confirm(state)
        else {}
    )
    differences = differences_from_notes(current_sheet, notes)
    changes = (
        differences_from_notes(current_sheet, sheet_fields(previous.deals))
        if previous is not None and current is not None and current.changed_deals
        else {}
    )
    correcting = can_correct(state)
    if entered is None and correcting and current is not None:
        entered = _as_entered(table, current, state.player_id, sheet=sheet)
    entered = entered or {}
    score_rows = [
        {
            "seat": s,
            "name": f"score-{i}",
            "value": entered.get(f"score-{i}", ""),
            "current": current.scores[i] if current and i < len(current.scores) else None,
            "before": _before(current, previous, i),
            "errors": field_errors.get(f"scores[{i}]", []),
        }
        for i, s in enumerate(seats)
    ]
    deal_rows = [
        {
            "index": i,
            "number": i + 1,
            "name": field_name(i),
            "fields": {name: field_name(i, name) for name in SUMMARY_FIELDS},
            "trump": entered.get(field_name(i, "trump"), ""),
            "declarer": entered.get(field_name(i, "declarer"), ""),
            "winning_bid": entered.get(field_name(i, "winning_bid"), ""),
            "seats": [_sheet_seat(i, seat, entered, field_errors) for seat in range(len(seats))],
            "errors": [
                m
                for key in (field_name(i), *(field_name(i, n) for n in SUMMARY_FIELDS))
                for m in field_errors.get(key, [])
            ],
        }
        for i in range(rules.deals_per_game if sheet else 0)
    ]
    context = {
        "table": table,
        "round": table.round,
        "season": table.round.season,
        "seats": seats,
        "versions": versions,
        "current": current,
        "organizer": organizer,
        "acting_player_id": state.player_id,
        "via_link": isinstance(actor, LinkActor),
        "can_enter": can_submit(state),
        "can_correct": correcting,
        "correcting_sheet": correcting and current is not None and current.deals is not None,
        "can_confirm": can_confirm(state),
        # The organizer decides disputes: asking himself is no choice to offer.
        "can_dispute": can_dispute(state) and not organizer,
        "score_rows": score_rows,
        "deal_rows": deal_rows,
        "strains": STRAIN_FACES,
        "deals_per_game": rules.deals_per_game,
        "general_errors": _summary(checked) + field_errors.get("scores", []),
        "sheet": sheet,
        "dispute": disputes_for([current]).get(table.pk) if current else None,
        "dispute_error": dispute_error,
        "current_sheet": current_sheet,
        "sheet_rows": [
            _confirm_row(line, differences.get(line.number), changes.get(line.number), seats)
            for line in current_sheet
        ],
        "notes_summary": _notes_summary(differences),
        "changes_summary": _changes_summary(current, previous),
    }
    return render(request, "games/table_result.html", context, status=status)


def _as_entered(
    table: Table, current: ResultVersion, player_id: int | None, *, sheet: bool
) -> dict[str, str]:
    """A correction reopens as it was entered: the sheet deal by deal, or the four totals.
    A sheet the player has already begun to correct is his draft, which the page restores."""
    if sheet:
        if (
            player_id is not None
            and SheetDraft.objects.filter(table=table, player_id=player_id).exists()
        ):
            return {}
        return sheet_fields(current.deals)
    if current.deals is not None:
        return {}  # a sheet is corrected on the sheet, not by totals worked out by hand
    return {f"score-{i}": str(score) for i, score in enumerate(current.scores)}


def _before(current: ResultVersion | None, previous: ResultVersion | None, seat: int) -> str:
    """What seat `seat`'s total was before the correction, where it changed ("" if not)."""
    if current is None or previous is None or seat >= len(previous.scores):
        return ""
    if seat < len(current.scores) and current.scores[seat] == previous.scores[seat]:
        return ""
    return _("Before the correction: %(noted)s") % {"noted": f"\u2066{previous.scores[seat]}\u2069"}


def _changes_summary(current: ResultVersion | None, previous: ResultVersion | None) -> str:
    """The line above the totals of a correction: "Changed since version 1: deals 4, 9"."""
    if current is None or previous is None:
        return ""
    numbers = current.changed_deals or []
    if numbers:
        return ngettext(
            "Changed since version %(version)d: deal %(numbers)s",
            "Changed since version %(version)d: deals %(numbers)s",
            len(numbers),
        ) % {"version": previous.number, "numbers": ", ".join(str(n) for n in numbers)}
    if list(current.scores) != list(previous.scores):
        return _("Changed since version %(version)d: the scores marked below") % {
            "version": previous.number
        }
    return ""


def _own_notes(table: Table, player_id: int) -> dict[str, str]:
    """The confirming player's own sheet draft for `table` (his notes), as form fields."""
    draft = SheetDraft.objects.filter(table=table, player_id=player_id).only("data").first()
    fields = (
        draft.data.get("fields") if draft is not None and isinstance(draft.data, dict) else None
    )
    if not isinstance(fields, dict):
        return {}
    return {str(k): v for k, v in fields.items() if isinstance(v, str)}


def _confirm_row(
    line: DealLine,
    noted: NotedDifferences | None,
    before: NotedDifferences | None,
    seats: list[Seat],
) -> dict[str, Any]:
    """One deal of the sheet being confirmed, with what the confirmer's notes say where they
    differ ("Your notes: ...") and, in a correction, what the deal was before ("Before the
    correction: ..."); empty where they agree or say nothing."""
    names = {s.seat: s.player.name for s in seats}
    notes = _deal_marks(line, noted, names, _("Your notes: %(noted)s"))
    was = _deal_marks(line, before, names, _("Before the correction: %(noted)s"))
    return {
        "deal": line,
        "differs": noted is not None and noted.differs,
        "changed": before is not None and before.differs,
        "bid_note": notes[0],
        "declarer_note": notes[1],
        "bid_change": was[0],
        "declarer_change": was[1],
        "cells": [
            (names.get(seat, ""), cell, notes[2][seat], was[2][seat])
            for seat, cell in enumerate(line.cells)
        ],
    }


def _deal_marks(
    line: DealLine, found: NotedDifferences | None, names: dict[int, str], template: str
) -> tuple[str, str, list[str]]:
    """`template` filled with what `found` says where it differs from `line`: the bid, the
    declarer and each seat's contract and tricks ("" where it says the same)."""
    found = found or NotedDifferences(line.number)
    bid = ""
    if found.bid_differs:
        number = found.winning_bid or str(line.winning_bid or "")
        # Isolated left to right, so "6♥" does not turn into "♥6" in a Hebrew sentence.
        bid = template % {
            "noted": "\u2066" + number + strain_symbol(found.trump or line.trump) + "\u2069"
        }
    declarer = (
        template % {"noted": names.get(found.declarer, str(found.declarer))}
        if found.declarer is not None
        else ""
    )
    cells = []
    for seat in range(len(line.cells)):
        parts = []
        if found.contracts[seat] is not None:
            parts.append(_("%(contract)s bid") % {"contract": found.contracts[seat]})
        if found.tricks[seat] is not None:
            parts.append(_("%(tricks)s taken") % {"tricks": found.tricks[seat]})
        cells.append(template % {"noted": ", ".join(parts)} if parts else "")
    return bid, declarer, cells


def _notes_summary(differences: dict[int, NotedDifferences]) -> str:
    """The line above the sheet, "Your notes differ in 3 deals: 4, 9, 17"; empty when the
    notes agree (or there are none)."""
    if not differences:
        return ""
    numbers = sorted(differences)
    return ngettext(
        "Your notes differ in %(count)d deal: %(numbers)s",
        "Your notes differ in %(count)d deals: %(numbers)s",
        len(numbers),
    ) % {"count": len(numbers), "numbers": ", ".join(str(n) for n in numbers)}


def _summary(checked: CheckedResult | None) -> list[str]:
    """The short lines at the top of the form: which deals need a change, then the sheet's
    own problems (the deal count, how many deals are still empty)."""
    if checked is None:
        return []
    numbers = sorted({int(m.group(1)) + 1 for e in checked.errors if (m := _DEAL.match(e.path))})
    lines = [deals_with_problems_message(numbers)] if numbers else []
    return lines + [e.message for e in checked.errors if e.path == "deals"]


@seat_or_login
@require_GET
def table_result(request: HttpRequest, table_id: int) -> HttpResponse:
    """The result page of one table (scores form)."""
    table, seats, organizer, actor = table_for(request, table_id)
    return _page(request, table, seats, organizer, actor)


@seat_or_login
@require_GET
def table_sheet(request: HttpRequest, table_id: int) -> HttpResponse:
    """The deal-by-deal sheet form of one table of four, or of three (RULES.md 1.5)."""
    table, seats, organizer, actor = table_for(request, table_id)
    if len(seats) not in (3, 4):
        raise Http404(_("A deal sheet needs three or four players."))
    return _page(request, table, seats, organizer, actor, sheet=True)


@seat_or_login
@require_POST
def submit(request: HttpRequest, table_id: int) -> HttpResponse:
    """Enter the table's result: `mode=sheet` reads the deal sheet, else the four scores."""
    table, seats, organizer, actor = table_for(request, table_id)
    sheet = request.POST.get("mode") == "sheet"
    back = reverse("games:table", args=[table.pk])
    note = request.POST.get("note", "")
    try:
        if sheet:
            deals_per_game = season_rules(table.round.season).deals_per_game
            deals = sheet_from_form(request.POST, deals_per_game, len(seats))
            submit_result(table, actor=actor, deals=deals, note=note)
        else:
            scores = [request.POST.get(f"score-{i}", "") for i in range(len(seats))]
            submit_result(table, actor=actor, scores=scores, note=note)
    except ResultRejected as rejected:
        return _page(
            request,
            table,
            seats,
            organizer,
            actor,
            checked=rejected.checked,
            entered=request.POST.dict(),
            sheet=sheet,
            status=400,
        )
    except ActionError as error:
        return refused(request, error, back)
    mark_acted(request.session, actor)
    messages.success(
        request,
        _("The result was saved.")
        if organizer
        else _("The result was saved; another player at the table must confirm it."),
    )
    return HttpResponseRedirect(back)


@seat_or_login
@require_POST
def confirm(request: HttpRequest, table_id: int) -> HttpResponse:
    """Confirm the version the player was shown (POST `version`)."""
    table, _seats, _organizer, actor = table_for(request, table_id)
    number = parse_id(request.POST.get("version"))

    def confirm_as_actor() -> None:
        confirm_result(table, number, actor=actor)
        mark_acted(request.session, actor)

    return run_action(
        request,
        confirm_as_actor,
        success=_("The result is confirmed and counts in the standings."),
        back=reverse("games:table", args=[table.pk]),
    )


@seat_or_login
@require_POST
def dispute(request: HttpRequest, table_id: int) -> HttpResponse:
    """Dispute the current version (POST `version`, `reason`); the organizer decides."""
    table, seats, organizer, actor = table_for(request, table_id)
    number = parse_id(request.POST.get("version"))
    back = reverse("games:table", args=[table.pk])
    try:
        dispute_result(table, number, actor=actor, reason=request.POST.get("reason", ""))
    except DisputeReasonMissing as missing:
        return _page(
            request, table, seats, organizer, actor, dispute_error=missing.message, status=400
        )
    except ActionError as error:
        return refused(request, error, back)
    mark_acted(request.session, actor)
    messages.success(request, _("The result is disputed; an organizer will decide."))
    return HttpResponseRedirect(back)


@seat_or_login
@require_POST
def check(request: HttpRequest, table_id: int) -> JsonResponse:
    """Validate a sheet as it is typed: the form fields in, per-field errors and scores out.

    With `deal` (an index) only that deal's problems and scores come back, with the running
    totals; without it, the whole sheet's verdict.
    """
    table, seats, _organizer, _actor = table_for(request, table_id)
    if len(request.body) > MAX_CHECK_BODY:
        return JsonResponse({"error": _("The sheet is too large.")}, status=413)
    try:
        data = loads_strict(request.body or b"{}")
    except StrictJsonError as refused:
        return JsonResponse({"error": _sheet_refusal(refused)}, status=400)
    if not isinstance(data, dict):
        return JsonResponse({"error": _("Send the sheet's fields as a JSON object.")}, status=400)
    rules = season_rules(table.round.season)
    deal = data.get("deal")
    if deal is not None and (
        isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < rules.deals_per_game
    ):
        return JsonResponse(
            {
                "error": _("deal must be a deal's index, 0 to %(last)d.")
                % {"last": rules.deals_per_game - 1}
            },
            status=400,
        )
    try:
        deals = sheet_from_form(data, rules.deals_per_game, len(seats))
        checked = check_entry(table, len(seats), deals=deals)
    except ActionError as error:
        return JsonResponse({"error": error.message}, status=400)
    return JsonResponse(checked.to_json() if deal is None else checked.deal_json(deal))


def _sheet_refusal(refused: StrictJsonError) -> str:
    """Why a sheet's JSON body was refused, in the user's language."""
    if refused.code == StrictJsonCode.DUPLICATE_KEY:
        return _("The field %(field)s is sent twice.") % {"field": refused.path}
    if refused.code == StrictJsonCode.INVALID_TEXT:
        return _("The field %(field)s holds a character that is not text.") % {
            "field": refused.path
        }
    return _("Send the sheet's fields as a JSON object.")


def _sheet_seat(
    deal: int, seat: int, entered: Any, field_errors: dict[str, list[str]]
) -> dict[str, Any]:
    """One seat's cells of a deal in the no-JavaScript grid: its fields' names, values and
    problems."""
    names = {kind: field_name(deal, seat_field(kind, seat)) for kind in SEAT_FIELDS}
    return {
        "seat": seat,
        "contract_name": names["contract"],
        "tricks_name": names["tricks"],
        "contract": entered.get(names["contract"], ""),
        "tricks": entered.get(names["tricks"], ""),
        "contract_errors": field_errors.get(names["contract"], []),
        "tricks_errors": field_errors.get(names["tricks"], []),
    }
