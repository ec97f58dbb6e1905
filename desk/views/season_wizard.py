"""The season wizard (/manage/new-season/): league, preset, name, start and weekdays, every
rule as a field, and the generated calendar of rounds to move or skip dates in, then one
click creates the season and all its rounds. A "Create" it refuses (a bad value, a calendar
the organizer has not seen, a preset picked but not used yet) says why at the top of the page
and beside the field."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.bidi import isolate
from core.errors import ActionError
from core.permissions import require_any_organizer
from league.actions.common import league_zone
from league.actions.players import invisible_refusal
from league.actions.seasons import create_season
from league.holidays import DEFAULT_SKIPPED, HolidayEvening, evening_holiday
from league.latin_slug import LATIN_LETTERS, latin_slug
from league.models import League, Round, Season
from league.preset_names import league_preset_choices, league_preset_name
from league.rules import PRESETS, WEEKDAYS, LeagueRules, RulesError, preset_dict
from league.rules.form import WEEKDAY_CHOICES, RulesForm, field_name
from league.season_calendar import (
    LATEST_DATE,
    can_extend,
    generate_dates,
    out_of_order,
    tournament_dates,
    without_holidays,
)
from league.views.common import parse_id, refused
from publishing.schedule import round_times

from .wizard_league import default_league, remember_league

# A date field's value as <input type="date"> needs it, in every language (Russian's
# DATE_INPUT_FORMATS would write 06.12.2026, which the browser shows as no date).
ISO_DATE = "%Y-%m-%d"

DEFAULT_PRESET = "whist-online-league"
WEEKDAY_NAMES = dict(WEEKDAY_CHOICES)
WEEKDAYS_FIELD = field_name("schedule.weekdays")
ROUNDS_FIELD = field_name("rounds_in_season")
SHOWN_PRESET = "rules_preset"  # the preset the page's rules and calendar were filled from

NOT_CREATED = gettext_lazy("The season was not created: fix the values marked below.")
NOT_CREATED_CHANGED = gettext_lazy(
    "The season was not created: %(why)s Check the calendar and press “Create the season” again."
)
NOT_CREATED_PRESET = gettext_lazy(
    "The season was not created: the rules and the calendar below are now those of the preset "
    "%(preset)s. Check them and press “Create the season” again."
)
PRESET_USED = gettext_lazy(
    "The rules and the calendar below are now those of the preset %(preset)s."
)
PRESET_FOLLOWED = gettext_lazy("The rules and the calendar below follow this preset now.")
# Why the calendar was made again: the part of its basis that changed, or a skipped date.
CALENDAR_CHANGES = {
    "start": gettext_lazy("The start date changed, so the calendar below was made again from it."),
    "weekdays": gettext_lazy("The round days changed, so the calendar below was made again."),
    "rounds": gettext_lazy("The number of rounds changed, so the calendar below was made again."),
    "skip": gettext_lazy("A date was skipped, so the rounds after it moved on."),
    "unskip": gettext_lazy("A skipped date is played again, so the rounds from it moved back."),
    "holiday": gettext_lazy(
        "A round fell on a holiday evening, so it was skipped and the rounds after it moved on."
    ),
    "new": gettext_lazy("The calendar below is new: it was made from the values above."),
}
BASIS_PARTS = ("start", "weekdays", "rounds")


def organized_leagues(user: Any) -> QuerySet[League]:
    """The leagues `user` organizes (every league for a superuser)."""
    leagues = League.objects.order_by("name")
    return leagues if user.is_superuser else leagues.filter(organizers=user)


class SeasonForm(forms.Form):
    """The new season itself: its league, preset, name, address and dates."""

    league = forms.ModelChoiceField(
        queryset=League.objects.none(), empty_label=None, label=gettext_lazy("League")
    )
    preset = forms.ChoiceField(choices=league_preset_choices, label=gettext_lazy("Rules preset"))
    name = forms.CharField(
        max_length=120,
        label=gettext_lazy("Name"),
        widget=forms.TextInput(attrs={"autofocus": True}),  # the one thing to type
    )
    slug = forms.SlugField(
        max_length=120,
        allow_unicode=True,
        required=False,
        label=gettext_lazy("Address (slug)"),
        help_text=gettext_lazy(
            "Filled in from the name in Latin letters (Hebrew letter by letter); "
            "letters, digits and '-'."
        ),
    )
    start = forms.DateField(
        label=gettext_lazy("Start date"),
        widget=forms.DateInput(attrs={"type": "date"}, format=ISO_DATE),
    )
    end = forms.DateField(
        required=False,
        label=gettext_lazy("End date"),
        help_text=gettext_lazy(
            "Open-play leagues only; a league of rounds ends with its last round."
        ),
        widget=forms.DateInput(attrs={"type": "date"}, format=ISO_DATE),
    )

    def __init__(self, leagues: QuerySet[League], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["league"].queryset = leagues  # type: ignore[attr-defined]  # a ModelChoiceField

    def clean_start(self) -> dt.date:
        start: dt.date = self.cleaned_data["start"]
        if not can_extend(start):
            raise forms.ValidationError(too_late(_("The start date")))
        return start

    def clean_end(self) -> dt.date | None:
        end: dt.date | None = self.cleaned_data.get("end")
        if end is not None and not can_extend(end):
            raise forms.ValidationError(too_late(_("The end date")))
        return end

    def clean_name(self) -> str:
        name: str = " ".join(self.cleaned_data["name"].split())
        refusal = invisible_refusal(name, _("Name"))
        if refusal is not None:
            raise forms.ValidationError(refusal)
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        league, name = cleaned.get("league"), cleaned.get("name")
        if league is not None and name and league.seasons.filter(name__iexact=name).exists():
            self.add_error(
                "name",
                _("%(league)s already has a season named %(name)s: give this one another name.")
                % {"league": isolate(league.name), "name": isolate(name)},
            )
        return cleaned

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data.get("slug") or latin_slug(self.data.get("name", ""))
        if not slug:
            raise forms.ValidationError(_("Give the season an address (letters or digits)."))
        if Season.objects.filter(slug=slug).exists():
            raise forms.ValidationError(
                _("There is already a season with the address %(slug)s.") % {"slug": slug}
            )
        return slug


def too_late(what: str) -> str:
    """The sentence refusing a date after the calendar's last one, naming the field."""
    return _("%(what)s must be %(latest)s or earlier: the calendar cannot run past it.") % {
        "what": what,
        "latest": date_format(LATEST_DATE, "SHORT_DATE_FORMAT"),
    }


@dataclass(frozen=True)
class CalendarRow:
    """One round of the calendar with its moments in the league's time zone, and what is
    wrong with the date the organizer gave it."""

    number: int
    date: dt.date
    weekday: str
    deadline: dt.time
    draw_publish: dt.time
    results_publish: dt.time
    results_next_day: bool
    draw_method: str
    errors: tuple[str, ...] = ()
    holiday: str = ""  # the holiday beginning that evening, when the organizer plays on it


@dataclass
class Calendar:
    """The generated round dates, the dates skipped, and what the organizer must look at:
    `errors` of the whole calendar (its rows carry their own), and `changes`, why the dates
    differ from the ones he last saw (BASIS_PARTS that changed, "skip" or "new")."""

    basis: str
    dates: list[dt.date]
    skipped: list[dt.date]
    rows: list[CalendarRow]
    errors: list[str]
    changes: tuple[str, ...]
    notes: list[str]  # why the calendar was made again, shown above it
    holidays: Mapping[dt.date, HolidayEvening] = dataclass_field(default_factory=dict)  # skipped
    played: frozenset[dt.date] = frozenset()  # holiday evenings the organizer plays on
    today: dt.date | None = None  # the league's today, when some round falls before it

    @property
    def before_today(self) -> str:
        """The warning when rounds fall before today: nobody registers for a day gone by and
        the schedule leaves it alone (publishing.schedule.CATCH_UP), so it waits for the
        organizer's desk. A start in the past is allowed (a season entered late)."""
        today = self.today
        past = [row.number for row in self.rows if today and row.date < today]
        if today is None or not past:
            return ""
        rounds = str(past[0]) if len(past) == 1 else f"{past[0]}\u2013{past[-1]}"
        return ngettext(
            "Round %(rounds)s is before today (%(today)s): players cannot register for it and "
            "the schedule does not run it, so it waits for you on its desk. Change the start "
            "date if that is not what you meant.",
            "Rounds %(rounds)s are before today (%(today)s): players cannot register for them "
            "and the schedule does not run them, so they wait for you on their desks. Change "
            "the start date if that is not what you meant.",
            len(past),
        ) % {"rounds": rounds, "today": date_format(today, "SHORT_DATE_FORMAT")}

    @property
    def skipped_days(self) -> list[tuple[dt.date, str]]:
        """Each skipped date with the holiday that made it skipped ("" for his own skips)."""
        return [
            (day, self.holidays[day].name if day in self.holidays else "") for day in self.skipped
        ]

    @property
    def played_value(self) -> str:
        return ",".join(d.isoformat() for d in sorted(self.played))

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    @property
    def refused(self) -> bool:
        return bool(self.errors) or any(row.errors for row in self.rows)

    @property
    def skipped_value(self) -> str:
        return ",".join(d.isoformat() for d in self.skipped)


SKIPS_SHOWN = "skips-shown"  # the page listed the skipped dates, each with a ticked box
SKIP_DATE = "skip-date"  # a skipped date's box: unticked, the date is played again
PLAYED = "played"  # the holiday evenings the organizer plays on after all


@login_required
def new_season(request: HttpRequest) -> HttpResponse:
    """GET shows the wizard for a preset; POST "preset" switches preset, "preview" shows the
    calendar again, "save" creates the season and its rounds when all is valid."""
    require_any_organizer(request.user)
    leagues = organized_leagues(request.user)
    if request.method != "POST":
        preset = _preset(request.GET.get("preset"))
        initial = _initial(preset, default_league(request, leagues))
        return _page(request, SeasonForm(leagues, initial=initial), RulesForm(preset))
    post = request.POST
    preset = _preset(post.get("preset"))
    saving = post.get("action") == "save"
    # A preset picked and not used yet (its rules are not on the page) is used first.
    if post.get("action") == "preset" or _preset(post.get(SHOWN_PRESET, preset)) != preset:
        return _preset_used(request, leagues, preset, saving=saving)
    season_form = SeasonForm(leagues, post)
    rules_form = RulesForm(preset, post)
    valid = all([season_form.is_valid(), rules_form.is_valid()])  # every field's message
    if season_form.cleaned_data.get("league") is not None:
        remember_league(request, season_form.cleaned_data["league"])
    if not valid:
        if saving:
            messages.error(request, NOT_CREATED)
        return _page(request, season_form, rules_form, _calendar_kept(post, season_form, preset))
    assert rules_form.rules is not None
    rules = rules_form.rules
    data = season_form.cleaned_data
    calendar = _calendar(post, data["start"], rules, data["league"]) if _has_rounds(rules) else None
    if saving and calendar and calendar.refused:
        messages.error(request, NOT_CREATED)
    elif saving and calendar and calendar.changed:
        _say_what_changed(request, season_form, rules_form, calendar)
    if not saving or (calendar and (calendar.refused or calendar.changed)):
        return _page(request, season_form, rules_form, calendar)
    if calendar is None and data["end"] is None:
        season_form.add_error("end", _("An open-play season needs its end date."))
        messages.error(request, NOT_CREATED)
        return _page(request, season_form, rules_form)
    dates = calendar.dates if calendar else []
    start = min([data["start"], *dates])
    try:
        season = create_season(
            data["league"],
            name=data["name"],
            slug=data["slug"],
            preset=preset,
            rules=rules.to_dict(),
            start=start,
            end=max([start, *dates]) if calendar else max(start, data["end"]),
            round_dates=dates,
            actor=request.user,
        )
    except ActionError as error:
        return refused(request, error, reverse("manage:new_season"))
    messages.success(
        request,
        ngettext(
            "Created “%(name)s” with %(count)s round.",
            "Created “%(name)s” with %(count)s rounds.",
            len(dates),
        )
        % {"name": season.name, "count": len(dates)},
    )
    return HttpResponseRedirect(reverse("manage:season", args=[season.slug]))


def _preset_used(
    request: HttpRequest, leagues: QuerySet[League], preset: str, *, saving: bool
) -> HttpResponse:
    """The page of a newly chosen preset: its rules and calendar, the season's league, name
    and address kept; a "Create" pressed with it is refused, saying so."""
    post = request.POST
    league = leagues.filter(pk=parse_id(post.get("league"))).first()
    if league is None:
        league = default_league(request, leagues)
    else:
        remember_league(request, league)
    initial = {
        **_initial(preset, league),
        **{key: post.get(key, "") for key in ("name", "slug")},
    }
    if saving:
        messages.error(request, NOT_CREATED_PRESET % {"preset": league_preset_name(preset)})
    else:
        messages.info(request, PRESET_USED % {"preset": league_preset_name(preset)})
    return _page(
        request,
        SeasonForm(leagues, initial=initial),
        RulesForm(preset),
        preset_note=str(PRESET_FOLLOWED) if saving else "",
    )


def _say_what_changed(
    request: HttpRequest, season_form: SeasonForm, rules_form: RulesForm, calendar: Calendar
) -> None:
    """A "Create" refused because the calendar was made again: why, at the top and beside
    the field that changed (above the calendar for a skipped date)."""
    beside: dict[str, tuple[forms.Form, str]] = {
        "start": (season_form, "start"),
        "weekdays": (rules_form, WEEKDAYS_FIELD),
        "rounds": (rules_form, ROUNDS_FIELD),
    }
    sentences = [str(CALENDAR_CHANGES[change]) for change in calendar.changes]
    for change, sentence in zip(calendar.changes, sentences, strict=True):
        if change in beside:
            form, field = beside[change]
            form.add_error(field, sentence)
        else:
            calendar.notes.append(sentence)
    messages.error(request, NOT_CREATED_CHANGED % {"why": " ".join(sentences)})


def _calendar_kept(post: QueryDict, season_form: SeasonForm, preset: str) -> Calendar | None:
    """The calendar as the organizer left it, shown again while he fixes a bad value: the
    preset's rules with the posted weekdays and number of rounds (when those are good)."""
    start = season_form.cleaned_data.get("start") if season_form.is_bound else None
    if start is None:
        return None
    overrides: dict[str, Any] = {"schedule": {"weekdays": post.getlist(WEEKDAYS_FIELD)}}
    rounds = str(post.get(ROUNDS_FIELD, "")).strip()
    if rounds.isdigit():
        overrides["rounds_in_season"] = int(rounds)
    try:
        rules = LeagueRules.from_preset(preset, overrides)
    except RulesError:
        return None
    if not _has_rounds(rules):
        return None
    return _calendar(post, start, rules, season_form.cleaned_data.get("league"))


def _preset(name: str | None) -> str:
    return name if name in PRESETS else DEFAULT_PRESET


def _has_rounds(rules: LeagueRules) -> bool:
    return rules.has_rounds and rules.rounds_in_season is not None


def _initial(preset: str, league: League | None) -> dict[str, Any]:
    """The wizard's first values: the league, the preset, the next round day."""
    weekdays = preset_dict(preset)["schedule"]["weekdays"] or list(WEEKDAYS)
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    return {
        "league": league,
        "preset": preset,
        "start": generate_dates(tomorrow, weekdays, 1)[0],
    }


def _page(
    request: HttpRequest,
    season_form: SeasonForm,
    rules_form: RulesForm,
    calendar: Calendar | None = None,
    preset_note: str = "",
) -> HttpResponse:
    if calendar is None and not season_form.is_bound:
        calendar = _first_calendar(season_form, rules_form)
    return render(
        request,
        "manage/season_new.html",
        {
            "season_form": season_form,
            "rules_form": rules_form,
            "calendar": calendar,
            "kind": preset_dict(rules_form.preset)["kind"],
            "preset_name": league_preset_name(rules_form.preset),
            "preset_note": preset_note,
            "latin_letters": LATIN_LETTERS,  # the page's script suggests the same slug
        },
    )


def _first_calendar(season_form: SeasonForm, rules_form: RulesForm) -> Calendar | None:
    """The calendar of the preset's rules from the initial start (shown before any POST)."""
    rules = LeagueRules.from_preset(rules_form.preset)
    if not _has_rounds(rules):
        return None
    return _calendar({}, season_form.initial["start"], rules, season_form.initial.get("league"))


def _calendar(
    post: Mapping[str, Any], start: dt.date, rules: LeagueRules, league: League | None
) -> Calendar:
    """The round dates from `start` on the rules' weekdays, with the organizer's moves and
    skips from `post` (the dates he saw are kept when the start and weekdays are the same)."""
    count = rules.rounds_in_season or 0
    weekdays = rules.schedule.weekdays
    basis = f"{start.isoformat()}|{','.join(weekdays)}|{count}"
    kinds = league.skipped_holidays if league else DEFAULT_SKIPPED
    unskipped = _unskipped(post)
    played = frozenset(_iso_dates(str(post.get(PLAYED, "")))) | unskipped
    skipped = set(_iso_dates(str(post.get("skipped", "")))) - unskipped
    errors: list[str] = []
    row_errors: dict[int, list[str]] = {}
    changes = _basis_changes(str(post.get("basis", "")), basis)
    kept: list[dt.date] = []
    if not changes:
        shown, row_errors = _shown_dates(post, count)
        # a tournament is one evening: its date is moved, not skipped
        newly = {
            date
            for n, date in enumerate(shown, 1)
            if date and post.get(f"skip-{n}") and not rules.is_tournament
        }
        skipped |= newly
        changes = ("skip",) if newly else ("unskip",) if unskipped else ()
        kept = _with_dates([d for d in shown if d is not None and d not in skipped], unskipped)
    holidays: dict[dt.date, HolidayEvening] = {}
    if rules.is_tournament:
        dates = tournament_dates(start, count, after=kept)
    else:
        dates, holidays = without_holidays(
            lambda skips: generate_dates(
                start, weekdays, count, skips, after=[d for d in kept if d not in skips]
            ),
            skipped,
            kinds,
            played,
        )
    if not changes and set(holidays) - skipped:
        changes = ("holiday",)
    skipped |= set(holidays)
    if len(dates) < count:
        errors.append(
            _("Only %(found)s of %(count)s round dates were found: choose the weekdays.")
            % {"found": len(dates), "count": count}
        )
    for number in out_of_order(dates, same_day=rules.is_tournament):
        row_errors.setdefault(number, []).append(
            _("Round %(number)s (%(date)s) must come after round %(previous)s (%(before)s).")
            % {
                "number": number,
                "date": date_format(dates[number - 1], "SHORT_DATE_FORMAT"),
                "previous": number - 1,
                "before": date_format(dates[number - 2], "SHORT_DATE_FORMAT"),
            }
        )
    # a round's message whose row is gone (fewer dates than rounds) is the calendar's own
    errors += [e for n, texts in sorted(row_errors.items()) if n > len(dates) for e in texts]
    zone = league_zone(league.timezone if league else "")
    rows = [
        _row(n, d, rules, zone, tuple(row_errors.get(n, ())), evening_holiday(d, kinds))
        for n, d in enumerate(dates, 1)
    ]
    today = timezone.localdate(timezone=zone)
    return Calendar(
        basis,
        dates,
        sorted(skipped),
        rows,
        errors,
        changes,
        [],
        holidays,
        played & set(dates),
        today if dates and min(dates) < today else None,
    )


def _unskipped(post: Mapping[str, Any]) -> frozenset[dt.date]:
    """The skipped dates the organizer unticked (the page listed them, each ticked)."""
    if post.get(SKIPS_SHOWN) != "1" or not isinstance(post, QueryDict):
        return frozenset()
    ticked = set(_iso_dates(",".join(post.getlist(SKIP_DATE))))
    return frozenset(_iso_dates(str(post.get("skipped", "")))) - ticked


def _with_dates(dates: list[dt.date], more: Collection[dt.date]) -> list[dt.date]:
    """`dates` (in the organizer's order) with each of `more` put back in its place."""
    for day in sorted(more):
        at = next((i for i, date in enumerate(dates) if date > day), len(dates))
        dates.insert(at, day)
    return dates


def _basis_changes(seen: str, basis: str) -> tuple[str, ...]:
    """What differs between the calendar's basis the organizer saw and the new one: the
    BASIS_PARTS that changed, ("new",) when he saw none."""
    before, now = seen.split("|"), basis.split("|")
    if len(before) != len(BASIS_PARTS):
        return ("new",)
    return tuple(
        part for part, old, new in zip(BASIS_PARTS, before, now, strict=True) if old != new
    )


def _shown_dates(
    post: Mapping[str, Any], count: int
) -> tuple[list[dt.date | None], dict[int, list[str]]]:
    """The round dates the organizer sent (None where one is missing or past the calendar's
    reach) and the message of each round whose date is refused."""
    shown: list[dt.date | None] = []
    errors: dict[int, list[str]] = {}
    for number in range(1, count + 1):
        date = _iso_date(str(post.get(f"round-{number}", "")))
        if date is None:
            errors[number] = [_("Round %(number)s: give a date.") % {"number": number}]
        elif not can_extend(date):
            errors[number] = [too_late(_("The date of round %(number)s") % {"number": number})]
            date = None
        shown.append(date)
    return shown, errors


def _row(
    number: int,
    date: dt.date,
    rules: LeagueRules,
    zone: Any,
    errors: tuple[str, ...],
    holiday: HolidayEvening | None = None,
) -> CalendarRow:
    times = round_times(date, rules.schedule, zone)
    method = rules.draw_method_for(number, date)
    return CalendarRow(
        number=number,
        date=date,
        weekday=str(WEEKDAY_NAMES[WEEKDAYS[date.weekday()]]),
        deadline=times.deadline.time(),
        draw_publish=times.draw_publish.time(),
        results_publish=times.results_publish.time(),
        results_next_day=times.results_publish.date() != date,
        draw_method=str(Round.DrawMethod(method).label),
        errors=errors,
        holiday=holiday.name if holiday else "",
    )


def _iso_date(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        return None


def _iso_dates(text: str) -> list[dt.date]:
    return [d for d in (_iso_date(part) for part in text.split(",")) if d is not None]
