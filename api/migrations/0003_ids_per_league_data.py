"""Give every stored platform player id and game id the league it came from (issue 12 item 2).

A game id belongs to its token's league, else to its game's season's league, else (a rated
open-play game whose token is gone) to the one league with a token for its platform; one with
no league to tell is dropped, as no token could resend it.

A player id was shared by every league with a token for its platform. It is kept in each league
where it was used: the leagues of the submitted games and round registrations of its player
(registrations only in leagues with a token for the platform). When nothing tells, it is kept in
every league with a token for its platform, where it worked before; with no such league it is
dropped (it is learnt again from the next submission naming the player).
"""

from collections import defaultdict

from django.db import migrations


def _platform_leagues(apps):
    ApiToken = apps.get_model("api", "ApiToken")
    leagues = defaultdict(set)
    for platform, league_id in ApiToken.objects.values_list("platform", "league_id"):
        leagues[platform].add(league_id)
    return leagues


def _submission_league(submission, platform_leagues):
    game = submission.game
    if submission.token_id is not None:
        return submission.token.league_id
    if game.season_id is not None:
        return game.season.league_id
    if game.round_id is not None:
        return game.round.season.league_id
    candidates = platform_leagues.get(submission.platform, set())
    return next(iter(candidates)) if len(candidates) == 1 else None


def _player_leagues(link, apps, platform_leagues):
    GameSubmission = apps.get_model("api", "GameSubmission")
    Registration = apps.get_model("league", "Registration")
    with_token = platform_leagues.get(link.platform, set())
    submitted = set(
        GameSubmission.objects.filter(
            platform=link.platform, game__results__player_id=link.player_id
        ).values_list("league_id", flat=True)
    )
    registered = set(
        Registration.objects.filter(
            player_id=link.player_id, round__season__league_id__in=with_token
        ).values_list("round__season__league_id", flat=True)
    )
    return (submitted | registered) - {None} or with_token


def forward(apps, schema_editor):
    GameSubmission = apps.get_model("api", "GameSubmission")
    PlatformPlayer = apps.get_model("api", "PlatformPlayer")
    platform_leagues = _platform_leagues(apps)
    submissions = GameSubmission.objects.select_related(
        "token", "game__season", "game__round__season"
    )
    for submission in submissions.filter(league__isnull=True):
        league_id = _submission_league(submission, platform_leagues)
        if league_id is None:
            submission.delete()
        else:
            GameSubmission.objects.filter(pk=submission.pk).update(league_id=league_id)
    for link in PlatformPlayer.objects.filter(league__isnull=True):
        leagues = sorted(_player_leagues(link, apps, platform_leagues))
        if not leagues:
            link.delete()
            continue
        PlatformPlayer.objects.filter(pk=link.pk).update(league_id=leagues[0])
        PlatformPlayer.objects.bulk_create(
            PlatformPlayer(
                league_id=league_id,
                platform=link.platform,
                external_id=link.external_id,
                player_id=link.player_id,
            )
            for league_id in leagues[1:]
        )


class Migration(migrations.Migration):

    dependencies = [
        ("api", "0002_ids_per_league_fields"),
        ("league", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
