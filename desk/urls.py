"""Organizer routes under /manage/."""

from django.urls import path

from desk.views import (
    manage,
    not_played,
    season_file,
    season_wizard,
    seat_links,
    where_we_play,
)

app_name = "manage"

round_path = "seasons/<str:slug>/rounds/<int:number>/"

urlpatterns = [
    path("", manage.index, name="index"),
    path("audit/", manage.audit, name="audit"),
    path("new-season/", season_wizard.new_season, name="new_season"),
    path(
        "leagues/<str:slug>/where-we-play/",
        where_we_play.where_we_play,
        name="where_we_play",
    ),
    path("seasons/<str:slug>/", manage.season, name="season"),
    path("seasons/<str:slug>/season-file/", season_file.download, name="season_file"),
    path(round_path, manage.round_detail, name="round"),
    path(round_path + "print/", manage.round_print, name="round_print"),
    path(round_path + "register/", manage.register, name="register"),
    path(round_path + "latecomer/", manage.latecomer, name="latecomer"),
    path(round_path + "unregister/", manage.unregister, name="unregister"),
    path(round_path + "close/", manage.close, name="close"),
    path(round_path + "reopen/", manage.reopen, name="reopen"),
    path(round_path + "draw/", manage.draw, name="draw"),
    path(round_path + "swap/", manage.swap, name="swap"),
    path(round_path + "publish/", manage.publish, name="publish"),
    path(round_path + "finish/", manage.finish, name="finish"),
    path(round_path + "links/", seat_links.issue, name="issue_links"),
    path(round_path + "links/revoke/", seat_links.revoke, name="revoke_link"),
    path(round_path + "tables/<int:table>/not-played/", not_played.toggle, name="not_played"),
]
