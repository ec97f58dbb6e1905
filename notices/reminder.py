"""The registration reminder: a set time before a round's registration deadline, to the
players of the season's last four rounds who have not registered for it (key "round:<id>")."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.formats import time_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.site import absolute_url
from league.models import Player, Round
from league.round_names import round_in_sentence
from league.rules import LeagueRules
from mail.kinds import Kind
from mail.letters import Letter
from mail.outbox import enqueue
from notices.told import already_told
from publishing.messages import day_and_time

RECENT_ROUNDS = 4


def recent_players(round_: Round) -> QuerySet[Player]:
    """The players with an account and an address who played (have a result in) one of the
    season's last four rounds before `round_` and are not registered for it."""
    recent = list(
        Round.objects.filter(season_id=round_.season_id, number__lt=round_.number)
        .order_by("-number")
        .values_list("number", flat=True)[:RECENT_ROUNDS]
    )
    return (
        Player.objects.filter(
            results__season_id=round_.season_id,
            results__round_number__in=recent,
            user__isnull=False,
        )
        .exclude(user__email="")
        .exclude(registrations__round=round_)
        .select_related("user")
        .distinct()
        .order_by("pk")
    )


def reminder_letter(round_: Round, rules: LeagueRules, deadline: dt.datetime) -> Letter:
    """The reminder in the active language: the round, its evening and when registration
    closes (`deadline`, in league time), and a button to /me/, where he registers."""
    named = round_in_sentence(rules, round_.number)
    closes = time_format(deadline.time(), "TIME_FORMAT")
    evening = day_and_time(round_.date, rules.schedule.play_start)
    return Letter(
        subject=capfirst(
            _("Registration for %(round)s closes at %(time)s") % {"round": named, "time": closes}
        ),
        paragraphs=(
            capfirst(_("%(round)s is on %(date)s.") % {"round": named, "date": evening}),
            _("You played in one of the last rounds and are not registered for this one."),
            _("Registration closes at %(time)s.") % {"time": closes},
        ),
        action=(_("Register on your page"), absolute_url(reverse("web:my_rounds"))),
    )


def remind(round_: Round, rules: LeagueRules, deadline: dt.datetime) -> int:
    """Enqueue the round's reminders (each once); returns how many were new. `deadline` is
    in the league's time zone."""

    def compose() -> Letter:
        return reminder_letter(round_, rules, deadline)

    key = f"round:{round_.pk}"
    told = already_told(Kind.REMINDER, [key])
    return sum(
        enqueue(player.user, Kind.REMINDER, key, compose)
        for player in recent_players(round_)
        if (player.user_id, key) not in told
    )
