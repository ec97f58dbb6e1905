"""The public read endpoints of /api/v1/, each in a constant number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    ERROR_RESPONSES,
    SLUG_PARAMETER_SCHEMA,
    ApiMixin,
    Pagination,
    boolean_param,
    games_queryset,
    rounds_queryset,
    sees_unpublished_draws,
    slug_filter,
)
from api.serializers import (
    GameDetailSerializer,
    LeagueSerializer,
    PlayerSerializer,
    RatingListSerializer,
    RoundSerializer,
    SeasonSerializer,
    StandingsSerializer,
)
from games.models import Game
from league.models import League, Player, Round, Season
from publishing.rating_snapshots import latest_rating_snapshot
from publishing.snapshot_schema import StandingsRow
from publishing.snapshots import latest_snapshot


@extend_schema(tags=["leagues"])
class LeagueList(ApiMixin, generics.ListAPIView[League]):
    """Every league."""

    queryset = League.objects.order_by("name")
    serializer_class = LeagueSerializer
    pagination_class = Pagination


@extend_schema(tags=["leagues"])
class LeagueDetail(ApiMixin, generics.RetrieveAPIView[League]):
    """One league by slug."""

    queryset = League.objects.all()
    serializer_class = LeagueSerializer
    lookup_field = "slug"


@extend_schema(
    tags=["seasons"],
    parameters=[
        OpenApiParameter("league", SLUG_PARAMETER_SCHEMA, description="Only this league's seasons.")
    ],
)
class SeasonList(ApiMixin, generics.ListAPIView[Season]):
    """Seasons, newest first."""

    serializer_class = SeasonSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Season]:
        seasons = Season.objects.select_related("league").order_by("-start", "slug")
        league = slug_filter(self.request, "league")
        return seasons.filter(league__slug=league) if league else seasons


@extend_schema(tags=["seasons"])
class SeasonDetail(ApiMixin, generics.RetrieveAPIView[Season]):
    """One season by slug, with its rules."""

    queryset = Season.objects.select_related("league")
    serializer_class = SeasonSerializer
    lookup_field = "slug"


@extend_schema(tags=["seasons"])
class RoundList(ApiMixin, generics.ListAPIView[Round]):
    """A season's rounds with their registrations and published draws."""

    serializer_class = RoundSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Round]:
        self.season = get_object_or_404(Season, slug=self.kwargs["season"])
        return rounds_queryset().filter(season=self.season).order_by("number")

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
        season = getattr(self, "season", None)
        context["unpublished_draws"] = season is not None and sees_unpublished_draws(
            self.request, season.league_id
        )
        return context


@extend_schema(tags=["seasons"])
class RoundDetail(ApiMixin, generics.RetrieveAPIView[Round]):
    """One round of a season: registrations, the published draw (tables, reserves, seed)."""

    serializer_class = RoundSerializer

    def get_object(self) -> Round:
        found = get_object_or_404(
            rounds_queryset().select_related("season"),
            season__slug=self.kwargs["season"],
            number=self.kwargs["number"],
        )
        self.unpublished_draws = sees_unpublished_draws(self.request, found.season.league_id)
        return found

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
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
        final = boolean_param(request, "final")
        snapshot = latest_snapshot(found)
        rows: list[StandingsRow] = []
        if snapshot is not None:
            rows = snapshot.typed_summary["final_standings" if final else "standings"]
        return Response(
            {
                "season": found.slug,
                "final": final,
                "published_at": None if snapshot is None else snapshot.created_at,
                "standings": rows,
            }
        )


@extend_schema(tags=["players"])
class PlayerList(ApiMixin, generics.ListAPIView[Player]):
    """Every player, by name."""

    queryset = Player.objects.order_by("name")
    serializer_class = PlayerSerializer
    pagination_class = Pagination


@extend_schema(tags=["players"])
class PlayerDetail(ApiMixin, generics.RetrieveAPIView[Player]):
    """One player by slug."""

    queryset = Player.objects.all()
    serializer_class = PlayerSerializer
    lookup_field = "slug"


@extend_schema(tags=["players"], responses={200: RatingListSerializer})
class RatingList(ApiMixin, APIView):
    """Every rated player by skill rating as last published (1 query; never recomputed here)."""

    def get(self, request: Request) -> Response:
        snapshot = latest_rating_snapshot()
        if snapshot is None:
            return Response(
                {
                    "published_at": None,
                    "as_of": None,
                    "thresholds": [],
                    "formula": None,
                    "ratings": [],
                }
            )
        data = snapshot.typed_summary
        return Response(
            {
                "published_at": snapshot.created_at,
                "as_of": data["as_of"],
                "thresholds": data["thresholds"],
                "formula": data["formula"],
                "ratings": data["rows"],
            }
        )


@extend_schema(tags=["games"])
class GameDetail(ApiMixin, generics.RetrieveAPIView[Game]):
    """One game with its results and deal records."""

    serializer_class = GameDetailSerializer

    def get_queryset(self) -> QuerySet[Game]:
        return games_queryset()


class NotFoundView(ApiMixin, APIView):
    """Any other address under /api/: a 404 in the API's error shape."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        raise NotFound("There is no such API address; see /api/docs/.")
