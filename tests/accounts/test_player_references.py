"""A player record is new only while nothing in any league refers to it (issue 26, item 1).

Every kind of row that refers to a Player is classified in `league.player_leagues`; once a
row of league A refers to a player, only league A's organizers (and superusers) may link him to
an account: by invitation, by approving a claim, or in the admin.
"""

from __future__ import annotations

import datetime as dt
import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.actions import request_claim
from accounts.models import PlayerClaim
from api.models import GameSubmission, PlatformPlayer
from api.tokens import create_token
from core.models import AuditEntry
from games.models import Game, ResultVersion, SeatLink, SheetDraft
from games.record import record_game
from games.season_import import import_season
from league.models import Player, Registration, Round, Season, Seat, Table
from league.permissions import claims_scope, may_link_player
from league.player_leagues import (
    LEAGUE_OF,
    NOT_A_LEAGUE_REFERENCE,
    player_relations,
    references,
    relation_key,
)
from rating.models import RatedLeagueMember, RatingChange
from tests.api.conftest import rated_season_file
from tests.roundsupport import make_organizer, make_players, make_round, make_season, make_user

pytestmark = pytest.mark.django_db

PLAYED = dt.date(2024, 7, 7)
_round_numbers = itertools.count(1)


@dataclass(frozen=True)
class Kind:
    """One kind of reference: the relation and league lookup it exercises, and a maker that
    writes one row of it in `season`'s league referring to `player` (and to nobody else)."""

    relation: str
    lookup: str
    make: Callable[[Player, Season], Any]


def _round(season: Season) -> Round:
    return make_round(season, next(_round_numbers))


def _table(season: Season) -> Table:
    return Table.objects.create(round=_round(season), number=1)


def _game(season: Season | None, source: str = Game.Source.ORGANIZER) -> Game:
    return Game(season=season, date=PLAYED, source=source)


def _submitted(game: Game, season: Season) -> Game:
    """`game` as a token of `season`'s league submitted it: without a season (open play)."""
    game.save()
    GameSubmission.objects.create(
        league=season.league, platform="p", external_id=f"g{game.pk}", fingerprint="f", game=game
    )
    return game


def _results(game: Game, player: Player) -> Game:
    return record_game(
        game, [(0, player, 30), *((s, o, 0) for s, o in enumerate(make_players(3), 1))]
    )


def _seat(player: Player, season: Season) -> None:
    table = _table(season)
    Seat.objects.create(table=table, round=table.round, seat=0, player=player)


def _seat_link(player: Player, season: Season) -> None:
    table = _table(season)
    # links name their season once tournaments' evening links exist (issue 26, item 3)
    named = {"season": season} if "season" in {f.name for f in SeatLink._meta.fields} else {}
    SeatLink.objects.create(
        round=table.round,
        table=table,
        player=player,
        nonce="n",
        token_hash=secrets.token_hex(32),
        **named,
    )


def _entered_version(player: Player, season: Season) -> None:
    ResultVersion.objects.create(
        table=_table(season), number=1, scores=[30, 0, 0, 0], entered_player=player
    )


def _rating_change(game: Game, player: Player) -> None:
    game.save()
    RatingChange.objects.create(
        player=player, game=game, played_on=PLAYED, score=30, before=1000, after=1010
    )


KINDS: dict[str, Kind] = {
    "registration": Kind(
        "league.Registration.player",
        "round__season__league",
        lambda p, s: Registration.objects.create(round=_round(s), player=p),
    ),
    "seat": Kind("league.Seat.player", "round__season__league", _seat),
    "season_game_result": Kind(
        "games.GameResult.player", "game__season__league", lambda p, s: _results(_game(s), p)
    ),
    "api_game_result": Kind(
        "games.GameResult.player",
        "game__submission__league",
        lambda p, s: _submitted(_results(_game(None, Game.Source.API), p), s),
    ),
    "seat_link": Kind("games.SeatLink.player", "round__season__league", _seat_link),
    "entered_result_version": Kind(
        "games.ResultVersion.entered_player", "table__round__season__league", _entered_version
    ),
    "sheet_draft": Kind(
        "games.SheetDraft.player",
        "table__round__season__league",
        lambda p, s: SheetDraft.objects.create(table=_table(s), player=p, data={}),
    ),
    "season_game_rating": Kind(
        "rating.RatingChange.player",
        "game__season__league",
        lambda p, s: _rating_change(_game(s), p),
    ),
    "api_game_rating": Kind(
        "rating.RatingChange.player",
        "game__submission__league",
        lambda p, s: _rating_change(_submitted(_game(None, Game.Source.API), s), p),
    ),
    "rated_membership": Kind(
        "rating.RatedLeagueMember.player",
        "season__league",
        lambda p, s: RatedLeagueMember.objects.create(
            season=s, player=p, since_date=PLAYED, reached_rating=1200
        ),
    ),
    "platform_id": Kind(
        "api.PlatformPlayer.player",
        "league",
        lambda p, s: PlatformPlayer.objects.create(
            league=s.league, platform="p", external_id=f"u{p.pk}", player=p
        ),
    ),
}


@dataclass(frozen=True)
class Leagues:
    season_a: Season
    organizer_a: Any
    organizer_b: Any


@pytest.fixture
def leagues() -> Leagues:
    season_a = make_season()
    season_b = make_season("s2", league_name="Club B")
    return Leagues(season_a, make_organizer(season_a), make_organizer(season_b))


def _referred(kind: str, leagues: Leagues) -> Player:
    (player,) = make_players(1)
    assert may_link_player(leagues.organizer_b, player)  # new until the reference is written
    KINDS[kind].make(player, leagues.season_a)
    return player


def _invite(client: Any, organizer: Any, player: Player, capture: Any) -> Any:
    client.force_login(organizer)
    with capture(execute=True):
        return client.post(
            reverse("invite_player"), {"name": player.name, "email": f"{player.slug}@example.com"}
        )


def _approve(client: Any, organizer: Any, claim: PlayerClaim) -> Any:
    client.force_login(organizer)
    return client.post(reverse("decide_claim", args=[claim.pk]), {"decision": "approve"})


def test_every_relation_to_a_player_is_classified() -> None:
    """A new model pointing at Player fails here until `league.player_leagues` says which
    league its rows belong to (or why they tie the player to none)."""
    keys = {relation_key(relation) for relation in player_relations()}
    assert keys - set(LEAGUE_OF) - set(NOT_A_LEAGUE_REFERENCE) == set()
    assert set(LEAGUE_OF) | set(NOT_A_LEAGUE_REFERENCE) <= keys  # no stale entry
    assert all(ref.leagues for ref in references())


def test_every_league_lookup_of_every_reference_kind_is_tested_here() -> None:
    lookups = {(key, path) for key, paths in LEAGUE_OF.items() for path in paths}
    assert {(kind.relation, kind.lookup) for kind in KINDS.values()} == lookups


@pytest.mark.parametrize("kind", KINDS)
def test_another_leagues_organizer_cannot_invite_a_player_referred_to_by(
    kind, leagues, client, mailoutbox, django_capture_on_commit_callbacks
):
    player = _referred(kind, leagues)
    response = _invite(client, leagues.organizer_b, player, django_capture_on_commit_callbacks)
    assert response.status_code == 403
    assert f"{player.name} plays in leagues you do not organize" in response.content.decode()
    player.refresh_from_db()
    assert player.user_id is None
    assert mailoutbox == []


@pytest.mark.parametrize("kind", KINDS)
def test_another_leagues_organizer_cannot_approve_a_claim_on_a_player_referred_to_by(
    kind, leagues, client
):
    player = _referred(kind, leagues)
    claim = request_claim(make_user(), player)
    assert not PlayerClaim.objects.filter(claims_scope(leagues.organizer_b)).exists()
    response = _approve(client, leagues.organizer_b, claim)
    assert response.status_code == 403
    assert f"{player.name} plays in leagues you do not organize" in response.content.decode()
    player.refresh_from_db()
    claim.refresh_from_db()
    assert (player.user_id, claim.status) == (None, PlayerClaim.Status.PENDING)


@pytest.mark.parametrize("kind", KINDS)
def test_the_leagues_own_organizer_may_link_a_player_referred_to_by(
    kind, leagues, client, django_capture_on_commit_callbacks
):
    claimed = _referred(kind, leagues)
    claim = request_claim(make_user(), claimed)
    assert _approve(client, leagues.organizer_a, claim).status_code == 302
    invited = _referred(kind, leagues)
    response = _invite(client, leagues.organizer_a, invited, django_capture_on_commit_callbacks)
    assert response.status_code == 302
    claimed.refresh_from_db()
    invited.refresh_from_db()
    assert claimed.user == claim.user
    assert invited.user is not None and invited.user.email == f"{invited.slug}@example.com"
    # the audit log files both under the league that refers to the player
    entries = AuditEntry.objects.filter(action__in=["claim_approve", "invite"])
    assert sorted(entries.values_list("league_id", flat=True)) == [leagues.season_a.league_id] * 2


def test_a_player_nothing_refers_to_is_linkable_by_any_organizer(
    leagues, client, django_capture_on_commit_callbacks
):
    """A claim is no reference: a stranger's request on a new record leaves it new."""
    claimed, invited = make_players(2)
    claim = request_claim(make_user(), claimed)
    assert list(PlayerClaim.objects.filter(claims_scope(leagues.organizer_b))) == [claim]
    assert _approve(client, leagues.organizer_b, claim).status_code == 302
    response = _invite(client, leagues.organizer_b, invited, django_capture_on_commit_callbacks)
    assert response.status_code == 302
    assert Player.objects.filter(pk__in=[claimed.pk, invited.pk], user__isnull=False).count() == 2
    # no league to file the actions under
    entries = AuditEntry.objects.filter(action__in=["claim_approve", "invite"])
    assert list(entries.values_list("league_id", flat=True)) == [None, None]


def test_a_game_of_no_league_leaves_the_player_to_superusers_only(leagues):
    """A result of a game with neither a season nor a submitting token is still a reference:
    the player is not new, and no organizer's league refers to him."""
    (player,) = make_players(1)
    _results(_game(None), player)
    assert not may_link_player(leagues.organizer_a, player)
    assert not may_link_player(leagues.organizer_b, player)
    assert may_link_player(make_user(is_superuser=True), player)


def test_a_player_of_a_rated_api_game_stored_without_a_season_belongs_to_the_tokens_league(
    client, django_capture_on_commit_callbacks
):
    """The 1200+ league's open-play game, sent over the API, is stored with `"season": null`;
    its new players are the 1200+ league's, not anyone's."""
    rated = import_season(rated_season_file()).season
    organizer_rated = make_organizer(rated)
    organizer_other = make_organizer(make_season("s2", league_name="Club B"))
    token = create_token(user=organizer_rated, league=rated.league, platform="wo", name="rated")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token.secret}")
    names = ["Dana", "Eli", "Noa", "Omer"]
    response = api.post(
        "/api/v1/games/",
        {
            "game_id": "g-1",
            "league": rated.league.slug,
            "date": "2024-03-05",
            "players": [{"name": n} for n in names],
            "scores": [120, 80, 45, -10],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["season"] is None
    dana = Player.objects.get(name="Dana")
    assert not may_link_player(organizer_other, dana)
    refused = _invite(client, organizer_other, dana, django_capture_on_commit_callbacks)
    assert refused.status_code == 403
    assert "Dana plays in leagues you do not organize" in refused.content.decode()
    eli = Player.objects.get(name="Eli")
    claim = request_claim(make_user(), eli)
    assert _approve(client, organizer_other, claim).status_code == 403
    assert _approve(client, organizer_rated, claim).status_code == 302
    allowed = _invite(client, organizer_rated, dana, django_capture_on_commit_callbacks)
    assert allowed.status_code == 302
    assert Player.objects.filter(name__in=["Dana", "Eli"], user__isnull=False).count() == 2


@pytest.mark.parametrize("kind", ["api_game_result", "platform_id"])
def test_staff_cannot_link_or_unlink_another_leagues_player_in_the_admin(kind, leagues, client):
    player = _referred(kind, leagues)
    staff = leagues.organizer_b
    staff.is_staff = True
    staff.save()
    staff.user_permissions.add(*Permission.objects.filter(codename="change_player"))
    client.force_login(staff)
    url = reverse("admin:league_player_change", args=[player.pk])
    linked = make_user("linked")
    for before, posted in [(None, make_user("mallory").pk), (linked, "")]:
        Player.objects.filter(pk=player.pk).update(user=before)
        response = client.post(url, {"name": player.name, "slug": player.slug, "user": posted})
        assert response.status_code == 200
        assert "plays in leagues you do not organize" in response.content.decode()
        player.refresh_from_db()
        assert player.user == before
