"""The model field of a league's holiday list: JSON in the database, a box per holiday of
league.holidays in every form (the admin's included)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models

from league.holidays import HOLIDAYS


class HolidayListField(models.JSONField):
    """A list of league.holidays' keys."""

    def formfield(self, **kwargs: Any) -> Any:
        return forms.TypedMultipleChoiceField(
            choices=[(key, holiday.name) for key, holiday in HOLIDAYS.items()],
            widget=forms.CheckboxSelectMultiple,
            required=False,
            label=self.verbose_name,
            help_text=self.help_text,
        )
