"""A tournament's private link serves the whole evening: links name their season, and an
evening link has no table (games.seat_links)."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill_seasons(apps, schema_editor):
    SeatLink = apps.get_model("games", "SeatLink")
    Round = apps.get_model("league", "Round")
    SeatLink.objects.update(
        season_id=Subquery(Round.objects.filter(pk=OuterRef("round_id")).values("season_id"))
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_result_played_order"),
        ("league", "0004_rename_preset_rules_preset"),
    ]

    operations = [
        migrations.AddField(
            model_name="seatlink",
            name="season",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seat_links",
                to="league.season",
                verbose_name="season",
            ),
        ),
        migrations.RunPython(fill_seasons, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="seatlink",
            name="season",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seat_links",
                to="league.season",
                verbose_name="season",
            ),
        ),
        migrations.AlterField(
            model_name="seatlink",
            name="table",
            field=models.ForeignKey(
                blank=True,
                help_text="Empty for a tournament's link, which serves the whole evening.",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seat_links",
                to="league.table",
                verbose_name="table",
            ),
        ),
        migrations.AddConstraint(
            model_name="seatlink",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True), ("table__isnull", True)),
                fields=("season", "player"),
                name="one_live_evening_link",
            ),
        ),
    ]
