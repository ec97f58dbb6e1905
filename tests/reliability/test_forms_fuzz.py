"""Arbitrary input to the account and language forms (the rounds and results forms have their
own fuzz test in tests/games): a page or a message, never a 500, nothing half-written."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import PlayerClaim
from league.models import Player

TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(blacklist_categories=["Cs"]), min_size=150, max_size=400),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
    st.sampled_from(["", "he", "en", "xx", "/", "//evil.example/", "javascript:alert(1)",
                     "a@b.c", "not-an-email", "1", "0", "approve", "reject", "\x00"]),
)  # fmt: skip
FIELDS = st.sampled_from(
    ["username", "password", "password1", "password2", "email", "name", "player", "decision",
     "approve", "language", "next", "new_password1", "new_password2"]
)  # fmt: skip
FORMS = st.dictionaries(FIELDS, TEXT, max_size=8)
TARGETS = ["signup", "login", "invite_player", "claim_player", "password_reset", "set_language",
           "import_players", "decide_claim", "logout"]  # fmt: skip


@pytest.fixture
def pending_claim(alpha):
    claimer = get_user_model().objects.create_user("claimer", password="pw-secret-123")
    player = Player.objects.create(name="Unclaimed", slug="unclaimed")
    return PlayerClaim.objects.create(user=claimer, player=player)


def target_url(name: str, claim: PlayerClaim) -> str:
    return reverse(name, args=[claim.pk]) if name == "decide_claim" else reverse(name)


@pytest.mark.django_db
@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    form=FORMS,
    who=st.sampled_from(["anonymous", "organizer", "player"]),
    target=st.sampled_from(TARGETS),
)
def test_random_account_form_posts_never_cause_a_server_error(
    alpha, pending_claim, form, who, target
):
    cache.clear()  # login rate limits must not hide the forms behind a 429
    client = Client(raise_request_exception=False)
    if who == "organizer":
        client.force_login(alpha.organizer)
    elif who == "player":
        client.force_login(alpha.user(2))
    data: dict[str, object] = dict(form)
    if target == "import_players":
        content = form.get("name", "")
        data["file"] = SimpleUploadedFile("p.csv", content.encode("utf-8", "replace"))
    before = PlayerClaim.objects.get(pk=pending_claim.pk).status
    response = client.post(target_url(target, pending_claim), data)
    assert response.status_code < 500, (target, form)
    location = response.get("Location", "")
    assert not location.startswith(("//", "http://evil", "javascript:")), location
    claim = PlayerClaim.objects.get(pk=pending_claim.pk)
    if who != "organizer":
        assert claim.status == before  # only organizers decide
    if claim.status == PlayerClaim.Status.APPROVED:
        assert claim.player.user_id == claim.user_id  # approving links, in one go
