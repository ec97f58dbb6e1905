"""Account pages: sign up, claim a player record; organizers decide claims, invite, import CSV."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts.actions import decide_claim, import_players, invite_player, request_claim
from accounts.models import PlayerClaim
from accounts.permissions import claims_scope
from core.errors import ActionCode, ActionError
from core.permissions import is_any_organizer, require_any_organizer
from league.actions.players import player_of
from league.models import Player
from league.views.common import refused, run_action

MAX_CSV_BYTES = 1_000_000


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; then claim a player record."""
    if request.user.is_authenticated:
        return HttpResponseRedirect(reverse("claim_player"))
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
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
    claims = PlayerClaim.objects.filter(user=request.user).select_related("player")
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
    """Organizers create many players at once from a CSV file."""
    require_any_organizer(request.user)
    form = PlayerCsvForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        back = reverse("import_players")
        if upload.size > MAX_CSV_BYTES:
            messages.error(request, _("The file is too large (at most 1 MB)."))
            return HttpResponseRedirect(back)
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            messages.error(request, _("The file must be UTF-8 text."))
            return HttpResponseRedirect(back)
        try:
            created, existing = import_players(text, actor=request.user)
        except ActionError as error:
            return refused(request, error, back)
        messages.success(
            request,
            _("%(created)d players created, %(existing)d already existed.")
            % {"created": len(created), "existing": len(existing)},
        )
        return HttpResponseRedirect(back)
    return render(
        request,
        "registration/import_players.html",
        {"form": form},
        status=400 if form.errors else 200,
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

        def link_for(user: object) -> str:
            uid = urlsafe_base64_encode(force_bytes(user.pk))  # type: ignore[attr-defined]
            token = default_token_generator.make_token(user)  # type: ignore[arg-type]
            return request.build_absolute_uri(reverse("password_reset_confirm", args=[uid, token]))

        try:
            invite_player(name, email, actor=request.user, link_for=link_for)
        except ActionError as error:
            if error.code != ActionCode.FORBIDDEN:
                return refused(request, error, reverse("invite_player"))
            form.add_error("name", error.message)
            return render(request, "registration/invite.html", {"form": form}, status=403)
        messages.success(
            request,
            _("%(name)s is invited; the e-mail has a link to choose a password.") % {"name": name},
        )
        return HttpResponseRedirect(reverse("invite_player"))
    return render(
        request, "registration/invite.html", {"form": form}, status=400 if form.errors else 200
    )
