"""What every API endpoint shares: authentication, limits, errors, pages and the querysets."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.db.models import Prefetch, QuerySet
from drf_spectacular.utils import OpenApiResponse
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from api.authentication import BearerTokenAuthentication
from api.errors import api_exception_handler
from api.fields import SLUG_HINT, SLUG_PATTERN, is_slug
from api.models import ApiToken
from api.parsers import LimitedJSONParser, refuse_oversized_body
from api.permissions import HasOrganizerToken
from api.serializers import ErrorListSerializer
from api.throttling import AnonRateThrottle, TokenRateThrottle
from games.models import Game, GameResult
from league.models import Registration, Round, Seat, Table

if TYPE_CHECKING:  # a name of the DRF stubs only
    from rest_framework.permissions import _PermissionClass

ERRORS = ErrorListSerializer
ERROR_RESPONSES: dict[int, Any] = {
    400: OpenApiResponse(ERRORS, description="Invalid request; every problem is listed."),
    401: OpenApiResponse(ERRORS, description="No token, or an unknown or revoked one."),
    403: OpenApiResponse(ERRORS, description="The token may not do this."),
    404: OpenApiResponse(ERRORS, description="No such object."),
    413: OpenApiResponse(ERRORS, description="The body is too large."),
    415: OpenApiResponse(ERRORS, description="The body is not JSON."),
    429: OpenApiResponse(ERRORS, description="Too many requests for this token; retry later."),
}


class Pagination(LimitOffsetPagination):
    """`?limit=&offset=` pages of at most 500 (100 by default); other values are a 400."""

    default_limit = 100
    max_limit = 500

    def get_limit(self, request: Request) -> int:
        limit = integer_param(request, self.limit_query_param, minimum=1)
        return self.default_limit if limit is None else min(limit, self.max_limit)

    def get_offset(self, request: Request) -> int:
        return integer_param(request, self.offset_query_param, minimum=0) or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        limit, offset = super().get_schema_operation_parameters(view)
        limit["schema"]["minimum"] = 1
        limit["description"] = f"Results per page (default {self.default_limit}, at most "
        limit["description"] += f"{self.max_limit}: a larger limit gives {self.max_limit})."
        offset["schema"]["minimum"] = 0
        return [limit, offset]


class ApiMixin:
    """What every endpoint shares: bearer tokens, per-token limits, one error shape, JSON in."""

    authentication_classes: Sequence[type[BaseAuthentication]] = [BearerTokenAuthentication]
    parser_classes: Sequence[type[BaseParser]] = [LimitedJSONParser]
    renderer_classes: Sequence[type[BaseRenderer]] = [JSONRenderer, BrowsableAPIRenderer]
    throttle_classes: Sequence[type[BaseThrottle]] = [TokenRateThrottle, AnonRateThrottle]
    permission_classes: Sequence[_PermissionClass] = [AllowAny]

    def get_exception_handler(self) -> Callable[..., Response | None]:
        return api_exception_handler

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        refuse_oversized_body(request)
        super().initial(request, *args, **kwargs)  # type: ignore[misc]  # mixed into APIView


def slug_filter(request: Request, name: str) -> str | None:
    """The query parameter `name` when given: a slug, else a 400 naming the parameter."""
    value = request.query_params.get(name)
    if value is None:
        return None
    if not is_slug(value):
        raise ValidationError({name: [SLUG_HINT]})
    return value


SLUG_PARAMETER_SCHEMA = {"type": "string", "pattern": SLUG_PATTERN}
_INTEGER = re.compile(r"-?[0-9]+")


def integer_param(request: Request, name: str, *, minimum: int) -> int | None:
    """The query parameter `name` when given: an integer >= minimum, else a 400 naming it."""
    value = request.query_params.get(name)
    if value is None:
        return None
    if not _INTEGER.fullmatch(value) or int(value) < minimum:
        raise ValidationError({name: [f"must be a whole number of at least {minimum}"]})
    return int(value)


def boolean_param(request: Request, name: str) -> bool:
    """The query parameter `name`: `true` or `false` (absent: false), else a 400 naming it."""
    value = request.query_params.get(name)
    if value is None:
        return False
    if value not in ("true", "false"):
        raise ValidationError({name: ["must be true or false"]})
    return value == "true"


def games_queryset() -> QuerySet[Game]:
    """Games with season, league, round, table and results by seat (two queries)."""
    results = GameResult.objects.select_related("player").order_by("seat")
    return Game.objects.select_related("season__league", "round", "table").prefetch_related(
        Prefetch("results", queryset=results)
    )


def rounds_queryset() -> QuerySet[Round]:
    """Rounds with tables, seats and registrations (four queries for any number of rounds)."""
    seats = Seat.objects.select_related("player").order_by("seat")
    tables = Table.objects.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    registrations = Registration.objects.select_related("player").order_by("created_at", "id")
    return Round.objects.prefetch_related(
        Prefetch("tables", queryset=tables), Prefetch("registrations", queryset=registrations)
    )


def sees_unpublished_draws(request: Request, league_id: int) -> bool:
    """Draws are public once published; the league's organizer tokens see them at once."""
    token = request.auth
    return (
        isinstance(token, ApiToken)
        and token.league_id == league_id
        and HasOrganizerToken().has_permission(request, view=None)
    )
