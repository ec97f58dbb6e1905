"""`create_api_token LEAGUE --platform P --user U [--organizer]`: print a new token once."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.models import ApiToken
from api.tokens import TokenPermissionError, create_token
from league.models import League


class Command(BaseCommand):
    help = "Create an API token for a league's platform; the secret is printed only this once."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("league", help="The league's slug.")
        parser.add_argument("--platform", required=True, help="The platform's short name.")
        parser.add_argument("--user", required=True, help="The organizer creating the token.")
        parser.add_argument("--name", default="", help="A label (default: the platform).")
        parser.add_argument(
            "--organizer",
            action="store_true",
            help="Let the token also register players and draw rounds.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        league = League.objects.filter(slug=options["league"]).first()
        if league is None:
            raise CommandError(f"There is no league {options['league']}.")
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(f"There is no user {options['user']}.")
        scope = ApiToken.Scope.ORGANIZER if options["organizer"] else ApiToken.Scope.PLATFORM
        try:
            issued = create_token(
                user=user,
                league=league,
                platform=options["platform"],
                name=options["name"] or options["platform"],
                scope=scope,
            )
        except TokenPermissionError as refused:
            raise CommandError(str(refused)) from None
        self.stderr.write(
            f"Token {issued.token.key_prefix}… ({scope}) for {league.slug}; store it now, "
            "it is not shown again:"
        )
        self.stdout.write(issued.secret)
