"""`manage.py revoke_api_token PREFIX --user U`: revoke the token whose secret starts so."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.models import ApiToken
from api.tokens import TokenPermissionError, revoke_token


class Command(BaseCommand):
    help = "Revoke an API token, named by the prefix shown when it was created."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("prefix", help="The token's prefix (its first 12 characters).")
        parser.add_argument("--user", required=True, help="The organizer revoking it.")

    def handle(self, *args: Any, **options: Any) -> None:
        tokens = list(ApiToken.objects.filter(key_prefix=options["prefix"][:12]))
        if len(tokens) != 1:
            raise CommandError(f"{len(tokens)} tokens have the prefix {options['prefix']!r}.")
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"There is no user {options['user']}.")
        try:
            token = revoke_token(user=user, token=tokens[0])
        except TokenPermissionError as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(f"Revoked {token} at {token.revoked_at:%Y-%m-%d %H:%M:%S %Z}.")
