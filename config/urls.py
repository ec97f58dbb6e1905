"""Top-level URL routes: each app owns its own urls module."""

from django.contrib import admin
from django.urls import include, path

from accounts.unsubscribe import unsubscribe
from config.installable import service_worker, web_manifest
from config.readiness import ReadinessView
from config.views import favicon, healthz, robots_txt

handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", ReadinessView.as_view(), name="readyz"),
    path("robots.txt", robots_txt, name="robots_txt"),
    path("favicon.ico", favicon, name="favicon"),
    path("sw.js", service_worker, name="service_worker"),
    path("manifest.webmanifest", web_manifest, name="web_manifest"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("mail/unsubscribe/<str:token>/", unsubscribe, name="mail_unsubscribe"),
    path("api/", include("api.urls")),
    path("manage/", include("desk.urls")),
    path("", include("games.urls")),
    path("", include("web.urls")),
]
