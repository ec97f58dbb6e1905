"""Give every request its id (config.request_ids) and echo it in the response header.

Behind our own proxy (settings.BEHIND_PROXY) the proxy's id is taken from
settings.REQUEST_ID_HEADER, so its access log and the app's lines share it; otherwise, or
when the header is missing or malformed, a new one is made: a visitor cannot choose the id
under which his requests are logged.

The id holds until Django's `request_finished`, not only while the middleware runs: Django
logs a 4xx or 5xx answer (`django.request`) after the middleware has returned it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.signals import request_finished
from django.http import HttpRequest, HttpResponseBase

from config import request_ids


def request_id_of(request: HttpRequest) -> str:
    """The id this request is logged under."""
    given = request.headers.get(settings.REQUEST_ID_HEADER) if settings.BEHIND_PROXY else None
    return request_ids.accepted(given) or request_ids.new()


def _end_request(**_: Any) -> None:
    request_ids.end()


class RequestIdMiddleware:
    """The outermost middleware: everything below it and Django's answer log, the views'
    tasks included, run as part of the request's id."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        request_finished.connect(_end_request, dispatch_uid="config.request_id_middleware")

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        request_id = request_id_of(request)
        request_ids.start(request_id)
        response = self.get_response(request)
        response[settings.REQUEST_ID_HEADER] = request_id
        return response
