"""JSON bodies with a size cap (413), a nesting cap and no NUL character, so none gives a 500."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from api.errors import PayloadTooLarge
from api.limits import max_body_bytes

MAX_DEPTH = 32


def json_shape(value: Any) -> tuple[int, bool]:
    """How deeply a parsed JSON value nests, and whether any string or key holds a NUL."""
    deepest, nul = 0, False
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, str):
            nul = nul or "\x00" in item
        elif isinstance(item, Mapping):
            nul = nul or any("\x00" in key for key in item)
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest, nul


def refuse_oversized_body(request: Any) -> None:
    """413 before anything reads a body whose declared length is over the limit."""
    limit = max_body_bytes()
    declared = request.META.get("CONTENT_LENGTH")
    if declared and str(declared).isdigit() and int(declared) > limit:
        raise PayloadTooLarge(limit)


class LimitedJSONParser(JSONParser):
    """Reads at most the size limit (answering 413 beyond it) and refuses absurd nesting."""

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
            data = super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("The JSON nests too deeply.") from None
        depth, nul = json_shape(data)
        if depth > MAX_DEPTH:
            raise exceptions.ParseError(f"The JSON nests deeper than {MAX_DEPTH} levels.")
        if nul:
            # PostgreSQL cannot store NUL in text or JSON; refuse it here, for every field.
            raise exceptions.ParseError("The JSON contains a NUL character (\\u0000).")
        return data
