"""The /api/v1/ endpoints: public reads in a constant number of queries, token-guarded writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.actions import draw_round, register_round_players, submit_game
from api.authentication import BearerTokenAuthentication
from api.errors import api_exception_handler
from api.models import ApiToken
from api.parsers import LimitedJSONParser, refuse_oversized_body
from api.permissions import HasApiToken, HasOrganizerToken, token_serves_league
from api.serializers import (
    DrawRequestSerializer,
    ErrorListSerializer,
    GameDetailSerializer,
    GameSerializer,
    GameSubmissionSerializer,
    LeagueSerializer,
    PlayerSerializer,
    RegistrationRequestSerializer,
    RoundSerializer,
    SeasonSerializer,
    StandingsSerializer,
)
from api.submissions import Submission
from api.throttling import AnonRateThrottle, TokenRateThrottle
from games.models import Game, GameResult
from league.models import League, Player, Registration, Round, Season, Seat, Table
from publishing.snapshots import latest_snapshot

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
    """`?limit=&offset=` pages of at most 500 (100 by default)."""

    default_limit = 100
    max_limit = 500


class ApiMixin:
    """What every endpoint shares: bearer tokens, per-token limits, one error shape, JSON in."""

    authentication_classes = [BearerTokenAuthentication]
    parser_classes = [LimitedJSONParser]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer]
    throttle_classes = [TokenRateThrottle, AnonRateThrottle]
    permission_classes = [AllowAny]

    def get_exception_handler(self) -> Callable[..., Response | None]:
        return api_exception_handler

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        refuse_oversized_body(request)
        super().initial(request, *args, **kwargs)  # type: ignore[misc]


def _games() -> QuerySet[Game]:
    results = GameResult.objects.select_related("player").order_by("seat")
    return Game.objects.select_related("season__league", "round", "table").prefetch_related(
        Prefetch("results", queryset=results)
    )


def _rounds() -> QuerySet[Round]:
    seats = Seat.objects.select_related("player").order_by("seat")
    tables = Table.objects.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    registrations = Registration.objects.select_related("player").order_by("created_at", "id")
    return Round.objects.prefetch_related(
        Prefetch("tables", queryset=tables), Prefetch("registrations", queryset=registrations)
    )


@extend_schema(tags=["leagues"])
class LeagueList(ApiMixin, generics.ListAPIView):
    """Every league."""

    queryset = League.objects.order_by("name")
    serializer_class = LeagueSerializer
    pagination_class = Pagination


@extend_schema(tags=["leagues"])
class LeagueDetail(ApiMixin, generics.RetrieveAPIView):
    """One league by slug."""

    queryset = League.objects.all()
    serializer_class = LeagueSerializer
    lookup_field = "slug"


@extend_schema(
    tags=["seasons"],
    parameters=[OpenApiParameter("league", str, description="Only this league's seasons.")],
)
class SeasonList(ApiMixin, generics.ListAPIView):
    """Seasons, newest first."""

    serializer_class = SeasonSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Season]:
        seasons = Season.objects.select_related("league").order_by("-start", "slug")
        league = self.request.query_params.get("league")
        return seasons.filter(league__slug=league) if league else seasons


@extend_schema(tags=["seasons"])
class SeasonDetail(ApiMixin, generics.RetrieveAPIView):
    """One season by slug, with its rules."""

    queryset = Season.objects.select_related("league")
    serializer_class = SeasonSerializer
    lookup_field = "slug"


@extend_schema(tags=["seasons"])
def sees_unpublished_draws(request: Request, league_id: int) -> bool:
    """Draws are public once published; the league's organizer tokens see them at once."""
    token = request.auth
    return (
        isinstance(token, ApiToken)
        and token.league_id == league_id
        and HasOrganizerToken().has_permission(request, None)  # type: ignore[arg-type]
    )


@extend_schema(tags=["seasons"])
class RoundList(ApiMixin, generics.ListAPIView):
    """A season's rounds with their registrations and published draws."""

    serializer_class = RoundSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Round]:
        self.season = get_object_or_404(Season, slug=self.kwargs["season"])
        return _rounds().filter(season=self.season).order_by("number")

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        season = getattr(self, "season", None)
        context["unpublished_draws"] = season is not None and sees_unpublished_draws(
            self.request, season.league_id
        )
        return context


@extend_schema(tags=["seasons"])
class RoundDetail(ApiMixin, generics.RetrieveAPIView):
    """One round of a season: registrations, the published draw (tables, reserves, seed)."""

    serializer_class = RoundSerializer

    def get_object(self) -> Round:
        found = get_object_or_404(
            _rounds().select_related("season"),
            season__slug=self.kwargs["season"],
            number=self.kwargs["number"],
        )
        self.unpublished_draws = sees_unpublished_draws(self.request, found.season.league_id)
        return found

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        context["unpublished_draws"] = getattr(self, "unpublished_draws", False)
        return context


@extend_schema(
    tags=["seasons"],
    parameters=[
        OpenApiParameter(
            "final", OpenApiTypes.BOOL, description="The final standings (RULES.md 3.1)."
        )
    ],
    responses={200: StandingsSerializer, 404: ERROR_RESPONSES[404]},
)
class StandingsView(ApiMixin, APIView):
    """The season's standings as last published (FORMATS.md 5 rows); never recomputed here."""

    def get(self, request: Request, season: str) -> Response:
        found = get_object_or_404(Season, slug=season)
        final = request.query_params.get("final", "").lower() in ("1", "true", "yes")
        snapshot = latest_snapshot(found)
        rows = []
        if snapshot is not None:
            rows = snapshot.data.get("final_standings" if final else "standings", [])
        return Response(
            {
                "season": found.slug,
                "final": final,
                "published_at": None if snapshot is None else snapshot.created_at,
                "standings": rows,
            }
        )


@extend_schema(tags=["players"])
class PlayerList(ApiMixin, generics.ListAPIView):
    """Every player, by name."""

    queryset = Player.objects.order_by("name")
    serializer_class = PlayerSerializer
    pagination_class = Pagination


@extend_schema(tags=["players"])
class PlayerDetail(ApiMixin, generics.RetrieveAPIView):
    """One player by slug."""

    queryset = Player.objects.all()
    serializer_class = PlayerSerializer
    lookup_field = "slug"


class GameListSubmit(ApiMixin, generics.ListAPIView):
    """List games (GET, public) or submit a finished game (POST, platform token)."""

    serializer_class = GameSerializer
    pagination_class = Pagination

    def get_permissions(self) -> list[Any]:
        if self.request.method == "POST":
            return [HasApiToken()]
        return super().get_permissions()

    def get_queryset(self) -> QuerySet[Game]:
        games = _games().order_by("date", "id")
        params = self.request.query_params
        if params.get("season"):
            games = games.filter(season__slug=params["season"])
        if params.get("league"):
            games = games.filter(season__league__slug=params["league"])
        if params.get("player"):
            games = games.filter(results__player__slug=params["player"])
        return games

    @extend_schema(
        tags=["games"],
        parameters=[
            OpenApiParameter("season", str, description="Only this season's games."),
            OpenApiParameter("league", str, description="Only this league's games."),
            OpenApiParameter("player", str, description="Only games of this player (slug)."),
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        tags=["games"],
        request=GameSubmissionSerializer,
        responses={
            201: OpenApiResponse(
                GameSerializer,
                description="Stored now, or stored before with the same content (then the "
                "`Idempotent-Replayed: true` header is set).",
            ),
            409: OpenApiResponse(ERRORS, description="This game id has other content."),
            **ERROR_RESPONSES,
        },
    )
    def post(self, request: Request) -> Response:
        """Submit a finished game; resending the same game id and content is safe."""
        token = request.auth
        assert isinstance(token, ApiToken)
        shape = GameSubmissionSerializer(data=request.data)
        shape.is_valid(raise_exception=True)
        outcome = submit_game(token, Submission.from_validated(shape.validated_data))
        game = _games().get(pk=outcome.game.pk)
        return Response(
            GameSerializer(game).data,
            status=status.HTTP_201_CREATED,
            headers={"Idempotent-Replayed": "false" if outcome.created else "true"},
        )


@extend_schema(tags=["games"])
class GameDetail(ApiMixin, generics.RetrieveAPIView):
    """One game with its results and deal records."""

    serializer_class = GameDetailSerializer

    def get_queryset(self) -> QuerySet[Game]:
        return _games()


class _RoundAction(ApiMixin, APIView):
    """Organizer-token actions on a round of the token's league."""

    permission_classes = [HasOrganizerToken]

    def _round(self, request: Request, season: str, number: int) -> tuple[ApiToken, Round]:
        found = get_object_or_404(
            Round.objects.select_related("season__league"), season__slug=season, number=number
        )
        token = request.auth
        assert isinstance(token, ApiToken)
        if not token_serves_league(token, found.season.league):
            raise PermissionDenied(f"This token acts for the league {token.league.slug} only.")
        return token, found

    @staticmethod
    def _round_json(round_: Round) -> dict[str, Any]:
        fresh = _rounds().get(pk=round_.pk)
        return dict(RoundSerializer(fresh, context={"unpublished_draws": True}).data)


ROUND_ACTION_RESPONSES: dict[int, Any] = {
    200: RoundSerializer,
    409: OpenApiResponse(ERRORS, description="The round's state refuses this now."),
    **ERROR_RESPONSES,
}


@extend_schema(
    tags=["rounds (organizer)"],
    request=RegistrationRequestSerializer,
    responses=ROUND_ACTION_RESPONSES,
)
class RoundRegistrations(_RoundAction):
    """Register players for a round (organizer token); new names create players."""

    def post(self, request: Request, season: str, number: int) -> Response:
        token, round_ = self._round(request, season, number)
        shape = RegistrationRequestSerializer(data=request.data)
        shape.is_valid(raise_exception=True)
        register_round_players(token, round_, Submission.player_refs(shape.validated_data))
        return Response(self._round_json(round_))


@extend_schema(
    tags=["rounds (organizer)"],
    request=DrawRequestSerializer,
    responses={201: RoundSerializer, **ROUND_ACTION_RESPONSES},
)
class RoundDraw(_RoundAction):
    """Draw a round by its league's rule (organizer token): 201 drawn now, 200 drawn before."""

    def post(self, request: Request, season: str, number: int) -> Response:
        token, round_ = self._round(request, season, number)
        shape = DrawRequestSerializer(data=request.data)
        shape.is_valid(raise_exception=True)
        made = draw_round(
            token,
            round_,
            seed=shape.validated_data.get("seed"),
            redraw=shape.validated_data["redraw"],
            publish=shape.validated_data["publish"],
        )
        return Response(
            self._round_json(round_), status=status.HTTP_201_CREATED if made else status.HTTP_200_OK
        )


class NotFoundView(ApiMixin, APIView):
    """Any other address under /api/: a 404 in the API's error shape."""

    @extend_schema(exclude=True)
    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        return super().dispatch(request, *args, **kwargs)

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        raise NotFound("There is no such API address; see /api/docs/.")
