"""Sign-out that leaves nothing of the player on the phone.

Django's LogoutView, whose answer also carries `Clear-Site-Data: "cache", "storage"`: the
browser drops the pages the service worker kept for offline use (static/web/sw.js,
config/offline.py), the worker itself and the deal sheet's local draft, so the next person
to pick up the phone finds none of them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse

CLEAR_SITE_DATA = '"cache", "storage"'


class SignOutView(auth_views.LogoutView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response
