"""Top-level URL routes: each app owns its own urls module."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("api/", include("api.urls")),
    path("manage/", include("league.urls")),
    path("", include("games.urls")),
    path("", include("web.urls")),
]
