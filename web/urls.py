"""Public pages: home, season table, rounds, players, head-to-head, ratings, archive and rules
(FORMATS.md 7); and a player's own page (/me/) with registering for rounds."""

from django.urls import path

from web import draw_check, feeds, live, mail_settings, me, ratings, views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("seasons/", views.archive, name="archive"),
    path("seasons/<str:season>/", views.season_table, name="season"),
    path("seasons/<str:season>/rules/", views.season_rules_page, name="rules"),
    path("seasons/<str:season>/live/", live.season_live, name="live"),
    path("seasons/<str:season>/calendar.ics", feeds.season_calendar, name="season_calendar"),
    path("seasons/<str:season>/rounds/<int:number>/", views.round_detail, name="round"),
    path(
        "seasons/<str:season>/rounds/<int:number>/draw-check/",
        draw_check.draw_check,
        name="draw_check",
    ),
    path("players/<str:player>/", views.player_detail, name="player"),
    path("players/<str:player>/calendar.ics", feeds.player_calendar, name="player_calendar"),
    path("players/<str:player>/vs/<str:other>/", ratings.head_to_head, name="head_to_head"),
    path("ratings/", ratings.rating_list, name="ratings"),
    path("language/<str:code>/", views.switch_language, name="language"),
    path("me/", me.my_rounds, name="my_rounds"),
    path("me/registration/", me.my_registration, name="my_registration"),
    path("me/rounds/<int:round_id>/register/", me.register_me, name="register"),
    path("me/rounds/<int:round_id>/unregister/", me.unregister_me, name="unregister"),
    path("me/mail/address/", mail_settings.set_my_address, name="mail_address"),
    path("me/mail/language/", mail_settings.set_my_language, name="mail_language"),
    path("me/mail/<str:kind>/", mail_settings.set_my_subscription, name="mail_subscription"),
]
