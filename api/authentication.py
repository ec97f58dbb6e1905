"""Bearer-token authentication of platforms: `Authorization: Bearer whist_...`."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from api.models import ApiToken
from api.tokens import find_active_token

# Recording every use would add a write to every request; once a minute is enough to see
# which tokens are still in use before revoking one.
LAST_USED_RESOLUTION = timedelta(minutes=1)


class BearerTokenAuthentication(authentication.BaseAuthentication):
    """Authenticates a request by an active API token; request.auth is the ApiToken.

    A token works only while its creator may act for its league (active, and an organizer
    of it or a superuser): otherwise 403 saying why.
    """

    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[object, ApiToken] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                "Send the token as 'Authorization: Bearer <token>', with no spaces in the token."
            )
        try:
            secret = header[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("The token is not a valid API token.") from None
        token = find_active_token(secret)
        if token is None:
            raise exceptions.AuthenticationFailed(
                "The token is unknown or revoked; ask an organizer for a new one."
            )
        if not token.creator_may_act:  # type: ignore[attr-defined]  # find_active_token annotates it
            raise exceptions.PermissionDenied(_creator_refusal(token))
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token.created_by, token

    def authenticate_header(self, request: Request) -> str:
        return f'{self.keyword} realm="api"'


def _creator_refusal(token: ApiToken) -> str:
    """Why a token whose creator may no longer act for its league stopped working."""
    creator, league = token.created_by, token.league
    if not creator.is_active:
        reason = f"the account of its creator {creator.get_username()} is deactivated"
    else:
        reason = f"its creator {creator.get_username()} no longer organizes the league {league}"
    return (
        f"The token no longer works: {reason}; "
        f"ask an organizer of the league {league} for a new token."
    )


class BearerTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]  # untyped
    """Describes the bearer token in the OpenAPI schema."""

    target_class = "api.authentication.BearerTokenAuthentication"
    name = "platformToken"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A platform API token created by a league organizer.",
        }
