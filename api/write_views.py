"""The write endpoints: platforms submit games, organizer tokens register players and draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.actions import submit_game
from api.base import (
    ERROR_RESPONSES,
    ERRORS,
    SLUG_PARAMETER_SCHEMA,
    ApiMixin,
    Pagination,
    games_queryset,
    rounds_queryset,
    slug_filter,
)
from api.models import ApiToken
from api.permissions import HasApiToken, HasOrganizerToken, token_serves_league
from api.round_actions import draw_round, register_round_players
from api.serializers import (
    DrawRequestSerializer,
    GameSerializer,
    GameSubmissionSerializer,
    RegistrationRequestSerializer,
    RoundSerializer,
)
from api.submissions import Submission
from games.models import Game
from league.models import Round

if TYPE_CHECKING:  # a name of the DRF stubs only
    from rest_framework.permissions import _SupportsHasPermission


class GameListSubmit(ApiMixin, generics.ListAPIView[Game]):
    """List games (GET, public) or submit a finished game (POST, platform token)."""

    serializer_class = GameSerializer
    pagination_class = Pagination

    def get_permissions(self) -> Sequence[_SupportsHasPermission]:
        if self.request.method == "POST":
            return [HasApiToken()]
        return super().get_permissions()

    def get_queryset(self) -> QuerySet[Game]:
        games = games_queryset().order_by("date", "id")
        if season := slug_filter(self.request, "season"):
            games = games.filter(season__slug=season)
        if league := slug_filter(self.request, "league"):
            games = games.filter(season__league__slug=league)
        if player := slug_filter(self.request, "player"):
            games = games.filter(results__player__slug=player)
        return games

    @extend_schema(
        tags=["games"],
        parameters=[
            OpenApiParameter(
                "season", SLUG_PARAMETER_SCHEMA, description="Only this season's games."
            ),
            OpenApiParameter(
                "league", SLUG_PARAMETER_SCHEMA, description="Only this league's games."
            ),
            OpenApiParameter(
                "player", SLUG_PARAMETER_SCHEMA, description="Only games of this player (slug)."
            ),
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
        game = games_queryset().get(pk=outcome.game.pk)
        return Response(
            GameSerializer(game).data,
            status=status.HTTP_201_CREATED,
            headers={"Idempotent-Replayed": "false" if outcome.created else "true"},
        )


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
        fresh = rounds_queryset().get(pk=round_.pk)
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
            reason=shape.validated_data["reason"],
        )
        return Response(
            self._round_json(round_), status=status.HTTP_201_CREATED if made else status.HTTP_200_OK
        )
