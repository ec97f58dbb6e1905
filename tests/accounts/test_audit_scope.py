"""The audit log by league (issue 12, item 11): an organizer reads his leagues' entries and
his own entries of no league; claim decisions and invitations carry the player's league;
superusers read everything (the page and the admin alike)."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from accounts.actions import decide_claim, import_players, invite_player, request_claim
from core.audit import audit_entries_for
from core.models import AuditEntry
from tests.roundsupport import make_organizer, make_players, make_round, make_season, make_user
from tests.roundsupport import register as register_players

pytestmark = pytest.mark.django_db


def link(user):
    return "https://example.com/set-password"


@pytest.fixture
def world():
    """League A with a registered player who claimed his record, league B beside it."""
    season_a = make_season()
    season_b = make_season("s2", league_name="Club B")
    organizer_a, organizer_b = make_organizer(season_a), make_organizer(season_b)
    regular, other = make_players(2)
    register_players(make_round(season_a), [regular, other])
    return season_a, organizer_a, organizer_b, regular, other


def audit_page(client, user) -> str:
    client.force_login(user)
    response = client.get(reverse("manage:audit"))
    assert response.status_code == 200
    return response.content.decode()


def test_claim_decisions_and_invitations_belong_to_the_players_league(world):
    season_a, organizer_a, _, regular, other = world
    decide_claim(request_claim(make_user(), regular).pk, approve=True, actor=organizer_a)
    invite_player(other.name, "other@example.com", actor=organizer_a, link_for=link)
    entries = AuditEntry.objects.filter(action__in=["claim_approve", "invite"])
    assert {(e.action, e.league_id) for e in entries} == {
        ("claim_approve", season_a.league_id),
        ("invite", season_a.league_id),
    }


def test_an_organizer_never_sees_another_leagues_claims_invitations_or_addresses(client, world):
    _, organizer_a, organizer_b, regular, other = world
    decide_claim(request_claim(make_user(), regular).pk, approve=False, actor=organizer_a)
    invite_player(other.name, "secret@example.com", actor=organizer_a, link_for=link)
    import_players("name\nNewcomer\n", actor=organizer_a)
    body = audit_page(client, organizer_b)
    assert "secret@example.com" not in body
    assert regular.name not in body and "imported 1 players" not in body
    assert not audit_entries_for(organizer_b).exists()
    body = audit_page(client, organizer_a)
    assert "secret@example.com" in body and regular.name in body
    assert "imported 1 players" in body


def test_entries_of_no_league_are_shown_to_their_author_and_superusers_only(client, world):
    _, organizer_a, organizer_b, _, _ = world
    invite_player("Brand New", "new@example.com", actor=organizer_b, link_for=link)
    entry = AuditEntry.objects.get(action="invite")
    assert entry.league_id is None  # a new record belongs to no league yet
    assert "new@example.com" in audit_page(client, organizer_b)
    assert "new@example.com" not in audit_page(client, organizer_a)
    superuser = make_user(is_superuser=True)
    assert set(audit_entries_for(superuser)) == set(AuditEntry.objects.all())
    assert "new@example.com" in audit_page(client, superuser)


def test_the_admins_audit_log_is_scoped_like_the_page(client, world):
    _, organizer_a, organizer_b, _, other = world
    invite_player(other.name, "secret@example.com", actor=organizer_a, link_for=link)
    organizer_b.is_staff = True
    organizer_b.save()
    organizer_b.user_permissions.add(*Permission.objects.filter(codename="view_auditentry"))
    client.force_login(organizer_b)
    response = client.get(reverse("admin:accounts_auditentry_changelist"))
    assert response.status_code == 200
    assert "secret@example.com" not in response.content.decode()
