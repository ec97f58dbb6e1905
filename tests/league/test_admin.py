"""The admin lists, searches and edits every league and games model for an organizer."""

import pytest
from django.urls import reverse

from games.models import Game, GameResult, ResultEvent, ResultVersion
from games.season_import import import_season
from league.models import League, Player, Registration, Round, Season, Seat, Table
from league.rules import LeagueRules
from league.signals import season_results_changed
from tests.league.factories import random_rounds_season

pytestmark = pytest.mark.django_db

MODELS = [League, Player, Season, Round, Registration, Table, Seat, Game, GameResult]


@pytest.fixture
def season():
    season = import_season(random_rounds_season(8, rounds=3)).season
    Registration.objects.create(round=season.rounds.first(), player=Player.objects.first())
    return season


def _url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.mark.parametrize("model", [*MODELS, ResultVersion, ResultEvent])
def test_admin_changelist_and_search_load(admin_client, season, model):
    assert admin_client.get(_url(model, "changelist")).status_code == 200
    assert admin_client.get(_url(model, "changelist"), {"q": "Player"}).status_code == 200


@pytest.mark.parametrize("model", MODELS)
def test_admin_change_page_loads(admin_client, season, model):
    obj = model.objects.first()
    assert obj is not None
    assert admin_client.get(_url(model, "change", obj.pk)).status_code == 200


def test_result_versions_are_read_only_history(admin_client):
    response = admin_client.get(_url(ResultVersion, "add"))
    assert response.status_code == 403


def _season_post(season, rules):
    return {
        "league": season.league_id,
        "slug": season.slug,
        "name": season.name,
        "rules_preset": season.rules_preset,
        "rules": rules,
        "start": season.start.isoformat(),
        "end": season.end.isoformat(),
        "status": season.status,
        "rounds-TOTAL_FORMS": "0",
        "rounds-INITIAL_FORMS": "0",
    }


def test_admin_rejects_invalid_rules_naming_the_field(admin_client, season):
    response = admin_client.post(
        _url(Season, "change", season.pk), _season_post(season, '{"min_games": -3}')
    )
    assert response.status_code == 200
    assert "rules.min_games: must be at least 0" in response.content.decode()


def test_admin_refuses_deals_per_game_beyond_52_naming_the_field(admin_client, season):
    before = Season.objects.get(pk=season.pk).rules
    response = admin_client.post(
        _url(Season, "change", season.pk), _season_post(season, '{"deals_per_game": 1000000}')
    )
    assert response.status_code == 200
    assert "rules.deals_per_game: must be at most 52" in response.content.decode()
    assert Season.objects.get(pk=season.pk).rules == before


def test_admin_rules_edit_stores_full_rules_and_announces_the_change(
    admin_client, season, django_capture_on_commit_callbacks
):
    received = []

    def receiver(sender, season_id, **kwargs):
        received.append(season_id)

    season_results_changed.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client.post(
                _url(Season, "change", season.pk), _season_post(season, '{"min_games": 3}')
            )
    finally:
        season_results_changed.disconnect(receiver)
    assert response.status_code == 302
    season.refresh_from_db()
    assert LeagueRules.from_dict(season.rules).min_games == 3
    assert LeagueRules.from_dict(season.rules).drops.at == (10, 20, 25, 30)
    assert received == [season.pk]


def test_admin_table_seats_take_the_table_round(admin_client, season):
    round_ = season.rounds.get(number=2)
    newcomer = Player.objects.create(name="Newcomer", slug="newcomer")
    response = admin_client.post(
        _url(Table, "add"),
        {
            "round": round_.pk,
            "number": 9,
            "seats-TOTAL_FORMS": "1",
            "seats-INITIAL_FORMS": "0",
            "seats-0-seat": "0",
            "seats-0-player": newcomer.pk,
        },
    )
    assert response.status_code == 302
    assert Seat.objects.get(player=newcomer).round == round_


def _new_season_post(league, rules):
    return {
        "league": league.pk,
        "slug": "season-11",
        "name": "Season 11",
        "rules_preset": "whist-online-league",
        "rules": rules,
        "start": "2027-01-03",
        "end": "2027-04-28",
        "status": "upcoming",
        "rounds-TOTAL_FORMS": "0",
        "rounds-INITIAL_FORMS": "0",
    }


def test_admin_add_season_with_the_default_empty_rules_stores_the_preset(admin_client, season):
    response = admin_client.post(_url(Season, "add"), _new_season_post(season.league, "{}"))
    assert response.status_code == 302, response.content.decode()[:2000]
    added = Season.objects.get(slug="season-11")
    assert added.rules == LeagueRules.from_preset("whist-online-league").to_dict()


def test_admin_unknown_rule_lists_the_rules_allowed(admin_client, season):
    response = admin_client.post(
        _url(Season, "add"), _new_season_post(season.league, '{"rounds": 34}')
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "rules.rounds: is not a rule of this league (the rules here:" in page
    assert "rounds_in_season" in page and "placement_points" in page
    assert not Season.objects.filter(slug="season-11").exists()


def test_admin_add_season_fills_the_slug_from_the_name(admin_client):
    page = admin_client.get(_url(Season, "add")).content.decode()
    assert "data-prepopulated-fields" in page
    assert "&quot;id&quot;: &quot;#id_slug&quot;" in page
    assert "&quot;#id_name&quot;" in page
