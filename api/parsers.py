"""JSON bodies with a size cap (413), read strictly (scoring.jsonio): a nesting cap, no
duplicated key, no NUL or lone surrogate, so none gives a 500 or is read two ways."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from api.errors import ApiErrorCode, InvalidRequest, PayloadTooLarge
from api.limits import max_body_bytes
from scoring.jsonio import StrictJsonCode, StrictJsonError, loads_strict
from scoring.problems import Problem

MAX_DEPTH = 32
_REFUSED_CONTENT = {
    StrictJsonCode.DUPLICATE_KEY: ApiErrorCode.DUPLICATE_KEY,
    StrictJsonCode.INVALID_TEXT: ApiErrorCode.INVALID_TEXT,
}


def refuse_oversized_body(request: Any) -> None:
    """413 before anything reads a body whose declared length is over the limit."""
    limit = max_body_bytes()
    declared = request.META.get("CONTENT_LENGTH")
    if declared and str(declared).isdigit() and int(declared) > limit:
        raise PayloadTooLarge(limit)


class LimitedJSONParser(JSONParser):
    """Reads at most the size limit (answering 413 beyond it), then strictly: 400 with the code
    `duplicate_key` or `invalid_text` and the JSON path, else `malformed`."""

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        limit = max_body_bytes()
        body = stream.read(limit + 1) if stream is not None else b""
        if len(body) > limit:
            raise PayloadTooLarge(limit)
        try:
            return loads_strict(body, max_depth=MAX_DEPTH)
        except StrictJsonError as refused:
            if refused.code in _REFUSED_CONTENT:
                code = _REFUSED_CONTENT[refused.code]
                raise InvalidRequest([Problem(code, refused.path, refused.message)]) from None
            raise exceptions.ParseError(f"The body is not JSON: {refused.message}.") from None
