"""Account actions: claim a player record; organizers decide claims, invite and import players."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import PlayerClaim
from core.acting import acting_user
from core.actor import Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from core.permissions import is_any_organizer
from core.unstorable import first_unstorable
from league.actions.players import clean_player_name, confirmed_players, get_or_create_players
from league.models import Player
from league.name_match import name_key
from league.permissions import claims_scope, league_of_player_action, may_link_player
from mail.kinds import Kind
from mail.letters import Letter
from mail.outbox import enqueue
from mail.recipients import remember_language

MAX_CSV_ROWS = 2000


def request_claim(user: Any, player: Player) -> PlayerClaim:
    """A signed-up user asks to become `player`; one pending claim per user at a time."""
    if Player.objects.filter(user_id=user.pk).exists():
        raise ActionError(ActionCode.CONFLICT, _("Your account is already linked to a player."))
    if player.user_id is not None:
        raise ActionError(
            ActionCode.CONFLICT,
            _("%(player)s is already linked to an account.") % {"player": player.name},
        )
    try:
        with transaction.atomic():
            return PlayerClaim.objects.create(user=user, player=player)
    except IntegrityError:
        raise ActionError(
            ActionCode.CONFLICT, _("You already have a claim waiting for an organizer.")
        ) from None


def decide_claim(claim_id: int, *, approve: bool, actor: Actor) -> PlayerClaim:
    """An organizer approves (linking user and player) or rejects a pending claim."""
    if not is_any_organizer(actor):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer may decide claims."))
    with transaction.atomic():
        claim = (
            PlayerClaim.objects.select_for_update()
            .select_related("player", "user")
            .filter(pk=claim_id)
            .first()
        )
        if claim is None:
            raise ActionError(ActionCode.UNKNOWN, _("There is no such claim."))
        if not PlayerClaim.objects.filter(claims_scope(actor), pk=claim.pk).exists():
            raise ActionError(
                ActionCode.FORBIDDEN,
                _(
                    "%(player)s plays in leagues you do not organize: "
                    "an organizer of his league decides this claim."
                )
                % {"player": claim.player.name},
            )
        if claim.status != PlayerClaim.Status.PENDING:
            raise ActionError(ActionCode.CONFLICT, _("This claim was already decided."))
        player = Player.objects.select_for_update().get(pk=claim.player_id)
        if approve:
            if player.user_id is not None or Player.objects.filter(user=claim.user).exists():
                raise ActionError(
                    ActionCode.CONFLICT,
                    _("The player or the account is already linked; reject this claim."),
                )
            player.user = claim.user
            player.save(update_fields=["user"])
        claim.status = PlayerClaim.Status.APPROVED if approve else PlayerClaim.Status.REJECTED
        claim.decided_by = acting_user(actor)
        claim.decided_at = timezone.now()
        claim.save(update_fields=["status", "decided_by", "decided_at"])
        record_audit(
            actor,
            league_of_player_action(actor, player),
            "claim_approve" if approve else "claim_reject",
            f"{claim.user.get_username()} as {player.name}: {claim.status}",
            claim_id=claim.pk,
            user=claim.user.get_username(),
            player=player.name,
        )
    return claim


@dataclass(frozen=True)
class CsvProblem:
    """A bad line of a player CSV: its line number and what is wrong."""

    line: int
    message: str


def parse_player_csv(text: str) -> tuple[list[str], list[CsvProblem]]:
    """Player names from a CSV with a `name` column (other columns are ignored)."""
    bad = first_unstorable(text)
    if bad is not None:
        line = text.count("\n", 0, bad) + 1
        return [], [
            CsvProblem(
                line,
                _(
                    "This line contains a character that is not allowed (a NUL byte or a lone "
                    "surrogate)."
                ),
            )
        ]
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        return _read_player_names(reader)
    except csv.Error as error:
        line = max(reader.line_num, 1)
        return [], [CsvProblem(line, _("This line is not valid CSV (%s).") % error)]


def _read_player_names(reader: csv.DictReader[str]) -> tuple[list[str], list[CsvProblem]]:
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    if "name" not in fields:
        return [], [CsvProblem(1, _("The first line must be a header with a 'name' column."))]
    column = (reader.fieldnames or [])[fields.index("name")]
    names: list[str] = []
    keys: set[str] = set()
    problems: list[CsvProblem] = []
    for row in reader:
        line = reader.line_num
        if len(names) + len(problems) >= MAX_CSV_ROWS:
            problems.append(CsvProblem(line, _("Too many lines (at most %d).") % MAX_CSV_ROWS))
            break
        try:
            name = clean_player_name(row.get(column) or "", column)
        except ActionError as error:
            problems.append(CsvProblem(line, error.message))
            continue
        if name_key(name) in keys:
            problems.append(CsvProblem(line, _("%(name)s is listed twice.") % {"name": name}))
            continue
        names.append(name)
        keys.add(name_key(name))
    if not names and not problems:
        problems.append(CsvProblem(1, _("The file lists no players.")))
    return names, problems


def read_player_csv(text: str) -> list[str]:
    """The names of a player CSV; refuses with the first problems and their lines."""
    names, problems = parse_player_csv(text)
    if problems:
        raise ActionError(
            ActionCode.PLAYER_FILE_INVALID,
            "; ".join(
                _("line %(line)d: %(message)s") % {"line": p.line, "message": p.message}
                for p in problems[:10]
            ),
        )
    return names


def import_players(
    text: str, *, actor: Actor, choices: Mapping[str, str] | None = None
) -> tuple[list[str], list[str]]:
    """Create the players of a CSV, all or nothing; returns (created, already there).

    A name near an existing player's is created or matched only as `choices` says
    (league.actions.players.confirmed_players); a name written like one is that player.
    """
    if not is_any_organizer(actor):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer may import players."))
    return import_player_names(read_player_csv(text), actor=actor, choices=choices)


def import_player_names(
    names: Sequence[str], *, actor: Actor, choices: Mapping[str, str] | None = None
) -> tuple[list[str], list[str]]:
    """Create the confirmed new players among `names` (see import_players)."""
    if not is_any_organizer(actor):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer may import players."))
    with transaction.atomic():
        before = set(Player.objects.values_list("pk", flat=True))
        players = confirmed_players(names, choices)
        created = [p.name for p in players if p.pk not in before]
        record_audit(
            actor, None, "import_players", f"imported {len(created)} players", players=created
        )
    return created, [p.name for p in players if p.pk in before]


def invite_player(name: str, email: str, *, actor: Actor, link_for: Callable[[Any], str]) -> Player:
    """Create (or find) the player `name` with an account for `email`, linked at once, and
    e-mail a link to choose a password (sent after the transaction commits).

    `link_for(user)` builds the absolute link to the set-password page.
    """
    if not is_any_organizer(actor):
        raise ActionError(ActionCode.FORBIDDEN, _("Only an organizer may invite players."))
    address = (email or "").strip().lower()
    try:
        validate_email(address)
    except ValidationError:
        raise ActionError(
            ActionCode.EMAIL_INVALID, _("%(email)s is not an e-mail address.") % {"email": email}
        ) from None
    User = get_user_model()
    with transaction.atomic():
        if User.objects.filter(Q(username__iexact=address) | Q(email__iexact=address)).exists():
            raise ActionError(
                ActionCode.CONFLICT,
                _("An account for %(email)s already exists.") % {"email": address},
            )
        player = get_or_create_players([name])[clean_player_name(name)]
        player = Player.objects.select_for_update().get(pk=player.pk)
        if not may_link_player(actor, player):
            raise ActionError(
                ActionCode.FORBIDDEN,
                _(
                    "%(player)s plays in leagues you do not organize: "
                    "an organizer of his league invites him."
                )
                % {"player": player.name},
            )
        if player.user_id is not None:
            raise ActionError(
                ActionCode.CONFLICT,
                _("%(player)s is already linked to an account.") % {"player": player.name},
            )
        user = User.objects.create_user(username=address, email=address)
        user.set_unusable_password()
        user.save(update_fields=["password"])
        player.user = user
        player.save(update_fields=["user"])
        record_audit(
            actor,
            league_of_player_action(actor, player),
            "invite",
            f"invited {player.name} <{address}>",
            player=player.name,
            address=address,
        )
        # His language until he chooses one: the page's the organizer invites him from.
        remember_language(user)
        link = link_for(user)
        enqueue(user, Kind.INVITATION, f"invite:{player.pk}", lambda: _invitation(player, link))
    return player


def _invitation(player: Player, link: str) -> Letter:
    """The invitation's words in the active language (the outbox sets the invited one's)."""
    return Letter(
        subject=_("Your Whist league account"),
        paragraphs=(
            _(
                "You have been invited to the Whist league as %(player)s. "
                "Choose your password here: %(link)s"
            )
            % {"player": player.name, "link": link},
        ),
    )
