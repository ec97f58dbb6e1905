"""Text the database cannot store is refused at the door: NUL bytes and lone surrogates.

PostgreSQL refuses NUL (U+0000) in text, and a lone surrogate (U+D800..U+DFFF) is not
Unicode, so either one used to reach a query and answer 500. One middleware answers for
every view: a path with one is a 404 (no page has such an address); a query parameter or
a form field with one is a 400 naming it. Under /api/ the answers use the API's error shape
(api/errors.py, code `invalid_text`); API bodies are JSON, read by the API's own parser.
Uploaded files are read by their forms (the player CSV import refuses such a line).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.template import loader
from django.utils.translation import gettext as _

from api.errors import ApiErrorCode
from core.unstorable import is_storable, printable
from scoring.problems import Problem

API_PREFIX = "/api/"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _bad_field(fields: QueryDict) -> str | None:
    for key, values in fields.lists():
        if not is_storable(key) or not all(is_storable(v) for v in values):
            return key
    return None


def _form_fields(request: HttpRequest) -> Iterable[QueryDict]:
    yield request.GET
    # The API reads JSON bodies only (its parser checks them); forms are read for the pages.
    if (
        request.method == "POST"
        and not request.path.startswith(API_PREFIX)
        and request.content_type in FORM_TYPES
    ):
        _keep_body_readable(request)
        yield request.POST


def _keep_body_readable(request: HttpRequest) -> None:
    """Read a multipart body into request.body first (within Django's own size limit), so a
    view that reads request.body after the fields were parsed still can; parsing from the
    stream would consume it. Larger bodies are parsed from the stream, as Django does."""
    if request.content_type != "multipart/form-data":
        return  # an url-encoded form is parsed from request.body already
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    declared = str(request.META.get("CONTENT_LENGTH") or "0")
    if limit is None or (declared.isdigit() and int(declared) <= limit):
        request.body  # noqa: B018 (caches the body)


class HostileInputMiddleware:
    """Answers 404 for a path, and 400 for a query parameter or form field, with NUL or a
    lone surrogate, before any view (or database query) sees it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        api = request.path.startswith(API_PREFIX)
        if not is_storable(request.path):
            if api:
                message = "Nothing is here; check the address and its slug or number."
                body = {"errors": [Problem(ApiErrorCode.NOT_FOUND, "", message).to_json()]}
                return JsonResponse(body, status=404)
            raise Http404(_("There is no page at this address."))
        for fields in _form_fields(request):
            field = _bad_field(fields)
            if field is not None:
                return _refuse_field(request, printable(field), api)
        return self.get_response(request)


def _refuse_field(request: HttpRequest, field: str, api: bool) -> HttpResponse:
    if api:
        message = (
            f"The parameter '{field}' contains a NUL byte or a lone surrogate, "
            "which is not text we can store."
        )
        body = {"errors": [Problem(ApiErrorCode.INVALID_TEXT, field, message).to_json()]}
        return JsonResponse(body, status=400)
    message = _(
        "The field “%(field)s” contains a character that is not allowed (a NUL byte or a "
        "lone surrogate). Remove it and try again."
    ) % {"field": field}
    page = loader.get_template("error.html").render(
        {"status": 400, "message": message, "retry_address": request.path}, request
    )
    return HttpResponse(page, status=400)
