# Snapshots stored by section (schema 2): the whole JSON becomes the summary column, a schema
# column marks the rows written before (1), and the sections get their own table. Readers only
# read schema 2, so after this migration run `manage.py publish` (or wait for the sweep) to
# republish every season in the new shape.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('publishing', '0001_initial'),
    ]

    operations = [
        migrations.RenameField(
            model_name='seasonsnapshot',
            old_name='data',
            new_name='summary',
        ),
        migrations.AlterField(
            model_name='seasonsnapshot',
            name='summary',
            field=models.JSONField(verbose_name='summary'),
        ),
        migrations.AddField(
            model_name='seasonsnapshot',
            name='schema',
            field=models.PositiveSmallIntegerField(default=1, verbose_name='schema'),
        ),
        migrations.AlterField(
            model_name='seasonsnapshot',
            name='schema',
            field=models.PositiveSmallIntegerField(default=2, verbose_name='schema'),
        ),
        migrations.CreateModel(
            name='SnapshotSection',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(max_length=140, verbose_name='key')),
                ('data', models.JSONField(verbose_name='data')),
                ('snapshot', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sections', to='publishing.seasonsnapshot', verbose_name='snapshot')),
            ],
            options={
                'verbose_name': 'snapshot section',
                'verbose_name_plural': 'snapshot sections',
                'constraints': [models.UniqueConstraint(fields=('snapshot', 'key'), name='snapshot_section_unique')],
            },
        ),
    ]
