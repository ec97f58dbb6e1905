"""Draw actions: draw a round's tables, swap players, publish the draw (RULES.md 3.1, 3.4).

The pure strategies live in `league.draw`; this layer reads the round's rule and
registrations, and writes Table and Seat rows in one transaction with the round locked.
Players go to the strategies by name (names are unique), so the recipe (sha256-v1) can be
redone from the published names and seed. Every draw is kept as a DrawRecord (a redraw
supersedes the previous one and needs a reason) and every later swap or reserve brought
in as a DrawChange with the organizer's reason; both are shown publicly once published.
A tournament stage's record also keeps its check (league.stage_check), made here when it is
drawn and again after each swap.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from core.actor import SYSTEM, Actor
from core.audit import record_audit
from core.errors import ActionCode, ActionError
from league.actions.common import lock_round, require_organizer_for, season_rules
from league.draw import SHA256_RECIPE, UNRECORDED_RECIPE, DrawError, make_draw
from league.draw_check import matches_seed
from league.models import DrawChange, DrawRecord, Player, Registration, Round, Seat, Table
from league.ranking import current_ranking
from league.round_names import round_title
from league.rules import FINAL_TABLE_SIZE
from league.signals import announce_season_change
from league.stage_check import SEATS, SEED, STANDING, recorded_draw, seats_follow
from league.tournament_draw import pairs_met

SEED_LIMIT = 2**31

DRAWN_STATUSES = (Round.Status.DRAWN, Round.Status.IN_PLAY, Round.Status.FINISHED)


@dataclass(frozen=True)
class DrawView:
    """A round's draw as stored: what the `draw` command prints (FORMATS.md 6)."""

    round: int
    method: str
    seed: int | None
    tables: list[list[Player]]
    reserves: list[Player]

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "method": self.method,
            "seed": self.seed,
            "tables": [[p.name for p in table] for table in self.tables],
            "reserves": [p.name for p in self.reserves],
        }


def ranking_list(
    round_: Round, players: list[Player], *, before_round: int | None = None
) -> list[dict[str, Any]]:
    """The starting list of a ranking draw: the registered ranked players best first with
    their rank, points, gap and games now (with `before_round`, from the games of the
    rounds before it), then the unranked (rank null) by name."""
    rows = {
        row.player: row
        for row in current_ranking(round_.season, before_round=before_round)
        if row.rank is not None
    }
    by_id = {p.pk: p for p in players}
    ranked = [
        {
            "player": by_id[player_id].name,
            "rank": row.rank,
            "points": float(row.points),
            "gap": round(float(row.gap), 2),
            "games": row.games,
        }
        for player_id, row in rows.items()
        if player_id in by_id
    ]
    unranked = [{"player": p.name, "rank": None} for p in players if p.pk not in rows]
    return ranked + unranked


def standing_list(round_: Round, players: list[Player]) -> list[dict[str, Any]]:
    """The starting list of a tournament stage after the first: the ranking list of the
    standing after the stages before it, each player with the players he met in them
    ("met", by name), so the draw can be redone and checked from its record."""
    starting = ranking_list(round_, players, before_round=round_.number)
    met = earlier_meetings(round_)
    for entry in starting:
        entry["met"] = sorted(met.get(entry["player"], ()))
    return starting


def current_record(round_: Round) -> DrawRecord | None:
    """The draw record that stands for the round (None for a round never drawn here)."""
    return DrawRecord.objects.filter(round=round_, superseded=False).first()


def _required_reason(reason: str, message: str) -> str:
    text = reason.strip()
    if not text:
        raise ActionError(ActionCode.REASON_MISSING, message)
    return text


def round_has_results(round_: Round) -> bool:
    """True when any table of the round has a stored game or a result entered."""
    return (
        round_.games.exists()  # reverse relations: the games layer is above the league
        or round_.tables.filter(result_versions__isnull=False).exists()
    )


def load_draw(round_: Round) -> DrawView:
    """The stored draw of a round (tables by number, players by seat; reserves in
    registration order) in two queries."""
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("player", "table")
        .order_by("table__number", "seat")
    )
    tables: dict[int, list[Player]] = {}
    for seat in seats:
        tables.setdefault(seat.table.number, []).append(seat.player)
    reserves = [
        r.player
        for r in Registration.objects.filter(round=round_)
        .exclude(Exists(Seat.objects.filter(round=round_, player=OuterRef("player"))))
        .select_related("player")
        .order_by("created_at", "id")
    ]
    # A round with tables but no draw on record (imported) says so: never a guess.
    return DrawView(
        round=round_.number,
        method=round_.draw_method or Round.DrawMethod.NOT_RECORDED,
        seed=round_.draw_seed,
        tables=list(tables.values()),
        reserves=reserves,
    )


def do_draw_round(
    round_: Round,
    *,
    actor: Actor = SYSTEM,
    seed: int | None = None,
    redraw: bool = False,
    reason: str = "",
) -> tuple[DrawView, bool]:
    """Draw the round by its league's rule; returns (the draw, whether it was made now).

    An already drawn round is returned unchanged unless `redraw`, which needs a `reason`
    (kept in the draw's history) and is refused once any result exists. A redraw of a
    published draw is published at once, so the public sees the new draw and why.
    Drawing closes registration. `seed` fixes a random draw's seed.
    """
    if seed is not None and not 0 <= seed < 2**63:
        raise ActionError(ActionCode.SEED_INVALID, _("The seed must be a whole number ≥ 0."))
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        was_published = locked.draw_published_at is not None
        if locked.status in DRAWN_STATUSES:
            if not redraw:
                return load_draw(locked), False
            if locked.status != Round.Status.DRAWN or round_has_results(locked):
                raise ActionError(
                    ActionCode.HAS_RESULTS,
                    _("Round %(number)s already has results; it cannot be drawn again.")
                    % {"number": locked.number},
                )
            reason = _required_reason(
                reason,
                _(
                    "Give a reason for drawing round %(number)s again: it is kept in the "
                    "draw's history, shown publicly once the draw is published."
                )
                % {"number": locked.number},
            )
            Table.objects.filter(round=locked).delete()
        rules = season_rules(locked.season)
        method = rules.draw_method_for(locked.number, locked.date)
        if method in ("standing", "final"):
            _require_earlier_stages_finished(locked, round_title(rules, locked.number))
        if method == "final":
            players = _final_table_players(locked)
        else:
            if method == "standing":
                _carry_over_players(locked)
            players = sorted(
                (
                    r.player
                    for r in Registration.objects.filter(round=locked).select_related("player")
                ),
                key=lambda p: (p.name, p.pk),
            )
        if not players:
            raise ActionError(
                ActionCode.NOBODY_REGISTERED,
                _("No players are registered for round %(number)s; nothing to draw.")
                % {"number": locked.number},
            )
        options: dict[str, Any] = {}
        if method == "standing":
            starting = standing_list(locked, players)
            options["met"] = pairs_met(
                [(entry["player"], other) for entry in starting for other in entry["met"]]
            )
        elif method in ("ranking", "final"):
            starting = ranking_list(locked, players)
        else:
            starting = [{"player": p.name} for p in players]
        chosen_seed = seed if seed is not None else secrets.randbelow(SEED_LIMIT)
        try:
            draw = make_draw(
                method,
                [p.name for p in players],
                seed=chosen_seed,
                ranking=[e["player"] for e in starting if e.get("rank") is not None],
                remainder=rules.remainder,
                recipe=SHA256_RECIPE,
                **options,
            )
        except DrawError as error:
            raise ActionError(ActionCode.DRAW_IMPOSSIBLE, error.message) from None
        by_name = {p.name: p for p in players}
        tables = Table.objects.bulk_create(
            [Table(round=locked, number=i) for i in range(1, len(draw.tables) + 1)]
        )
        Seat.objects.bulk_create(
            Seat(table=table, round=locked, seat=seat, player=by_name[name])
            for table, members in zip(tables, draw.tables, strict=True)
            for seat, name in enumerate(members)
        )
        now = timezone.now()
        # A redraw supersedes the standing record; so does a draw of a round whose status
        # was set back by hand in the admin (its old record must not block the new one).
        DrawRecord.objects.filter(round=locked, superseded=False).update(superseded=True)
        record = DrawRecord(
            round=locked,
            number=DrawRecord.objects.filter(round=locked).count() + 1,
            method=method,
            recipe=draw.recipe,
            remainder=rules.remainder,
            seed=draw.seed,
            starting_list=starting,
            tables=[list(table) for table in draw.tables],
            reserves=list(draw.reserves),
            drawn_at=now,
            drawn_by=acting_user(actor),
            reason=reason.strip(),
        )
        if method == "standing":  # its page cannot redo the search: it reads this check
            record.server_check = {
                SEED: matches_seed(recorded_draw(record)),
                STANDING: True,
                SEATS: True,
            }
        record.save()
        locked.status = Round.Status.DRAWN
        locked.draw_method = method
        locked.draw_seed = draw.seed
        locked.drawn_at = now
        locked.draw_published_at = now if was_published and redraw else None
        locked.save(
            update_fields=["status", "draw_method", "draw_seed", "drawn_at", "draw_published_at"]
        )
        result = load_draw(locked)
        record_audit(
            actor,
            locked.season.league_id,
            "redraw" if redraw else "draw",
            f"{locked}: drawn by {method}"
            + (f", seed {draw.seed}" if draw.seed is not None else "")
            + (f" ({reason.strip()})" if reason.strip() else ""),
            round_id=locked.pk,
            reason=reason.strip(),
            **result.as_json(),
        )
        announce_season_change(locked.season_id)
    for name in ("status", "draw_method", "draw_seed", "drawn_at", "draw_published_at"):
        setattr(round_, name, getattr(locked, name))
    return result, True


def earlier_meetings(round_: Round) -> dict[str, set[str]]:
    """Who shared a table with whom in the season's rounds before `round_` (by name)."""
    tables: dict[int, list[str]] = {}
    for table_id, name in Seat.objects.filter(
        round__season_id=round_.season_id, round__number__lt=round_.number
    ).values_list("table_id", "player__name"):
        tables.setdefault(table_id, []).append(name)
    met: dict[str, set[str]] = {}
    for names in tables.values():
        for name in names:
            met.setdefault(name, set()).update(other for other in names if other != name)
    return met


def _require_earlier_stages_finished(round_: Round, title: str) -> None:
    """A tournament's stage k > 1 and its final table are drawn by the standing after the
    stages before: every one of them must be finished."""
    unfinished = list(
        Round.objects.filter(season_id=round_.season_id, number__lt=round_.number)
        .exclude(status=Round.Status.FINISHED)
        .values_list("number", flat=True)
    )
    if unfinished:
        raise ActionError(
            ActionCode.EARLIER_STAGE_UNFINISHED,
            _(
                "%(round)s is drawn by the standing after the stages before it: "
                "finish stage %(earlier)s first."
            )
            % {"round": title, "earlier": unfinished[0]},
        )


def _carry_over_players(round_: Round) -> None:
    """Everyone plays every stage of a tournament: a stage after the first takes the players
    seated in the stage before it and its reserves (however that stage was drawn: here, by
    hand or imported, which records no registrations), and the latecomers the organizer
    registered for this stage. Each is registered for this stage, so its reserves show."""
    before = {"round__season_id": round_.season_id, "round__number": round_.number - 1}
    carried = set(Seat.objects.filter(**before).values_list("player_id", flat=True)) | set(
        Registration.objects.filter(**before).values_list("player_id", flat=True)
    )
    carried -= set(Registration.objects.filter(round=round_).values_list("player_id", flat=True))
    Registration.objects.bulk_create(
        Registration(round=round_, player_id=player_id) for player_id in sorted(carried)
    )


def _final_table_players(round_: Round) -> list[Player]:
    """The top 4 of the tournament standing after the last stage, best first (the final
    table needs no registration)."""
    top = [row.player for row in current_ranking(round_.season) if row.rank is not None][
        :FINAL_TABLE_SIZE
    ]
    by_id = Player.objects.in_bulk(top)
    return [by_id[player_id] for player_id in top if player_id in by_id]


def swap_players(
    round_: Round, first: Player, second: Player, *, actor: Actor = SYSTEM, reason: str = ""
) -> None:
    """Swap two players' seats, or seat a reserve in a seated player's place, before play.

    The `reason` is required: the change is recorded (DrawChange) and shown publicly with
    the draw. Seats are locked in primary-key order so two swaps at once cannot deadlock.
    """
    if first.pk == second.pk:
        raise ActionError(ActionCode.SWAP_SAME_PLAYER, _("Choose two different players to swap."))
    reason = _required_reason(
        reason,
        _("Give a reason for the change: it is shown publicly with the draw."),
    )
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        if locked.status != Round.Status.DRAWN or round_has_results(locked):
            raise ActionError(
                ActionCode.NOT_DRAWN,
                _("Players can be swapped only after the draw and before any result."),
            )
        seats = {
            s.player_id: s
            for s in Seat.objects.select_for_update()
            .filter(round=locked, player__in=[first.pk, second.pk])
            .order_by("pk")
        }
        registered = set(
            Registration.objects.filter(round=locked, player__in=[first.pk, second.pk]).values_list(
                "player_id", flat=True
            )
        )
        for player in (first, second):
            if player.pk not in seats and player.pk not in registered:
                raise ActionError(
                    ActionCode.NOT_REGISTERED,
                    _("%(player)s is neither seated nor a reserve in this round.")
                    % {"player": player.name},
                )
        if not seats:
            raise ActionError(ActionCode.SWAP_TWO_RESERVES, _("Two reserves cannot be swapped."))
        table_numbers = dict(
            Table.objects.filter(pk__in=[s.table_id for s in seats.values()]).values_list(
                "pk", "number"
            )
        )
        record = current_record(locked) or _record_as_seated(locked)
        if len(seats) == 2:
            a, b = seats[first.pk], seats[second.pk]
            # The unique (round, player) constraint forbids a direct exchange: park one first.
            a_table, a_seat = a.table_id, a.seat
            a.delete()
            Seat.objects.filter(pk=b.pk).update(table_id=a_table, seat=a_seat)
            Seat.objects.create(table_id=b.table_id, round=locked, seat=b.seat, player=first)
            kind, involved = DrawChange.Kind.SWAP, [first, second]
        else:
            seated, reserve = (first, second) if first.pk in seats else (second, first)
            Seat.objects.filter(pk=seats[seated.pk].pk).update(player=reserve)
            kind, involved = DrawChange.Kind.RESERVE_IN, [reserve, seated]
        DrawChange.objects.create(
            record=record,
            kind=kind,
            players=[p.name for p in involved],
            tables=[
                table_numbers[seats[p.pk].table_id] if p.pk in seats else None for p in involved
            ],
            reason=reason,
            at=timezone.now(),
            by=acting_user(actor),
        )
        if SEATS in record.server_check:  # a stage's kept check (league.stage_check)
            record.server_check[SEATS] = seats_now_follow(locked, record)
            record.save(update_fields=["server_check"])
        if locked.draw_published_at is not None:
            # The public draw and its chat text changed: saving the round asks for a
            # publish after commit (publishing.receivers), as the draw and publish do.
            locked.save(update_fields=["draw_published_at"])
        record_audit(
            actor,
            locked.season.league_id,
            "swap",
            f"{locked}: swapped {first.name} and {second.name} ({reason})",
            round_id=locked.pk,
            players=[first.name, second.name],
            reason=reason,
        )
        announce_season_change(locked.season_id)


def seats_now_follow(round_: Round, record: DrawRecord) -> bool:
    """Whether the round's seats now are its draw `record` with its changes (two queries)."""
    now = load_draw(round_)
    return seats_follow(
        record,
        list(record.changes.all()),
        tuple(tuple(p.name for p in table) for table in now.tables),
        [p.name for p in now.reserves],
    )


def _record_as_seated(round_: Round) -> DrawRecord:
    """A record of a draw made outside the app (no recipe known) from its current seats,
    so later changes are recorded against it."""
    draw = load_draw(round_)
    names = [p.name for table in draw.tables for p in table] + [p.name for p in draw.reserves]
    return DrawRecord.objects.create(
        round=round_,
        number=DrawRecord.objects.filter(round=round_).count() + 1,
        method=round_.draw_method,
        recipe=UNRECORDED_RECIPE,
        seed=round_.draw_seed,
        starting_list=[{"player": name} for name in sorted(names)],
        tables=[[p.name for p in table] for table in draw.tables],
        reserves=[p.name for p in draw.reserves],
        drawn_at=round_.drawn_at or timezone.now(),
    )


def publish_draw(round_: Round, *, actor: Actor = SYSTEM) -> bool:
    """Mark the draw published (public pages show it); True when it was not yet published."""
    with transaction.atomic():
        locked = lock_round(round_.pk)
        require_organizer_for(actor, locked)
        if locked.status not in DRAWN_STATUSES:
            raise ActionError(ActionCode.NOT_DRAWN, _("The round has not been drawn yet."))
        if locked.draw_published_at is not None:
            return False
        locked.draw_published_at = timezone.now()
        locked.save(update_fields=["draw_published_at"])
        record_audit(
            actor,
            locked.season.league_id,
            "publish_draw",
            f"{locked}: draw published",
            round_id=locked.pk,
        )
        announce_season_change(locked.season_id)
    round_.draw_published_at = locked.draw_published_at
    return True
