"""The organizer's download of a season file (FORMATS.md 4): the club's copy of its data."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.errors import ActionError
from core.permissions import require_organizer
from games.season_export import season_file_data
from league.latin_slug import latin_slug
from league.models import Season


@login_required
@require_GET
def download(request: HttpRequest, slug: str) -> HttpResponse:
    """The season as a season file, downloaded as SLUG.json (organizers of its league)."""
    season = Season.objects.select_related("league").filter(slug=slug).first()
    if season is None:
        raise Http404(_("There is no such season."))
    require_organizer(request.user, season.league)
    try:
        data = season_file_data(season)
    except ActionError as error:
        messages.error(request, str(error))
        return HttpResponseRedirect(reverse("manage:season", args=[season.slug]))
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    stem = latin_slug(season.slug) or "season"  # a Hebrew slug's file: its Latin letters
    response["Content-Disposition"] = f'attachment; filename="{stem}.json"'
    return response
