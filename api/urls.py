"""API routes: /api/v1/ endpoints, the OpenAPI schema at /api/schema/ and its docs pages."""

from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from api import views, write_views

v1 = [
    path("leagues/", views.LeagueList.as_view(), name="league-list"),
    path("leagues/<str:slug>/", views.LeagueDetail.as_view(), name="league-detail"),
    path("seasons/", views.SeasonList.as_view(), name="season-list"),
    path("seasons/<str:slug>/", views.SeasonDetail.as_view(), name="season-detail"),
    path("seasons/<str:season>/standings/", views.StandingsView.as_view(), name="standings"),
    path("seasons/<str:season>/rounds/", views.RoundList.as_view(), name="round-list"),
    path(
        "seasons/<str:season>/rounds/<int:number>/",
        views.RoundDetail.as_view(),
        name="round-detail",
    ),
    path(
        "seasons/<str:season>/rounds/<int:number>/registrations/",
        write_views.RoundRegistrations.as_view(),
        name="round-registrations",
    ),
    path(
        "seasons/<str:season>/rounds/<int:number>/draw/",
        write_views.RoundDraw.as_view(),
        name="round-draw",
    ),
    path("players/", views.PlayerList.as_view(), name="player-list"),
    path("ratings/", views.RatingList.as_view(), name="rating-list"),
    path("players/<str:slug>/", views.PlayerDetail.as_view(), name="player-detail"),
    path("games/", write_views.GameListSubmit.as_view(), name="game-list"),
    path("games/<int:pk>/", views.GameDetail.as_view(), name="game-detail"),
]

app_name = "api"
urlpatterns: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
    path("v1/", include(v1)),
    # Any character, a newline too, so every unknown address answers in the API's error shape.
    re_path(r"^[\s\S]*$", views.NotFoundView.as_view(), name="not-found"),
]
