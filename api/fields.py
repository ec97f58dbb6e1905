"""Strict request fields: a value of the wrong JSON type is refused, never coerced.

DRF's fields accept `"yes"` for a boolean, `-60.0` or `"7"` for an integer and a number for a
string; the OpenAPI schema says otherwise, so the API refuses them as the schema does.
Each text field's check is a regular expression that drf-spectacular copies into the schema
as its `pattern`, written so that Python and ECMA-262 read it alike (no `\\w`, `\\s` or `\\p`).
"""

from __future__ import annotations

import re
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

# A slug: no space, control character or ASCII punctuation but `-` and `_`; letters of any
# script (and any other non-ASCII character) pass, so every Unicode slug Django makes does.
SLUG_REGEX = r"^[^\x00-\x2C\x2E\x2F\x3A-\x40\x5B-\x5E\x60\x7B-\x7F]+\Z"
# The same as the schema's pattern (drf-spectacular's spelling of SLUG_REGEX).
SLUG_PATTERN = r"^[^\u0000-\u002C\u002E\u002F\u003A-\u0040\u005B-\u005E\u0060\u007B-\u007F]+$"
SLUG_HINT = "is not a slug: use letters, digits, hyphens and underscores only"
# Some character that is not whitespace to Python's str.strip(), which DRF trims text with.
NOT_BLANK_REGEX = r"[^\t-\r\x1C-\x20\x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"

_SLUG = re.compile(SLUG_REGEX)


def is_slug(value: str) -> bool:
    """True for a slug as SLUG_REGEX says (letters of any script, digits, `-` and `_`)."""
    return _SLUG.match(value) is not None


class StrictCharField(serializers.CharField):
    """A JSON string (not a number or a boolean turned into text) that is not only spaces."""

    def __init__(self, **kwargs: Any) -> None:
        validators = [*kwargs.pop("validators", []), RegexValidator(NOT_BLANK_REGEX)]
        super().__init__(validators=validators, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class SlugReferenceField(serializers.CharField):
    """A league or season slug in a request body: a JSON string, taken as sent."""

    def __init__(self, **kwargs: Any) -> None:
        validator = RegexValidator(SLUG_REGEX, message=SLUG_HINT)
        super().__init__(max_length=120, trim_whitespace=False, validators=[validator], **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


@extend_schema_field({"type": "object", "additionalProperties": {}})
class JsonObjectField(serializers.JSONField):
    """A JSON object (not `null`, a list or a scalar), as the schema says; what it holds is
    checked by whoever reads it."""

    default_error_messages = {"not_object": "Must be a JSON object."}

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            self.fail("not_object")
        return value


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
