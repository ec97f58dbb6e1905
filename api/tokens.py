"""Creating, finding and revoking API tokens; the secret exists in clear only when created."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q
from django.utils import timezone

from api.models import ApiToken
from core.permissions import is_organizer
from league.models import League

TOKEN_PREFIX = "whist_"
PREFIX_SHOWN = 12


class TokenPermissionError(PermissionError):
    """The user may not create or revoke tokens for this league."""


@dataclass(frozen=True)
class IssuedToken:
    """A freshly created token and its secret, which is never stored and never shown again."""

    token: ApiToken
    secret: str


def hash_secret(secret: str) -> str:
    """The SHA-256 hex digest stored for a token (its secrets are random, so no salt is needed)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def is_league_organizer(user: User, league: League) -> bool:
    """True if `user` is active and organizes `league` (superusers organize every league)."""
    return user.is_active and is_organizer(user, league)


def create_token(
    *,
    user: User,
    league: League,
    platform: str,
    name: str,
    scope: str = ApiToken.Scope.PLATFORM,
) -> IssuedToken:
    """Create a token for `league` on behalf of one of its organizers; returns the secret once."""
    if not is_league_organizer(user, league):
        raise TokenPermissionError(f"{user} does not organize the league {league}.")
    if scope not in ApiToken.Scope.values:
        raise ValueError(f"Unknown token scope {scope!r}; use one of {ApiToken.Scope.values}.")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        token = ApiToken.objects.create(
            name=name,
            platform=platform,
            league=league,
            scope=scope,
            key_prefix=secret[:PREFIX_SHOWN],
            key_hash=hash_secret(secret),
            created_by=user,
        )
    return IssuedToken(token=token, secret=secret)


def revoke_token(*, user: User, token: ApiToken) -> ApiToken:
    """Revoke `token` (an organizer of its league only); revoking twice keeps the first time."""
    if not is_league_organizer(user, token.league):
        raise TokenPermissionError(f"{user} does not organize the league {token.league}.")
    with transaction.atomic():
        ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
    token.refresh_from_db(fields=["revoked_at"])
    return token


def find_active_token(secret: str) -> ApiToken | None:
    """The active token whose secret this is, with its league and creator, in one query.

    The token carries `creator_may_act`: whether its creator is active and still organizes
    its league (or is a superuser); a token works only while he may.
    """
    if not secret.startswith(TOKEN_PREFIX):
        return None
    return (
        ApiToken.objects.select_related("league", "created_by")
        .annotate(creator_may_act=ExpressionWrapper(_creator_may_act(), BooleanField()))
        .filter(key_hash=hash_secret(secret), revoked_at__isnull=True)
        .first()
    )


def _creator_may_act() -> Q:
    organizes = League.organizers.through.objects.filter(
        league_id=OuterRef("league_id"), user_id=OuterRef("created_by_id")
    )
    return Q(created_by__is_active=True) & (Q(created_by__is_superuser=True) | Q(Exists(organizes)))
