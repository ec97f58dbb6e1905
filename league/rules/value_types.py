"""The kinds of value a rule takes. Each is read from a stored rules dict (checked against its
bounds, one `RulesError` naming the bad value), written back to it, and edited in the season
wizard's form: the form field, the value it shows, and the value read back from it (a
`ValueError` with a sentence when the text is malformed)."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from django import forms
from django.utils.translation import gettext

from league.rules.errors import (
    AT_LEAST,
    AT_MOST,
    IS_MISSING,
    MUST_BE_A_LIST,
    MUST_BE_A_TIME,
    MUST_BE_AN_OBJECT,
    MUST_BE_WHOLE,
    ONE_OF,
    WEEKDAY_TWICE,
    RulesError,
    not_a_rule,
)
from league.rules.names import CLUB_WEEK, WEEKDAY_NAMES
from league.rules.objects import WEEKDAYS

WEEKDAY_CHOICES = [(day, WEEKDAY_NAMES[day]) for day in CLUB_WEEK]


class ValueType:
    """How one kind of value is read, stored and edited (a text box unless said otherwise)."""

    default_help = ""

    def read(self, value: Any, path: str) -> Any:
        """The checked value of the rule at `path`; RulesError if it is not one."""
        raise NotImplementedError

    def stored(self, value: Any) -> Any:
        """The JSON-ready value of a read value."""
        return value

    def object_keys(self, path: str) -> dict[str, tuple[str, ...]]:
        """The keys of the objects this value holds, by the name the schema gives them."""
        return {}

    def help_values(self) -> dict[str, object]:
        """The %(name)s values of the form's help text."""
        return {}

    def form_field(self, **common: Any) -> forms.Field:
        # Lists of numbers read left to right on a right-to-left page too.
        return forms.CharField(
            required=False, max_length=200, widget=forms.TextInput(attrs={"dir": "ltr"}), **common
        )

    def shown(self, stored: Any) -> Any:
        """The form's initial value for a stored value."""
        return stored

    def edited(self, cleaned: Any) -> Any:
        """The stored value of a cleaned form value; ValueError with a sentence if malformed."""
        return cleaned


@dataclass(frozen=True)
class Whole(ValueType):
    """A whole number from `least` to `most`; `optional`: or None (left empty)."""

    least: int
    most: int
    optional: bool = False
    default_help = "%(range)s"

    def read(self, value: Any, path: str) -> int | None:
        if self.optional and value is None:
            return None
        return read_int(value, path, self.least, self.most)

    def help_values(self) -> dict[str, object]:
        return {"range": f"{self.least}-{self.most}"}

    def form_field(self, **common: Any) -> forms.Field:
        return forms.IntegerField(required=not self.optional, **common)


@dataclass(frozen=True)
class Numbers(ValueType):
    """A list of whole numbers from `least` to `most`: `count` of them if given, and in
    `order` if given ('rising': each more than the one before; 'not rising': none more)."""

    least: int
    most: int
    count: int | None = None
    count_error: str = ""
    order: Literal["rising", "not rising"] | None = None
    order_error: str = ""

    def read(self, value: Any, path: str) -> tuple[int, ...]:
        numbers = tuple(
            read_int(v, f"{path}[{i}]", self.least, self.most)
            for i, v in enumerate(read_list(value, path))
        )
        if self.count is not None and len(numbers) != self.count:
            raise RulesError(path, self.count_error)
        pairs = list(itertools.pairwise(numbers))
        if self.order == "rising" and any(a >= b for a, b in pairs):
            raise RulesError(path, self.order_error)
        if self.order == "not rising" and any(a < b for a, b in pairs):
            raise RulesError(path, self.order_error)
        return numbers

    def stored(self, value: Any) -> list[int]:
        return list(value)

    def help_values(self) -> dict[str, object]:
        return {"max": self.most}

    def shown(self, stored: Any) -> str:
        return ", ".join(str(v) for v in stored)

    def edited(self, cleaned: Any) -> list[int]:
        return [_whole(part) for part in _parts(cleaned)]


@dataclass(frozen=True)
class Choice(ValueType):
    """One of `values()`, each with its readable `name` for the form's menu."""

    values: Callable[[], tuple[str, ...]]
    name: Callable[[str], str]

    def read(self, value: Any, path: str) -> str:
        return read_choice(value, path, self.values())

    def form_field(self, **common: Any) -> forms.Field:
        return forms.ChoiceField(choices=[(v, self.name(v)) for v in self.values()], **common)


@dataclass(frozen=True)
class Weekdays(ValueType):
    """Weekday codes ('sun'), none twice; the form ticks them in the club's week."""

    def read(self, value: Any, path: str) -> tuple[str, ...]:
        days = read_list(value, path)
        for i, day in enumerate(days):
            read_choice(day, f"{path}[{i}]", WEEKDAYS)
        if len(set(days)) != len(days):
            raise RulesError(path, WEEKDAY_TWICE)
        return tuple(days)

    def stored(self, value: Any) -> list[str]:
        return list(value)

    def form_field(self, **common: Any) -> forms.Field:
        return forms.MultipleChoiceField(
            choices=WEEKDAY_CHOICES, required=False, widget=forms.CheckboxSelectMultiple, **common
        )

    def edited(self, cleaned: Any) -> list[str]:
        return [day for day in CLUB_WEEK if day in cleaned]


@dataclass(frozen=True)
class Time(ValueType):
    """A time of day in league time, stored as '20:30'."""

    def read(self, value: Any, path: str) -> dt.time:
        if isinstance(value, str):
            try:
                return dt.datetime.strptime(value, "%H:%M").time()
            except ValueError:
                pass
        raise RulesError(path, MUST_BE_A_TIME, value=repr(value))

    def stored(self, value: Any) -> str:
        return str(value.strftime("%H:%M"))

    def form_field(self, **common: Any) -> forms.Field:
        return forms.TimeField(
            input_formats=["%H:%M"],
            widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
            **common,
        )

    def shown(self, stored: Any) -> dt.time:
        return dt.datetime.strptime(stored, "%H:%M").time()

    def edited(self, cleaned: Any) -> str:
        return str(cleaned.strftime("%H:%M"))


@dataclass(frozen=True)
class Pairs(ValueType):
    """Objects of two whole numbers (`first` and `second`, each a key and its bounds) made
    into `make`: a list of at most `most` of them, or (`most` None) one or None. The form
    writes each as 'first:second', e.g. 8:4."""

    make: Callable[..., Any]
    first: tuple[str, Whole]
    second: tuple[str, Whole]
    most: int | None = None
    most_error: str = ""
    one_error: str = ""  # the form's sentence when (`most` None) more than one pair is written

    @property
    def keys(self) -> tuple[str, str]:
        return self.first[0], self.second[0]

    def read(self, value: Any, path: str) -> Any:
        if self.most is None:
            return None if value is None else self._one(value, path)
        items = read_list(value, path)
        if len(items) > self.most:
            raise RulesError(path, self.most_error, most=self.most)
        return tuple(self._one(item, f"{path}[{i}]") for i, item in enumerate(items))

    def _one(self, value: Any, path: str) -> Any:
        found = read_object(value, f"{path}.", self.keys)
        return self.make(
            **{
                key: kind.read(found[key], f"{path}.{key}")
                for key, kind in (self.first, self.second)
            }
        )

    def stored(self, value: Any) -> Any:
        if self.most is None:
            return None if value is None else self._stored_one(value)
        return [self._stored_one(item) for item in value]

    def _stored_one(self, item: Any) -> dict[str, int]:
        return {key: getattr(item, key) for key in self.keys}

    def object_keys(self, path: str) -> dict[str, tuple[str, ...]]:
        return {path if self.most is None else f"{path}[]": self.keys}

    def help_values(self) -> dict[str, object]:
        return {"max": self.first[1].most}

    def shown(self, stored: Any) -> str:
        first, second = self.keys
        items = [stored] if self.most is None and stored is not None else stored or []
        return ", ".join(f"{item[first]}:{item[second]}" for item in items)

    def edited(self, cleaned: Any) -> Any:
        parts = _parts(cleaned)
        if self.most is None and len(parts) > 1:
            raise ValueError(gettext(self.one_error))
        pairs = [dict(zip(self.keys, _pair(part), strict=True)) for part in parts]
        if self.most is not None:
            return pairs
        return pairs[0] if pairs else None


@dataclass(frozen=True)
class NumbersObject(ValueType):
    """An object holding one list of numbers under `key` made into `make`, or None; the form
    writes the numbers alone ('6, 3, 1, 0'), empty for None."""

    make: Callable[..., Any]
    key: str
    numbers: Numbers

    def read(self, value: Any, path: str) -> Any:
        if value is None:
            return None
        found = read_object(value, f"{path}.", (self.key,))
        return self.make(self.numbers.read(found[self.key], f"{path}.{self.key}"))

    def stored(self, value: Any) -> Any:
        return None if value is None else {self.key: list(getattr(value, self.key))}

    def object_keys(self, path: str) -> dict[str, tuple[str, ...]]:
        return {path: (self.key,)}

    def shown(self, stored: Any) -> str:
        return "" if stored is None else self.numbers.shown(stored[self.key])

    def edited(self, cleaned: Any) -> Any:
        numbers = self.numbers.edited(cleaned)
        return {self.key: numbers} if numbers else None


# --- reading ----------------------------------------------------------------------------


def read_object(value: Any, prefix: str, fields: tuple[str, ...]) -> Mapping[str, Any]:
    """`value` checked to be an object of exactly the keys `fields` (named `prefix` + key)."""
    where = prefix.rstrip(".") or "rules"
    if not isinstance(value, Mapping):
        raise RulesError(where, MUST_BE_AN_OBJECT)
    for key in value:
        if key not in fields:
            raise not_a_rule(f"{prefix}{key}", fields)
    for key in fields:
        if key not in value:
            raise RulesError(f"{prefix}{key}", IS_MISSING)
    return value


def read_int(value: Any, path: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(path, MUST_BE_WHOLE, value=repr(value))
    if value < least:
        raise RulesError(path, AT_LEAST, least=least, value=value)
    if value > most:
        raise RulesError(path, AT_MOST, most=most, value=value)
    return value


def read_list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise RulesError(path, MUST_BE_A_LIST)
    return list(value)


def read_choice(value: Any, path: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise RulesError(path, ONE_OF, choices=", ".join(choices), value=repr(value))
    return str(value)


# --- editing ----------------------------------------------------------------------------


def _parts(raw: str) -> list[str]:
    return [part.strip() for part in (raw or "").split(",") if part.strip()]


def _whole(text: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,7}", text):
        raise ValueError(
            gettext("Write whole numbers separated by commas (not '%(text)s').") % {"text": text}
        )
    return int(text)


def _pair(text: str) -> tuple[int, int]:
    left, colon, right = text.partition(":")
    if not colon:
        raise ValueError(
            gettext("Write pairs like 8:4 separated by commas (not '%(text)s').") % {"text": text}
        )
    return _whole(left.strip()), _whole(right.strip())
