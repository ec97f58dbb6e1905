"""A draw is private until published: rounds already played stay public; unknown draw
methods of imported rounds read "not recorded" instead of a guess."""

import datetime as dt

from django.db import migrations, models
from django.db.models import Exists, OuterRef, Q

PLAYED = ("in_play", "finished")


def _with_draw_or_games(apps):  # type: ignore[no-untyped-def]
    Round = apps.get_model("league", "Round")
    Table = apps.get_model("league", "Table")
    Game = apps.get_model("games", "Game")
    return Round.objects.filter(
        Q(Exists(Table.objects.filter(round=OuterRef("pk"))))
        | Q(Exists(Game.objects.filter(round=OuterRef("pk"))))
    )


def keep_played_draws_public(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Mark the draw of every round already in play or finished as published (when it was
    drawn, else the round's date) and name an unrecorded draw method as such."""
    rounds = _with_draw_or_games(apps)
    for round_ in rounds.filter(status__in=PLAYED, draw_published_at__isnull=True):
        round_.draw_published_at = round_.drawn_at or dt.datetime.combine(
            round_.date, dt.time(), tzinfo=dt.timezone.utc
        )
        round_.save(update_fields=["draw_published_at"])
    rounds.filter(draw_method="").update(draw_method="not_recorded")


def forget_not_recorded(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Backwards: the old column has no room for "not_recorded"; published dates stay."""
    apps.get_model("league", "Round").objects.filter(draw_method="not_recorded").update(
        draw_method=""
    )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0001_initial"),
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="round",
            name="draw_method",
            field=models.CharField(
                blank=True,
                choices=[
                    ("random", "random"),
                    ("ranking", "by ranking"),
                    ("not_recorded", "not recorded"),
                ],
                max_length=12,
                verbose_name="draw method",
            ),
        ),
        migrations.RunPython(keep_played_draws_public, forget_not_recorded),
    ]
