"""The organizer sets where his league plays (/manage/leagues/SLUG/where-we-play/): the game's
or video call's link and the join time, which the round's draw text names."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import models
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.errors import ActionError
from core.permissions import require_organizer
from league.actions.leagues import set_where_we_play
from league.models import League
from league.views.common import refused


def https_first(field: models.Field[Any, Any], **kwargs: Any) -> forms.Field | None:
    """A model field's form field; a link typed without its scheme is taken as https."""
    if isinstance(field, models.URLField):
        kwargs["assume_scheme"] = "https"
    return field.formfield(**kwargs)


class WhereWePlayForm(forms.ModelForm[League]):
    """The league's link and join time (either may be left empty)."""

    class Meta:
        model = League
        fields = ("play_link", "join_time")
        formfield_callback = https_first
        widgets = {
            # Text with the phone's address keyboard, not type=url: the browser's own check
            # refused a link typed without https://, which the form takes as https.
            "play_link": forms.TextInput(
                attrs={
                    "inputmode": "url",
                    "autocomplete": "url",
                    "autocapitalize": "none",
                    "spellcheck": "false",
                }
            ),
            "join_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }


@login_required
@require_http_methods(["GET", "POST"])
def where_we_play(request: HttpRequest, slug: str) -> HttpResponse:
    """GET shows the form; POST stores it and goes back to /manage/."""
    league = League.objects.filter(slug=slug).first()
    if league is None:
        raise Http404(_("There is no such league."))
    require_organizer(request.user, league)
    form = WhereWePlayForm(request.POST or None, instance=League.objects.get(pk=league.pk))
    if request.method == "POST" and form.is_valid():
        back = reverse("manage:where_we_play", args=[league.slug])
        try:
            set_where_we_play(
                league,
                link=form.cleaned_data["play_link"],
                join_time=form.cleaned_data["join_time"],
                actor=request.user,
            )
        except ActionError as error:
            return refused(request, error, back)
        messages.success(
            request,
            _("Saved: the draw texts of %(league)s say where you play.") % {"league": league.name},
        )
        return HttpResponseRedirect(reverse("manage:index"))
    status = 400 if form.errors else 200
    return render(
        request, "manage/where_we_play.html", {"league": league, "form": form}, status=status
    )
