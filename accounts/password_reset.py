"""Django's password reset, its e-mail in the account's own language (mail.recipients, as
every other e-mail of the app; the page's language for an account that has none) and its
link on the site's public address (`SITE_URL`) like every link in the app's e-mails, rather
than on the host the request came to."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.utils import translation

from mail.recipients import stored_language


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Each account's reset e-mail is written in its own language."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        language = stored_language(context["user"]) or translation.get_language()
        with translation.override(language):
            super().send_mail(
                subject_template_name,
                email_template_name,
                context,
                from_email,
                to_email,
                html_email_template_name,
            )


class PasswordResetView(auth_views.PasswordResetView):
    """The e-mail's link starts with SITE_URL when it is set (else the request's host)."""

    form_class = PasswordResetForm

    def form_valid(self, form: auth_forms.PasswordResetForm) -> HttpResponse:
        if settings.SITE_URL:
            address = urlsplit(settings.SITE_URL)
            self.extra_email_context = {
                **(self.extra_email_context or {}),
                "protocol": address.scheme,
                "domain": address.netloc + address.path,
            }
        return super().form_valid(form)
