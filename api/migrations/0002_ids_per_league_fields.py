# Platform player ids and game ids belong to a league (issue 12 item 2): the league columns,
# nullable until 0003 fills them from the token or season each row came from.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('api', '0001_initial'),
        ('games', '0003_result_facts'),
        ('league', '0001_initial'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='platformplayer',
            options={'ordering': ['league', 'platform', 'external_id'], 'verbose_name': 'platform player id', 'verbose_name_plural': 'platform player ids'},
        ),
        migrations.RemoveConstraint(
            model_name='gamesubmission',
            name='submission_once_per_platform_game',
        ),
        migrations.RemoveConstraint(
            model_name='platformplayer',
            name='platform_player_id_unique',
        ),
        migrations.AddField(
            model_name='gamesubmission',
            name='league',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='game_submissions', to='league.league', verbose_name='league'),
        ),
        migrations.AddField(
            model_name='platformplayer',
            name='league',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='platform_players', to='league.league', verbose_name='league'),
        ),
    ]
