"""Account pages: sign up, claim a player record; organizers decide claims, invite, import CSV."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.actions import (
    decide_claim,
    import_player_names,
    invite_player,
    read_player_csv,
    request_claim,
)
from accounts.models import PlayerClaim
from accounts.signup_form import SignupForm
from core.acting import signed_in_user
from core.errors import ActionCode, ActionError
from core.permissions import is_any_organizer, require_any_organizer
from core.site import absolute_url
from league.actions.players import NameChoiceMissing, match_players, player_of
from league.models import Player
from league.name_match import NameMatch
from league.permissions import claims_scope
from league.views.common import refused, run_action
from league.views.name_choices import (
    choice_rows,
    confirming,
    needs_confirmation,
    posted_choices,
    typed_names,
)
from mail.recipients import remember_language

MAX_CSV_BYTES = 1_000_000


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; then claim a player record."""
    if request.user.is_authenticated:
        return HttpResponseRedirect(reverse("claim_player"))
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # The language LocaleMiddleware chose (the browser's, or the switch's) is his.
        remember_language(user, request.LANGUAGE_CODE)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! Now claim your player record."))
        return HttpResponseRedirect(reverse("claim_player"))
    return render(request, "registration/signup.html", {"form": form})


class ClaimForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.filter(user__isnull=True).order_by("name"),
        label=gettext_lazy("I am"),
    )


@login_required
@require_http_methods(["GET", "POST"])
def claim_player(request: HttpRequest) -> HttpResponse:
    """Ask to be linked to an existing player record (an organizer approves)."""
    form = ClaimForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return run_action(
            request,
            lambda: request_claim(request.user, form.cleaned_data["player"]),
            success=_("Your claim is waiting for an organizer's approval."),
            back=reverse("claim_player"),
        )
    claims = PlayerClaim.objects.filter(user=signed_in_user(request.user)).select_related("player")
    return render(
        request,
        "registration/claim.html",
        {"form": form, "claims": claims, "player": player_of(request.user)},
        status=400 if form.errors else 200,
    )


@login_required
def claims(request: HttpRequest) -> HttpResponse:
    """The organizers' list of pending claims."""
    require_any_organizer(request.user)
    pending = PlayerClaim.objects.filter(
        claims_scope(request.user), status=PlayerClaim.Status.PENDING
    ).select_related("player", "user")
    return render(request, "registration/claims.html", {"claims": pending})


@login_required
@require_POST
def decide(request: HttpRequest, claim_id: int) -> HttpResponse:
    """Approve or reject one claim (POST `decision` = approve | reject)."""
    if not is_any_organizer(request.user):
        raise PermissionDenied(_("Only an organizer may decide claims."))
    approve = request.POST.get("decision") == "approve"
    return run_action(
        request,
        lambda: decide_claim(claim_id, approve=approve, actor=request.user),
        success=_("Claim approved.") if approve else _("Claim rejected."),
        back=reverse("claims"),
    )


class PlayerCsvForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("CSV file with a 'name' column"))


@login_required
@require_http_methods(["GET", "POST"])
def import_players_view(request: HttpRequest) -> HttpResponse:
    """Organizers create many players at once from a CSV file; names that are new or near a
    known player's are confirmed one by one before anything is created."""
    require_any_organizer(request.user)
    back = reverse("import_players")
    if request.method == "POST" and confirming(request):
        return _import_names(request, typed_names(request), confirmed=True)
    form = PlayerCsvForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            messages.error(request, _("The file is too large (at most 1 MB)."))
            return HttpResponseRedirect(back)
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            messages.error(request, _("The file must be UTF-8 text."))
            return HttpResponseRedirect(back)
        try:
            names = read_player_csv(text)
        except ActionError as error:
            return refused(request, error, back)
        return _import_names(request, names, confirmed=False)
    return render(
        request,
        "registration/import_players.html",
        {"form": form},
        status=400 if form.errors else 200,
    )


def _import_names(request: HttpRequest, names: list[str], *, confirmed: bool) -> HttpResponse:
    back = reverse("import_players")
    matches: list[NameMatch] = []
    choices: dict[str, str] = {}
    try:
        matches = match_players(names)
        if not confirmed and needs_confirmation(matches):
            return _confirm_import(request, matches)
        choices = posted_choices(request, matches)
        created, existing = import_player_names(names, actor=request.user, choices=choices)
    except NameChoiceMissing as missing:
        return _confirm_import(request, matches, choices, missing.message)
    except ActionError as error:
        return refused(request, error, back)
    made = ngettext("%(count)d player created", "%(count)d players created", len(created)) % {
        "count": len(created)
    }
    kept = ngettext("%(count)d already existed", "%(count)d already existed", len(existing)) % {
        "count": len(existing)
    }
    messages.success(request, _("%(created)s, %(existing)s.") % {"created": made, "existing": kept})
    return HttpResponseRedirect(back)


def _confirm_import(
    request: HttpRequest,
    matches: list[NameMatch],
    choices: dict[str, str] | None = None,
    error: str = "",
) -> HttpResponse:
    return render(
        request,
        "league/confirm_names.html",
        {
            "heading": _("Import players: who are they?"),
            "rows": choice_rows(matches, choices),
            "action": reverse("import_players"),
            "back": reverse("import_players"),
            "submit": _("Import"),
            "error": error,
        },
        status=400 if error else 200,
    )


class InviteForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Player's name"), max_length=80)
    email = forms.EmailField(label=gettext_lazy("E-mail"))


@login_required
@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest) -> HttpResponse:
    """An organizer creates a player with an account and e-mails a set-password link."""
    require_any_organizer(request.user)
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        name, email = form.cleaned_data["name"], form.cleaned_data["email"]

        def link_for(user: User) -> str:
            uid = urlsafe_base64_encode(force_bytes(user.pk))
            token = default_token_generator.make_token(user)
            return absolute_url(reverse("password_reset_confirm", args=[uid, token]), request)

        try:
            player = invite_player(name, email, actor=request.user, link_for=link_for)
        except ActionError as error:
            if error.code != ActionCode.FORBIDDEN:
                return refused(request, error, reverse("invite_player"))
            form.add_error("name", error.message)
            return render(request, "registration/invite.html", {"form": form}, status=403)
        messages.success(
            request,
            _("%(name)s is invited; the e-mail has a link to choose a password.")
            % {"name": player.name},
        )
        return HttpResponseRedirect(reverse("invite_player"))
    return render(
        request, "registration/invite.html", {"form": form}, status=400 if form.errors else 200
    )
