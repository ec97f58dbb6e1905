"""drf-spectacular postprocessing: the schema documents what the API answers.

Every /api/v1/ operation lists the error answers it can give (in the API's one error shape),
and slugs carry the pattern the API checks: letters of any script, not ECMA's ASCII `\\w`.
"""

from __future__ import annotations

from typing import Any

from api.fields import SLUG_PATTERN

# drf-spectacular's pattern for Django's Unicode slug fields.
_UNICODE_SLUG = r"^[-\w]+$"
_ERROR_LIST = {"$ref": "#/components/schemas/ErrorList"}
_ANSWERS = {
    "400": "Invalid request (query, path or body); every problem is listed with its path.",
    "401": "An unknown or revoked bearer token.",
    "403": "The token may not do this.",
    "404": "No such object or address.",
    "406": "The `Accept` header asks for something other than JSON.",
    "413": "The request body is too large.",
    "415": "The body is not JSON.",
    "429": "Too many requests; retry after `Retry-After` seconds.",
}
_READ_ANSWERS = ("400", "401", "404", "406", "413", "429")
# Request shapes that need one field of a group, as their serializers' `validate` checks.
_ONE_OF_FIELDS = {
    "PlayerRef": [("id", "name")],
    "GameSubmission": [("scores", "record"), ("season", "league")],
}


def document_api_answers(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Add the missing error answers of every /api/v1/ operation; give slugs our pattern."""
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/api/v1/"):
            continue
        for method, operation in operations.items():
            codes = _READ_ANSWERS if method == "get" else tuple(_ANSWERS)
            responses = operation.setdefault("responses", {})
            for code in codes:
                responses.setdefault(
                    code,
                    {
                        "description": _ANSWERS[code],
                        "content": {"application/json": {"schema": _ERROR_LIST}},
                    },
                )
    _require_one_of(result.get("components", {}).get("schemas", {}))
    _replace_slug_patterns(result)
    return result


def _require_one_of(schemas: dict[str, Any]) -> None:
    """`allOf` of `anyOf: required` rules: at least one field of each group is sent."""
    for name, groups in _ONE_OF_FIELDS.items():
        if name in schemas:
            schemas[name]["allOf"] = [
                {"anyOf": [{"required": [field]} for field in group]} for group in groups
            ]


def _replace_slug_patterns(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("pattern") == _UNICODE_SLUG:
            node["pattern"] = SLUG_PATTERN
        for value in node.values():
            _replace_slug_patterns(value)
    elif isinstance(node, list):
        for value in node:
            _replace_slug_patterns(value)
