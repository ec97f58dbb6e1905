"""Existing accounts get a language: the language of the league their player plays in (its
latest registration's; a league with no language of its own: Hebrew for the demo club's
leagues), else settings.LANGUAGE_CODE. Written with the historical models only."""

from django.conf import settings
from django.db import migrations

# The demo club's leagues (games.demo.LEAGUE and RATED_LEAGUE): a Hebrew-speaking club.
DEMO_LEAGUES = {"Whist Online League": "he", "Whist Online 1200+": "he"}
LANGUAGES = {code for code, _name in settings.LANGUAGES}


def league_language(league):
    """The language of `league` (a historical League row), or None when it has none."""
    own = getattr(league, "language", "") or ""
    if own in LANGUAGES:
        return own
    return DEMO_LEAGUES.get(league.name)


def give_languages(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Player = apps.get_model("league", "Player")
    Registration = apps.get_model("league", "Registration")
    Recipient = apps.get_model("mail", "Recipient")
    have = set(Recipient.objects.values_list("user_id", flat=True))
    players = dict(Player.objects.filter(user__isnull=False).values_list("user_id", "pk"))
    rows = []
    for user_id in User.objects.exclude(pk__in=have).values_list("pk", flat=True):
        language = None
        if user_id in players:
            latest = (
                Registration.objects.filter(player_id=players[user_id])
                .select_related("round__season__league")
                .order_by("-round__date", "-pk")
                .first()
            )
            if latest is not None:
                language = league_language(latest.round.season.league)
        rows.append(Recipient(user_id=user_id, language=language or settings.LANGUAGE_CODE))
    Recipient.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("mail", "0001_initial"),
        ("league", "0009_league_skipped_holidays"),
    ]

    operations = [migrations.RunPython(give_languages, migrations.RunPython.noop)]
