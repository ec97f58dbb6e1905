"""API tokens: created by an organizer, hashed at rest, shown once, revocable."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from api.models import ApiToken
from api.tokens import TokenPermissionError, create_token, hash_secret, revoke_token
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db

SUBMIT = "/api/v1/games/"


def test_token_is_hashed_at_rest(platform_token):
    stored = ApiToken.objects.get(pk=platform_token.token.pk)
    assert stored.key_hash == hash_secret(platform_token.secret)
    for field in ApiToken._meta.concrete_fields:
        assert getattr(stored, field.attname) != platform_token.secret
    assert stored.key_prefix == platform_token.secret[: len(stored.key_prefix)]


def test_token_secret_is_shown_once_and_each_token_differs(organizer, league):
    first = create_token(user=organizer, league=league, platform="p", name="a")
    second = create_token(user=organizer, league=league, platform="p", name="b")
    assert first.secret != second.secret
    assert not hasattr(ApiToken.objects.get(pk=first.token.pk), "secret")


def test_only_an_organizer_of_the_league_creates_a_token(league):
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(TokenPermissionError):
        create_token(user=stranger, league=league, platform="p", name="x")
    assert not ApiToken.objects.exists()


def test_superuser_may_create_a_token_for_any_league(league):
    admin = get_user_model().objects.create_superuser("admin", password="pw")
    issued = create_token(user=admin, league=league, platform="p", name="x")
    assert issued.token.created_by == admin


def test_unknown_token_scope_is_refused(organizer, league):
    with pytest.raises(ValueError, match="scope"):
        create_token(user=organizer, league=league, platform="p", name="x", scope="root")


def test_revoked_token_answers_401(platform_token, organizer, season):
    client = client_for(platform_token)
    revoke_token(user=organizer, token=platform_token.token)
    response = client.post(SUBMIT, {}, format="json")
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "not_authenticated"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_revoking_twice_keeps_the_first_time(platform_token, organizer):
    first = revoke_token(user=organizer, token=platform_token.token).revoked_at
    second = revoke_token(user=organizer, token=platform_token.token).revoked_at
    assert first is not None and first == second


def test_only_an_organizer_revokes_a_token(platform_token):
    stranger = get_user_model().objects.create_user("stranger", password="pw")
    with pytest.raises(TokenPermissionError):
        revoke_token(user=stranger, token=platform_token.token)
    platform_token.token.refresh_from_db()
    assert platform_token.token.revoked_at is None


@pytest.mark.parametrize(
    "header",
    ["Bearer", "Bearer whist_abc extra", "Bearer whist_not-a-real-token", "Bearer nothing"],
)
def test_malformed_or_unknown_bearer_answers_401(header: str, season: Any, anon: Any):
    response = anon.post(SUBMIT, {}, format="json", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_token_use_is_recorded(platform_token, platform, season):
    assert platform_token.token.last_used_at is None
    platform.get("/api/v1/leagues/")
    platform_token.token.refresh_from_db()
    assert platform_token.token.last_used_at is not None


def test_create_api_token_command_prints_the_secret_once(organizer, league, capsys):
    from django.core.management import call_command

    call_command(
        "create_api_token",
        league.slug,
        "--platform",
        "whist-online",
        "--user",
        organizer.username,
        "--organizer",
    )
    secret = capsys.readouterr().out.strip().splitlines()[-1]
    token = ApiToken.objects.get()
    assert token.key_hash == hash_secret(secret)
    assert token.scope == ApiToken.Scope.ORGANIZER


def test_revoke_api_token_command(platform_token, organizer, capsys):
    from django.core.management import call_command

    call_command("revoke_api_token", platform_token.token.key_prefix, "--user", organizer.username)
    platform_token.token.refresh_from_db()
    assert platform_token.token.revoked_at is not None
    assert "Revoked" in capsys.readouterr().out


def test_token_commands_refuse_unknown_names_without_a_traceback(organizer, league):
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="no league"):
        call_command("create_api_token", "nope", "--platform", "p", "--user", organizer.username)
    with pytest.raises(CommandError, match="no user"):
        call_command("create_api_token", league.slug, "--platform", "p", "--user", "ghost")
    with pytest.raises(CommandError, match="0 tokens"):
        call_command("revoke_api_token", "whist_nothing", "--user", organizer.username)


def test_a_deactivated_organizers_organizer_token_stops_working(organizer, organizer_client):
    organizer.is_active = False
    organizer.save()
    response = organizer_client.post("/api/v1/seasons/season-10/rounds/1/draw/", {}, format="json")
    assert response.status_code == 403


def test_a_token_stops_working_when_its_creator_stops_organizing_the_league(
    platform_token, platform, organizer, league, season
):
    league.organizers.remove(organizer)
    response = platform.post(SUBMIT, {}, format="json")
    assert response.status_code == 403
    (refused,) = response.json()["errors"]
    assert refused["code"] == "permission_denied"
    assert f"no longer organizes the league {league}" in refused["message"]
    assert "ask an organizer" in refused["message"]
    league.organizers.add(organizer)
    assert platform.post(SUBMIT, {}, format="json").status_code == 400  # works again


def test_a_token_stops_working_when_its_creator_is_deactivated(
    platform_token, platform, organizer, season
):
    organizer.is_active = False
    organizer.save()
    response = platform.post(SUBMIT, {}, format="json")
    assert response.status_code == 403
    assert "is deactivated" in response.json()["errors"][0]["message"]


def test_a_superusers_token_works_for_any_league(league, season):
    admin = get_user_model().objects.create_superuser("root", password="pw-secret-123")
    issued = create_token(user=admin, league=league, platform="p", name="root's")
    assert client_for(issued).post(SUBMIT, {}, format="json").status_code == 400
