"""The door: the outermost middleware, which answers kept public pages (web.page_door for
anonymous visitors, web.signed_door for signed-in ones) before the rest of the stack runs,
and keeps the answers the stack gives that may be given again."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseBase

from web import page_cache, signed_door
from web.page_door import (
    SHARED,
    body_of,
    encoding,
    entry_key,
    keep,
    keepable,
    may_serve,
    read,
    replay,
)


class PageDoorMiddleware:
    """Serves kept anonymous public pages before the rest of the stack; keeps new ones."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if not may_serve(request):
            return self.get_response(request)
        try:
            if page_cache.anonymous(request):
                return self.anonymous(request, entry_key(request, encoding(request)))
            secret = signed_door.csrf_secret(request)
            if secret is not None and settings.SESSION_COOKIE_NAME in request.COOKIES:
                return self.signed_in(request, secret)
        except DisallowedHost:
            pass  # Django answers it as it always does
        return self.get_response(request)

    def anonymous(self, request: HttpRequest, key: str) -> HttpResponseBase:
        generation, entry = read(key)
        if entry is not None:
            body = body_of(entry)
            if body is not None:
                return replay(request, entry, body)
        response = self.get_response(request)
        if keepable(request, response, key):
            assert isinstance(response, HttpResponse)  # keepable checked it
            keep(key, generation, response, response.content, made=request.META[SHARED])
        return response

    def signed_in(self, request: HttpRequest, secret: str) -> HttpResponseBase:
        visit = signed_door.serve(request, secret)
        if visit.response is not None:
            return visit.response
        response = self.get_response(request)
        signed_door.keep(request, response, visit)
        return response
