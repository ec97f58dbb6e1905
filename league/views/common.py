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


def refused(request: HttpRequest, error: ActionError | DrawError, back: str) -> HttpResponse:
    """A refused action: 403 when forbidden, else its sentence flashed and back to `back`."""
    if isinstance(error, ActionError) and error.code == ActionCode.FORBIDDEN:
        raise PermissionDenied(error.message)
    messages.error(request, str(error))
    return HttpResponseRedirect(back)


def run_action(
    request: HttpRequest, action: Callable[[], Any], *, success: str, back: str
) -> HttpResponse:
    """Run `action`; flash `success` or the refusal's sentence; redirect to `back`."""
    try:
        action()
    except (ActionError, DrawError) as error:
        return refused(request, error, back)
    messages.success(request, success)
    return HttpResponseRedirect(back)
