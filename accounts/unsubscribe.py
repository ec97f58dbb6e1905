"""The unsubscribe page of an e-mail's link (RFC 8058): a GET shows one button and changes
nothing (a mail scanner opens links), a POST unsubscribes: the page's button or a mail
app's one-click POST (`List-Unsubscribe=One-Click`), which carries no CSRF token."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from mail.kinds import Kind
from mail.recipients import set_subscribed
from mail.tokens import BadToken, read_token


@csrf_exempt  # the token is the secret; a mail app's one-click POST has no CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the page with its one button; POST: unsubscribe. A forged, expired or unknown
    token answers a page that says so (400)."""
    try:
        target = read_token(token)
    except BadToken:
        return render(request, "registration/unsubscribe_invalid.html", status=400)
    user = get_user_model().objects.filter(pk=target.user_id).first()
    if user is None:
        return render(request, "registration/unsubscribe_invalid.html", status=400)
    kind = Kind(target.kind)
    if request.method == "POST":
        set_subscribed(user, kind, subscribed=False)
        return render(request, "registration/unsubscribed.html", {"kind": kind})
    return render(request, "registration/unsubscribe.html", {"kind": kind})
