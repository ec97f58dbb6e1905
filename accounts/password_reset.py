"""Django's password reset, its e-mail's link on the site's public address (`SITE_URL`) like
every link in the app's e-mails, rather than on the host the request came to."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpResponse


class PasswordResetView(auth_views.PasswordResetView):
    """The e-mail's link starts with SITE_URL when it is set (else the request's host)."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        if settings.SITE_URL:
            address = urlsplit(settings.SITE_URL)
            self.extra_email_context = {
                **(self.extra_email_context or {}),
                "protocol": address.scheme,
                "domain": address.netloc + address.path,
            }
        return super().form_valid(form)
