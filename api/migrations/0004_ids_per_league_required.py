# Every platform player id and game id now has its league (0003): the column is required and
# the ids are unique per league and platform.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('api', '0003_ids_per_league_data'),
    ]

    operations = [
        migrations.AlterField(
            model_name='gamesubmission',
            name='league',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='game_submissions', to='league.league', verbose_name='league'),
        ),
        migrations.AlterField(
            model_name='platformplayer',
            name='league',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='platform_players', to='league.league', verbose_name='league'),
        ),
        migrations.AddConstraint(
            model_name='gamesubmission',
            constraint=models.UniqueConstraint(fields=('league', 'platform', 'external_id'), name='submission_once_per_league_platform_game'),
        ),
        migrations.AddConstraint(
            model_name='platformplayer',
            constraint=models.UniqueConstraint(fields=('league', 'platform', 'external_id'), name='platform_player_id_unique_in_league'),
        ),
    ]
