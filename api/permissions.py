"""Who may call the write endpoints: platform tokens submit games, organizer tokens also manage."""

from __future__ import annotations

from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.views import APIView

from api.models import ApiToken
from api.tokens import is_league_organizer
from league.models import League


class HasApiToken(permissions.BasePermission):
    """Any active API token (401 without one)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return isinstance(request.auth, ApiToken)


class HasOrganizerToken(permissions.BasePermission):
    """An organizer-scope token whose creator still organizes its league (403 otherwise)."""

    message = "This needs an organizer token of the league."

    def has_permission(self, request: Request, view: APIView | None) -> bool:
        token = request.auth
        return (
            isinstance(token, ApiToken)
            and token.scope == ApiToken.Scope.ORGANIZER
            and is_league_organizer(token.created_by, token.league)
        )


def token_serves_league(token: ApiToken, league: League) -> bool:
    """A token acts only for the league it was created for."""
    return token.league_id == league.pk
