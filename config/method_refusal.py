"""A request in a method the address does not take (405) is answered with a sentence.

Django's `require_http_methods` (require_safe, require_POST) answers 405 with an empty body,
which a visitor, or a script that posts where it should read, cannot make sense of. This
middleware, inside the locale middleware so the sentence is in the page's language, gives
such an answer a sentence naming the method refused and the ones the address takes (its
`Allow` header). An answer that already says something (the API's JSON) is left as it is.

A browser that opens a form's address (a restored tab, an address from its history: the
form's POST answered there) gets a page of the site's, saying so, with a button to the page
the address belongs to when there is one (its parent address, /tables/45/ for
/tables/45/dispute/). Either way the answer's Content-Length is the sentence's.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
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
            if request.method in ("GET", "HEAD") and "text/html" in request.headers.get(
                "Accept", ""
            ):
                page = {"sentence": sentence, "parent": parent_page(request.path)}
                body = render_to_string("405.html", page, request=request).encode()
                content_type = "text/html; charset=utf-8"
            else:
                body, content_type = sentence.encode(), "text/plain; charset=utf-8"
            response.content = body  # type: ignore[attr-defined]  # not streaming
            response.headers["Content-Type"] = content_type
            # CommonMiddleware, inside this one, measured the empty body.
            response.headers["Content-Length"] = str(len(body))
        return response


def parent_page(path: str) -> str | None:
    """The address one level up from `path` when the site has a page there, else None."""
    parent = path.rstrip("/").rsplit("/", 1)[0] + "/"
    if parent in ("/", path):
        return None
    try:
        resolve(parent)
    except Resolver404:
        return None
    return parent
