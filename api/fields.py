"""Strict request fields: a value of the wrong JSON type is refused, never coerced.

DRF's fields accept `"yes"` for a boolean, `-60.0` or `"7"` for an integer and a number for a
string; the OpenAPI schema says otherwise, so the API refuses them as the schema does.
Slugs are letters of any script, digits, hyphens and underscores (`SLUG_PATTERN`).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

# The schema's slug pattern: in ECMA-262 (`\p{...}` with Unicode) exactly what `is_slug` accepts.
SLUG_PATTERN = r"^[-_\p{L}\p{N}]+$"
SLUG_HINT = "is not a slug: use letters, digits, hyphens and underscores only"


def is_slug(value: str) -> bool:
    """True for a non-empty run of letters (any script), digits, hyphens and underscores."""
    return bool(value) and all(
        char in "-_" or unicodedata.category(char)[0] in "LN" for char in value
    )


class StrictCharField(serializers.CharField):
    """A JSON string (not a number or a boolean turned into text)."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer (not `1.0`, `"1"` or `true`)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    """A JSON `true` or `false` (not `"yes"`, `1` or `"true"`)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


def _validate_slug(value: str) -> None:
    if not is_slug(value):
        raise serializers.ValidationError(SLUG_HINT)


@extend_schema_field({"type": "string", "pattern": SLUG_PATTERN, "maxLength": 120})
class SlugReferenceField(StrictCharField):
    """A league or season slug in a request body (at most 120 characters)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=120, validators=[_validate_slug], **kwargs)
