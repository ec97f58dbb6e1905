""" "A result waits for your confirmation": when a player enters his table's result, to the
other players at the table with an account (key "version:<id>"), and once more a set time
later while nobody has confirmed it ("version:<id>:again"). The button opens the table's
page, where he confirms or disputes it."""

from __future__ import annotations

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.site import absolute_url
from games.models import ResultVersion
from league.models import Seat
from league.round_names import round_in_sentence
from league.rules import LeagueRules
from mail.kinds import Kind
from mail.letters import Letter
from mail.outbox import enqueue
from notices.told import already_told
from publishing.messages import isolated_name


def entered_by(version: ResultVersion, seats: list[Seat]) -> str:
    """Who entered the version: his player's name, else his account's name ("" for none)."""
    if version.entered_player_id is not None:
        for seat in seats:
            if seat.player_id == version.entered_player_id:
                return seat.player.name
    return version.entered_by.get_username() if version.entered_by is not None else ""


def confirm_letter(
    version: ResultVersion, seats: list[Seat], rules: LeagueRules, *, again: bool
) -> Letter:
    """The call to confirm `version` (of a table seated `seats`), in the active language;
    `again`: the second call, nobody having confirmed it."""
    table = version.table
    named = round_in_sentence(rules, table.round.number)
    place = {"table": table.number, "round": named}
    subject = (
        _("Still waiting for your confirmation: table %(table)s, %(round)s")
        if again
        else _("A result waits for your confirmation: table %(table)s, %(round)s")
    )
    by = entered_by(version, seats)
    entered = (
        _("%(player)s entered the result of table %(table)s in %(round)s.")
        % {"player": isolated_name(by), **place}
        if by
        else capfirst(_("the result of table %(table)s in %(round)s was entered.") % place)
    )
    names = {seat.seat: seat.player.name for seat in seats}
    scores = ", ".join(
        f"{isolated_name(names.get(seat, '?'))} {score}"
        for seat, score in enumerate(version.scores)
    )
    paragraphs = [entered, _("Scores: %(scores)s.") % {"scores": scores}]
    if again:
        paragraphs.append(_("Nobody at the table has confirmed it yet."))
    paragraphs.append(_("Check it and confirm it, or dispute it if it is wrong."))
    return Letter(
        subject=subject % place,
        paragraphs=tuple(paragraphs),
        action=(_("Check and confirm"), absolute_url(reverse("games:table", args=[table.pk]))),
    )


def ask_to_confirm(version: ResultVersion, rules: LeagueRules, *, again: bool = False) -> int:
    """Enqueue the calls to confirm `version` to the table's other players with an account
    (each once); returns how many were new. The one who entered it is not asked."""
    seats = list(
        Seat.objects.filter(table_id=version.table_id)
        .select_related("player__user")
        .order_by("seat")
    )
    key = f"version:{version.pk}:again" if again else f"version:{version.pk}"

    def compose() -> Letter:
        return confirm_letter(version, seats, rules, again=again)

    told = already_told(Kind.CONFIRM_RESULT, [key])
    sent = 0
    for seat in seats:
        user = seat.player.user
        if user is None or not user.email or (user.pk, key) in told:
            continue
        if seat.player_id == version.entered_player_id or user.pk == version.entered_by_id:
            continue  # the one who entered it
        sent += enqueue(user, Kind.CONFIRM_RESULT, key, compose)
    return sent
