"""DrawRecord.server_check: a tournament stage's draw check, kept with its record so its
draw-check page never runs the draw's search (league.stage_check). Records of stages drawn
before it get their redo now; the rest of their check comes with the next results change."""

from typing import Any

from django.db import migrations, models

from league.draw_check import RecordedDraw, matches_seed


def check_existing_stages(apps: Any, schema_editor: Any) -> None:
    DrawRecord = apps.get_model("league", "DrawRecord")
    for record in DrawRecord.objects.filter(method="standing"):
        record.server_check = {
            "seed": matches_seed(
                RecordedDraw(
                    method=record.method,
                    recipe=record.recipe,
                    remainder=record.remainder,
                    seed=record.seed,
                    starting_list=record.starting_list,
                    tables=tuple(tuple(table) for table in record.tables),
                    reserves=tuple(record.reserves),
                )
            ),
            "standing": None,
            "seats": None,
        }
        record.save(update_fields=["server_check"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0006_tournament_draw_methods"),
    ]

    operations = [
        migrations.AddField(
            model_name="drawrecord",
            name="server_check",
            field=models.JSONField(blank=True, default=dict, verbose_name="server check"),
        ),
        migrations.RunPython(check_existing_stages, migrations.RunPython.noop),
    ]
