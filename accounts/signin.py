"""Sign-in that takes a league's organizer to his desk and a player to his own page.

With no `next`, an organizer lands on /manage/ (everyone else on /me/: his next action), and the
session remembers that he organizes, so the header links to /manage/ without a query on
every page. The hint is only for navigation: every organizer page still checks the role.
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse
from django.urls import reverse

from core.permissions import is_any_organizer

ORGANIZES = "organizes"  # the session key the header reads


class SignInView(auth_views.LoginView):
    organizes = False

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        self.organizes = is_any_organizer(form.get_user())
        response = super().form_valid(form)
        self.request.session[ORGANIZES] = self.organizes
        return response

    def get_default_redirect_url(self) -> str:
        if self.organizes:
            return reverse("manage:index")
        return reverse("web:my_rounds")
