"""What a visitor sees once the sign-in limit (accounts/signin_limits.py) locks them out.

Axes answers every locked-out sign-in, on the login page and the admin's alike, through
`lockout_response` (settings.AXES_LOCKOUT_CALLABLE): the login page with a clear message,
status 429 and Retry-After.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.signin_limits import WINDOW_SECONDS


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """The login page saying to wait, with 429 Too Many Requests and Retry-After."""
    context = {
        "form": AuthenticationForm(request),
        "next": request.POST.get("next", ""),
        "lockout_message": _("Too many failed sign-ins; please wait 15 minutes and try again."),
    }
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(WINDOW_SECONDS)
    return response
