""" "Your table is drawn": when a round's draw is published, to each seated player with an
account: his table, the other players, the evening and where the league plays, and a button
to his table's page (key "table:<id>"); to each registered player left without a table (a
reserve), that he is one and that he hears again if he is brought in (key "reserve:<round
id>"). A draw changed after its publication (a swap, a reserve brought in) tells each player
whose place changed his new one, saying it replaces the e-mail before; a place he was told
before and left, then given again, is told again (key "table:<id>:<n>", his n-th letter).
Players without an account get their private links through the organizer, as before."""

from __future__ import annotations

from functools import partial

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.site import absolute_url
from draws.stored import reserve_registrations
from league.models import Round, Seat, Table
from league.round_names import round_in_sentence
from league.rules import LeagueRules
from mail.kinds import Kind
from mail.letters import Letter
from mail.outbox import enqueue
from notices.told import told_places
from publishing.messages import day_and_time, isolated_name, play_place_lines


def drawn_letter(
    table: Table, seats: list[Seat], player_id: int, rules: LeagueRules, *, changed: bool = False
) -> Letter:
    """The letter to the player `player_id` seated at `table` (its `seats`), in the active
    language; `changed`: he was told another place in this draw before."""
    round_ = table.round
    league = round_.season.league
    named = round_in_sentence(rules, round_.number)
    others = ", ".join(isolated_name(s.player.name) for s in seats if s.player_id != player_id)
    evening = day_and_time(round_.date, rules.schedule.play_start)
    return Letter(
        subject=_subject(round_, rules),
        paragraphs=(
            *_changed(changed),
            _("You play at table %(table)s in %(round)s, %(date)s.")
            % {"table": table.number, "round": named, "date": evening},
            _("At your table: %(players)s.") % {"players": others},
            *play_place_lines(league.play_link, league.join_time),
        ),
        action=(_("Your table"), absolute_url(reverse("games:table", args=[table.pk]))),
    )


def reserve_letter(round_: Round, rules: LeagueRules, *, changed: bool = False) -> Letter:
    """The letter to a reserve of `round_` (registered, left without a table), in the active
    language; `changed`: he was told a table in this draw before (swapped out)."""
    league = round_.season.league
    named = round_in_sentence(rules, round_.number)
    evening = day_and_time(round_.date, rules.schedule.play_start)
    return Letter(
        subject=_subject(round_, rules),
        paragraphs=(
            *_changed(changed),
            _("You are a reserve in %(round)s, %(date)s: there is no seat for you at the tables.")
            % {"round": named, "date": evening},
            _(
                "If a seat comes free, the organizer may bring you in: you will then get "
                "an e-mail with your table."
            ),
            *play_place_lines(league.play_link, league.join_time),
        ),
        action=(
            _("The draw"),
            absolute_url(reverse("web:round", args=[round_.season.slug, round_.number])),
        ),
    )


def _subject(round_: Round, rules: LeagueRules) -> str:
    drawn = capfirst(_("%(round)s draw") % {"round": round_in_sentence(rules, round_.number)})
    return f"{isolated_name(round_.season.league.name)}: {drawn}"


def _changed(changed: bool) -> tuple[str, ...]:
    """The opening line of a letter about a place changed after the draw was published."""
    if not changed:
        return ()
    return (
        _(
            "The draw was changed after it was published, and so was your place: this "
            "e-mail replaces the one you got before. The draw's page gives the reason."
        ),
    )


def tell_tables(round_: Round, rules: LeagueRules) -> int:
    """Enqueue the letters of the round's published draw: to each of its seated players and
    its reserves whose last letter of this draw does not give his place now (none yet, or
    another place: moved, brought in, swapped out, or moved back to a place told before);
    returns how many were new."""
    tables = list(Table.objects.filter(round=round_).select_related("round__season__league"))
    seats_by_table: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(round=round_).select_related("player__user").order_by("table", "seat")
    ):
        seats_by_table.setdefault(seat.table_id, []).append(seat)
    reserve_place = f"reserve:{round_.pk}"
    told = told_places(Kind.TABLE_DRAWN, [*(f"table:{t.pk}" for t in tables), reserve_place])
    sent = 0
    for table in tables:
        seats = seats_by_table.get(table.pk, [])
        for seat in seats:
            user = seat.player.user
            key = user and _key_to_tell(user, f"table:{table.pk}", told)
            if user and key:
                compose = partial(
                    drawn_letter, table, seats, seat.player_id, rules, changed=user.pk in told
                )
                sent += enqueue(user, Kind.TABLE_DRAWN, key, compose)
    if not seats_by_table:  # no tables: nobody is a reserve of a draw
        return sent
    for registration in reserve_registrations(round_).select_related("player__user"):
        user = registration.player.user
        key = user and _key_to_tell(user, reserve_place, told)
        if user and key:
            compose = partial(reserve_letter, round_, rules, changed=user.pk in told)
            sent += enqueue(user, Kind.TABLE_DRAWN, key, compose)
    return sent


def _key_to_tell(user: User, place: str, told: dict[int, list[str]]) -> str | None:
    """The key of the letter telling `user` his `place`, or None when there is none to send
    (no address, or his last letter gave this place). A place he was told before and then
    left gets a new key: its letter is his next one (`table:7:3`, the third)."""
    if not user.email:
        return None
    places = told.get(user.pk, [])
    if places and places[-1] == place:
        return None
    return place if place not in places else f"{place}:{len(places) + 1}"
