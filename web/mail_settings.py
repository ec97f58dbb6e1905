"""The e-mail part of a player's own page (/me/): his address (set, changed or cleared), the
language his e-mails are written in (each language named in itself) and the kinds of e-mail
he gets, each with its button to unsubscribe or subscribe again."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.acting import signed_in_user
from core.bidi import isolate
from mail.address_change import change_address
from mail.addresses import AddressForm
from mail.kinds import UNSUBSCRIBABLE, Kind
from mail.recipients import LANGUAGES, preferences, set_language, set_subscribed


def mail_settings(user: Any) -> dict[str, object]:
    """What /me/ shows of `user`'s e-mails: his language, the languages, the kinds."""
    chosen = preferences(user)  # one query
    return {
        "address": getattr(user, "email", "") or "",
        "language": chosen.language,
        "languages": list(settings.LANGUAGES),
        "kinds": [
            {"kind": kind, "subscribed": kind not in chosen.unsubscribed} for kind in UNSUBSCRIBABLE
        ],
    }


def _back() -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("web:my_rounds") + "#emails")


@login_required
@require_POST
def set_my_address(request: HttpRequest) -> HttpResponse:
    """Keep the signed-in user's e-mail address (mail.addresses' checks); empty: none."""
    user = signed_in_user(request.user)
    form = AddressForm(request.POST, user=user)
    if not form.is_valid():
        for error in form.errors["email"]:
            messages.error(request, str(error))
        return _back()
    told = change_address(user, form.cleaned_data["email"])
    if user.email:
        messages.success(
            request, _("Your e-mails go to %(address)s.") % {"address": isolate(user.email)}
        )
    else:
        messages.success(request, _("Your account has no e-mail address now: it gets no e-mails."))
    if told:
        messages.info(request, _("The address it had got an e-mail saying so."))
    return _back()


@login_required
@require_POST
def set_my_language(request: HttpRequest) -> HttpResponse:
    """Keep the language chosen for the signed-in user's e-mails."""
    code = request.POST.get("language", "")
    if code not in LANGUAGES:
        messages.error(request, _("Choose one of the languages offered."))
        return _back()
    set_language(request.user, code)
    name = dict(settings.LANGUAGES)[code]
    messages.success(
        request, _("Your e-mails will be written in %(language)s.") % {"language": name}
    )
    return _back()


@login_required
@require_POST
def set_my_subscription(request: HttpRequest, kind: str) -> HttpResponse:
    """Unsubscribe the signed-in user from e-mails of `kind`, or subscribe him again."""
    if kind not in UNSUBSCRIBABLE:
        messages.error(request, _("There is no such kind of e-mail to unsubscribe from."))
        return _back()
    subscribed = request.POST.get("subscribed") == "1"
    set_subscribed(request.user, kind, subscribed)
    label = Kind(kind).label
    if subscribed:
        messages.success(
            request, _("You will get these e-mails again: %(kind)s.") % {"kind": label}
        )
    else:
        messages.success(
            request, _("You will get no more of these e-mails: %(kind)s.") % {"kind": label}
        )
    return _back()
