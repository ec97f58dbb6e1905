"""A request in a method the address does not take (405) is answered with a sentence.

Django's `require_http_methods` (require_safe, require_POST) answers 405 with an empty body,
which a visitor, or a script that posts where it should read, cannot make sense of. This
middleware, inside the locale middleware so the sentence is in the page's language, gives
such an answer a sentence naming the method refused and the ones the address takes (its
`Allow` header). An answer that already says something (the API's JSON) is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils.translation import gettext as _

METHOD_NOT_ALLOWED = 405


class MethodRefusalMiddleware:
    """Give an empty 405 its sentence."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if (
            response.status_code == METHOD_NOT_ALLOWED
            and not response.streaming
            and not response.content  # type: ignore[attr-defined]  # not streaming: it has content
        ):
            allowed = response.headers.get("Allow", "")
            sentence = _(
                "This address does not answer a %(method)s request. It answers: %(allowed)s."
            ) % {"method": request.method, "allowed": allowed}
            response.content = sentence.encode()  # type: ignore[attr-defined]  # not streaming
            response.headers["Content-Type"] = "text/plain; charset=utf-8"
        return response
