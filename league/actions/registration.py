"""Registration actions: players register and unregister, organizers close and reopen."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.acting import acting_user
from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from league.actions.common import (
    acts_as_organizer,
    lock_round,
    registration_deadline,
    require_organizer_for,
    season_rules,
)
from league.models import Player, Registration, Round
from league.round_names import is_final_table, round_in_sentence, round_title
from league.rules import LeagueRules
from league.signals import announce_season_change


def _in_sentence(round_: Round) -> str:
    """The round as a sentence names it: "round 3", or a tournament's "stage 2"."""
    return round_in_sentence(season_rules(round_.season), round_.number)


def _user_id(actor: Actor) -> int | None:
    """The id of a logged-in user; None for SYSTEM and anonymous visitors."""
    return actor.pk if getattr(actor, "is_authenticated", False) else None


def players_register_for(round_: Round, rules: LeagueRules | None = None) -> bool:
    """Whether players register themselves for the round: every round of a league, and only
    the first stage of a tournament (a later stage takes the players of the stage before,
    plus the latecomers the organizer adds; the final table takes the top 4). `rules`: its
    season's, when the caller has them already."""
    rules = rules or season_rules(round_.season)
    return not (rules.is_tournament and round_.number > 1)


def can_register_now(round_: Round, rules: LeagueRules | None = None) -> bool:
    """Open for players: a round they register for, status open and before the deadline
    (organizers ignore the deadline). `rules`: its season's, when the caller has them."""
    rules = rules or season_rules(round_.season)
    if round_.status != Round.Status.OPEN or not players_register_for(round_, rules):
        return False
    return timezone.now() < registration_deadline(round_, rules)


def _refuse_final_table(round_: Round) -> None:
    """Nobody registers for a tournament's final table, not even an organizer: its draw seats
    the top 4 of the standing and would leave a registered latecomer out without a word."""
    if is_final_table(season_rules(round_.season), round_.number):
        raise ActionError(
            ActionCode.FINAL_TABLE_NO_REGISTRATION,
            _(
                "Nobody registers for the final table: its draw seats the top 4 of the "
                "tournament standing."
            ),
        )


def _check_open(round_: Round, actor: Actor, player: Player | None) -> bool:
    """Refuse unless `actor` may change `player`'s registration now; True for organizers."""
    organizer = acts_as_organizer(actor, round_)
    if player is not None and not organizer and player.user_id != _user_id(actor):
        raise ActionError(ActionCode.FORBIDDEN, _("You may only register or unregister yourself."))
    if not organizer and not players_register_for(round_):
        raise ActionError(
            ActionCode.FORBIDDEN,
            _(
                "Players register only for the first stage of a tournament: %(round)s takes "
                "its players from the stages before it, and the organizer adds latecomers."
            )
            % {"round": round_title(season_rules(round_.season), round_.number)},
        )
    if round_.status in (Round.Status.DRAWN, Round.Status.IN_PLAY, Round.Status.FINISHED):
        raise ActionError(
            ActionCode.ROUND_DRAWN,
            _("%(round)s is already drawn; registration cannot change.")
            % {"round": capfirst(_in_sentence(round_))},
        )
    if round_.status == Round.Status.CLOSED:
        raise ActionError(
            ActionCode.ROUND_CLOSED,
            _("Registration for %(round)s is closed.") % {"round": _in_sentence(round_)},
        )
    if not organizer:
        deadline = registration_deadline(round_, season_rules(round_.season))
        if timezone.now() >= deadline:
            raise ActionError(
                ActionCode.DEADLINE_PASSED,
                _("Registration for %(round)s closed at %(deadline)s.")
                % {
                    "round": _in_sentence(round_),
                    "deadline": date_format(
                        timezone.localtime(deadline, deadline.tzinfo), "SHORT_DATETIME_FORMAT"
                    ),
                },
            )
    return organizer


def register_players(
    round_: Round, players: Sequence[Player], *, actor: Actor = SYSTEM
) -> list[tuple[Player, bool]]:
    """Register `players` for the round, all or none; already registered ones are kept as is.

    `actor` None is the command line; a player may register only himself before the
    deadline; an organizer of the league may register anyone while the round is open.
    """
    with transaction.atomic():
        locked = lock_round(round_.pk)
        _refuse_final_table(locked)
        organizer = False
        for player in players:
            organizer = _check_open(locked, actor, player)
        existing = set(
            Registration.objects.filter(
                round=locked, player__in=[p.pk for p in players]
            ).values_list("player_id", flat=True)
        )
        created: list[tuple[Player, bool]] = []
        for player in players:
            if player.pk in existing:
                created.append((player, False))
                continue
            Registration.objects.create(
                round=locked,
                player=player,
                created_by=acting_user(actor),
            )
            existing.add(player.pk)
            created.append((player, True))
        new = [p.name for p, made in created if made and _on_behalf(actor, p)]
        if organizer and new:
            record_audit(
                actor,
                locked.season.league_id,
                "register",
                f"{locked}: registered {', '.join(new)}",
                round_id=locked.pk,
                players=new,
            )
        if any(made for _player, made in created):
            announce_season_change(locked.season_id)
    return created


def _on_behalf(actor: Actor, player: Player) -> bool:
    """True when the change is made for someone else (then it goes to the audit log)."""
    return player.user_id is None or player.user_id != _user_id(actor)


def register_player(round_: Round, player: Player, *, actor: Actor = SYSTEM) -> bool:
    """Register one player; True when newly registered (see register_players)."""
    return register_players(round_, [player], actor=actor)[0][1]


def unregister_player(round_: Round, player: Player, *, actor: Actor = SYSTEM) -> bool:
    """Remove a registration before the draw; True when there was one to remove."""
    with transaction.atomic():
        locked = lock_round(round_.pk)
        organizer = _check_open(locked, actor, player)
        deleted, _rows = Registration.objects.filter(round=locked, player=player).delete()
        if deleted and organizer and _on_behalf(actor, player):
            record_audit(
                actor,
                locked.season.league_id,
                "unregister",
                f"{locked}: unregistered {player.name}",
                round_id=locked.pk,
                player=player.name,
            )
        if deleted:
            announce_season_change(locked.season_id)
    return bool(deleted)


def close_registration(round_: Round, *, actor: Actor = SYSTEM) -> bool:
    """Close registration (organizer or the scheduler); True when it was open."""
    return _set_open(round_, actor, opening=False)


def reopen_registration(round_: Round, *, actor: Actor = SYSTEM) -> bool:
    """Reopen a closed, not yet drawn round; True when it was closed."""
    return _set_open(round_, actor, opening=True)


def _set_open(round_: Round, actor: Actor, *, opening: bool) -> bool:
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        before, after = (
            (Round.Status.CLOSED, Round.Status.OPEN)
            if opening
            else (Round.Status.OPEN, Round.Status.CLOSED)
        )
        if locked.status == after:
            return False
        if locked.status != before:
            raise ActionError(
                ActionCode.ROUND_DRAWN,
                _("%(round)s is already drawn; registration cannot change.")
                % {"round": capfirst(_in_sentence(locked))},
            )
        locked.status = after
        locked.save(update_fields=["status"])
        record_audit(
            actor,
            locked.season.league_id,
            "reopen_registration" if opening else "close_registration",
            f"{locked}: registration {'reopened' if opening else 'closed'}",
            round_id=locked.pk,
        )
        announce_season_change(locked.season_id)
        round_.status = after
    return True


LATECOMER_STATUSES = (Round.Status.CLOSED, Round.Status.DRAWN)


def register_latecomers(
    round_: Round, players: Sequence[Player], *, actor: Actor = SYSTEM
) -> list[tuple[Player, bool]]:
    """An organizer registers latecomers after registration closed, without reopening it:
    before the draw they are drawn like everyone; after it they are reserves (bring one in
    with a swap, which needs a reason). Returns each player with whether he was registered
    now (False: he was already), as register_players does."""
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        _refuse_final_table(locked)
        if locked.status not in LATECOMER_STATUSES:
            raise ActionError(
                ActionCode.NOT_LATECOMER_TIME,
                _(
                    "Latecomers are added to %(round)s after registration closes and "
                    "before play starts."
                )
                % {"round": _in_sentence(locked)},
            )
        existing = set(
            Registration.objects.filter(
                round=locked, player__in=[p.pk for p in players]
            ).values_list("player_id", flat=True)
        )
        new = [p for p in players if p.pk not in existing]
        for player in new:
            Registration.objects.create(
                round=locked,
                player=player,
                created_by=acting_user(actor),
            )
        if new:
            names = [p.name for p in new]
            record_audit(
                actor,
                locked.season.league_id,
                "register_latecomer",
                f"{locked}: latecomer{'s' if len(names) > 1 else ''} {', '.join(names)}",
                round_id=locked.pk,
                players=names,
            )
            announce_season_change(locked.season_id)
    return [(player, player.pk not in existing) for player in players]
