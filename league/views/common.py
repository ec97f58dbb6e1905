"""What every write view does with an action: run it, report its outcome, redirect back."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from core.errors import ActionCode, ActionError
from league.draw import DrawError

MAX_ID = 2**63 - 1
DIGITS = re.compile(r"[0-9]{1,19}")  # ASCII digits only: "²".isdigit() is True


def parse_id(value: object) -> int:
    """A database id from form input; 0 (matches nothing) when it is not one."""
    text = str(value).strip() if value is not None else ""
    if not DIGITS.fullmatch(text):
        return 0
    number = int(text)
    return number if number <= MAX_ID else 0


AT_FORM = "at-form"  # a flashed sentence shown beside its form, not at the top of the page


def refused(
    request: HttpRequest, error: ActionError | DrawError, back: str, *, at_form: str = ""
) -> HttpResponse:
    """A refused action: 403 when forbidden, else its sentence flashed and back to `back`.

    With `at_form` (the id of the form on that page), the sentence is shown beside that form
    (tagged AT_FORM and the id) and the page opens at it.
    """
    if isinstance(error, ActionError) and error.code == ActionCode.FORBIDDEN:
        raise PermissionDenied(error.message)
    if not at_form:
        messages.error(request, str(error))
        return HttpResponseRedirect(back)
    messages.error(request, str(error), extra_tags=f"{AT_FORM} {at_form}")
    return HttpResponseRedirect(f"{back}#{at_form}")


def run_action(
    request: HttpRequest,
    action: Callable[[], Any],
    *,
    success: str,
    back: str,
    refused_to: str = "",
    at_form: str = "",
) -> HttpResponse:
    """Run `action`; flash `success` and redirect to `back`, or flash the refusal's sentence
    and redirect to `refused_to` (default `back`), beside the form `at_form` if given."""
    try:
        action()
    except (ActionError, DrawError) as error:
        return refused(request, error, refused_to or back, at_form=at_form)
    messages.success(request, success)
    return HttpResponseRedirect(back)
