"""Public pages: home, season table, rounds, players, archive and rules (FORMATS.md 7)."""

from django.urls import path

from web import draw_check, views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("seasons/", views.archive, name="archive"),
    path("seasons/<str:season>/", views.season_table, name="season"),
    path("seasons/<str:season>/rules/", views.season_rules_page, name="rules"),
    path("seasons/<str:season>/rounds/<int:number>/", views.round_detail, name="round"),
    path(
        "seasons/<str:season>/rounds/<int:number>/draw-check/",
        draw_check.draw_check,
        name="draw_check",
    ),
    path("players/<str:player>/", views.player_detail, name="player"),
    path("language/<str:code>/", views.switch_language, name="language"),
]
