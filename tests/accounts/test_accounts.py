"""Accounts: sign up, claim a player with an organizer's approval, CSV import, roles."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpRequest
from django.urls import reverse

from accounts.actions import decide_claim, import_players, parse_player_csv, request_claim
from accounts.models import PlayerClaim
from core.errors import ActionCode, ActionError
from core.models import AuditEntry
from core.permissions import is_any_organizer, is_organizer
from league.actions.players import player_of
from league.models import Player
from league.permissions import claims_scope
from tests.roundsupport import make_organizer, make_players, make_season, make_user

pytestmark = pytest.mark.django_db


def test_organizer_is_per_league():
    season = make_season()
    other = make_season("s2", league_name="Other League")
    organizer = make_organizer(season)
    assert is_organizer(organizer, season.league)
    assert not is_organizer(organizer, other.league)
    assert is_any_organizer(organizer)
    assert not is_any_organizer(make_user())


def test_superuser_organizes_every_league():
    season = make_season()
    admin = make_user(is_superuser=True)
    assert is_organizer(admin, season.league)


def test_claim_is_linked_only_after_approval():
    season = make_season()
    organizer = make_organizer(season)
    (player,) = make_players(1)
    user = make_user()
    claim = request_claim(user, player)
    assert player_of(user) is None
    decide_claim(claim.pk, approve=True, actor=organizer)
    assert player_of(user) == player
    assert AuditEntry.objects.get().action == "claim_approve"


def test_rejected_claim_links_nothing():
    organizer = make_organizer(make_season())
    (player,) = make_players(1)
    user = make_user()
    claim = request_claim(user, player)
    decide_claim(claim.pk, approve=False, actor=organizer)
    assert player_of(user) is None
    assert PlayerClaim.objects.get().status == PlayerClaim.Status.REJECTED
    with pytest.raises(ActionError, match="already decided"):
        decide_claim(claim.pk, approve=True, actor=organizer)


def test_one_pending_claim_per_user_and_no_claim_on_a_linked_player():
    (free, taken) = make_players(2)
    taken.user = make_user()
    taken.save()
    user = make_user()
    request_claim(user, free)
    with pytest.raises(ActionError, match="already have a claim"):
        request_claim(user, free)
    with pytest.raises(ActionError, match="already linked"):
        request_claim(make_user(), taken)


def test_a_player_cannot_approve_claims():
    (player,) = make_players(1)
    claim = request_claim(make_user(), player)
    with pytest.raises(ActionError) as error:
        decide_claim(claim.pk, approve=True, actor=make_user())
    assert error.value.code == ActionCode.FORBIDDEN
    assert Player.objects.get().user is None


def test_csv_names_and_problems_by_line():
    names, problems = parse_player_csv("name,email\nDana,d@x\n  Eli  ,\n,\nDana,\n")
    assert names == ["Dana", "Eli"]
    assert [(p.line, "empty" in p.message or "twice" in p.message) for p in problems] == [
        (4, True),
        (5, True),
    ]
    _names, problems = parse_player_csv("player\nDana\n")
    assert problems[0].line == 1 and "'name'" in problems[0].message


def test_csv_import_is_all_or_nothing():
    organizer = make_organizer(make_season())
    Player.objects.create(name="Dana", slug="dana")
    created, existing = import_players("name\nDana\nNoa\nOmer\n", actor=organizer)
    assert (created, existing) == (["Noa", "Omer"], ["Dana"])
    with pytest.raises(ActionError, match="line 3"):
        import_players("name\nTal\n" + "\n" * 0 + ",\n", actor=organizer)
    assert not Player.objects.filter(name="Tal").exists()
    with pytest.raises(ActionError) as error:
        import_players("name\nTal\n", actor=make_user())
    assert error.value.code == ActionCode.FORBIDDEN


def test_signup_then_claim_then_approval_through_the_pages(client):
    season = make_season()
    organizer = make_organizer(season)
    (player,) = make_players(1)
    response = client.post(
        reverse("signup"),
        {"username": "dana", "password1": "a-long-pass-123", "password2": "a-long-pass-123"},
    )
    assert response.status_code == 302
    response = client.post(reverse("claim_player"), {"player": player.pk})
    assert response.status_code == 302
    claim = PlayerClaim.objects.get()
    response = client.post(reverse("decide_claim", args=[claim.pk]), {"decision": "approve"})
    assert response.status_code == 403
    client.force_login(organizer)
    assert client.get(reverse("claims")).status_code == 200
    client.post(reverse("decide_claim", args=[claim.pk]), {"decision": "approve"})
    player.refresh_from_db()
    assert player.user.username == "dana"


@pytest.mark.parametrize(
    ("language", "on_me", "on_claim"),
    [
        ("en", "New to the club? An organizer adds new players", "Not in the list?"),
        ("he", "חדש במועדון? שחקנים חדשים מוסיף מארגן", "לא מופיע ברשימה?"),
        ("ru", "Впервые в клубе? Новых игроков добавляет организатор", "Вас нет в списке?"),  # noqa: RUF001  -- Russian
    ],
)
def test_a_new_player_not_in_the_list_is_told_how_to_join(client, language, on_me, on_claim):
    """A new account with no player of its own: /me/ and the claim page say the next step
    (an organizer adds new players, by registering them for a round)."""
    client.force_login(make_user())
    me = client.get(reverse("web:my_rounds"), HTTP_ACCEPT_LANGUAGE=language)
    assert on_me in me.content.decode()
    claim = client.get(reverse("claim_player"), HTTP_ACCEPT_LANGUAGE=language)
    assert on_claim in claim.content.decode()


def test_claim_form_with_bad_player_is_400(client):
    client.force_login(make_user())
    response = client.post(reverse("claim_player"), {"player": "999999"})
    assert response.status_code == 400


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_only_organizers_open_claims_and_import(client, who):
    if who == "player":
        client.force_login(make_players(1, with_users=True)[0].user)
    for name in ("claims", "import_players"):
        response = client.get(reverse(name))
        assert response.status_code == (302 if who == "anonymous" else 403)


def test_csv_import_page(client):
    organizer = make_organizer(make_season())
    client.force_login(organizer)
    upload = SimpleUploadedFile("p.csv", "name\nDana\nדנה\n".encode())
    response = client.post(reverse("import_players"), {"file": upload}, follow=True)
    assert "Create a new player “דנה”" in response.content.decode()  # confirmed first
    assert not Player.objects.exists()
    confirm = {"confirm": "1", "name": ["Dana", "דנה"], "choice-0": "new", "choice-1": "new"}
    response = client.post(reverse("import_players"), confirm, follow=True)
    assert "2 players created" in response.content.decode()
    bad = SimpleUploadedFile("p.csv", b"\xff\xfe\x00bad")
    response = client.post(reverse("import_players"), {"file": bad}, follow=True)
    assert "UTF-8" in response.content.decode()
    assert Player.objects.count() == 2


def test_login_page_renders(client):
    assert client.get(reverse("login")).status_code == 200


@pytest.mark.parametrize("count", [1, 15])
def test_account_pages_query_counts_are_constant(client, count, django_assert_num_queries):
    organizer = make_organizer(make_season())
    for player in make_players(count):
        request_claim(make_user(), player)
    client.force_login(organizer)
    # user (the session is cached), organizer check, claims
    with django_assert_num_queries(3):
        assert client.get(reverse("claims")).status_code == 200
    with django_assert_num_queries(2):
        assert client.get(reverse("import_players")).status_code == 200
    with django_assert_num_queries(3):
        assert client.get(reverse("manage:audit")).status_code == 200
    client.force_login(make_user())
    # user (the session is cached), free players for the form, my claims, my player
    with django_assert_num_queries(4):
        assert client.get(reverse("claim_player")).status_code == 200


def test_organizer_invites_a_player_who_sets_a_password_from_the_email(
    client, mailoutbox, django_capture_on_commit_callbacks
):
    organizer = make_organizer(make_season())
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("invite_player"), {"name": "Dana", "email": "Dana@Example.com"}, follow=True
        )
    assert "Dana is invited" in response.content.decode()
    player = Player.objects.get(name="Dana")
    assert player.user.email == "dana@example.com"
    assert not player.user.has_usable_password()
    (mail,) = mailoutbox
    link = next(word for word in mail.body.split() if "/accounts/reset/" in word)
    client.logout()
    response = client.get(link, follow=True)
    form_url = response.redirect_chain[-1][0]
    response = client.post(
        form_url, {"new_password1": "a-long-pass-123", "new_password2": "a-long-pass-123"}
    )
    assert response.status_code == 302
    assert client.login(
        request=HttpRequest(), username="dana@example.com", password="a-long-pass-123"
    )
    assert AuditEntry.objects.filter(action="invite").exists()


def test_the_invitation_and_password_reset_links_start_with_site_url(
    client, mailoutbox, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = "https://whist.example.org"
    client.force_login(make_organizer(make_season()))
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("invite_player"), {"name": "Dana", "email": "dana@example.com"})
    client.logout()
    user = Player.objects.get(name="Dana").user
    user.set_password("a-long-pass-123")  # a reset is sent to a usable password only
    user.save()
    client.post(reverse("password_reset"), {"email": "dana@example.com"})
    invitation, reset = mailoutbox
    for mail in (invitation, reset):
        link = next(word for word in mail.body.split() if "/accounts/reset/" in word)
        assert link.startswith("https://whist.example.org/accounts/reset/"), mail.body


def test_invite_refuses_bad_or_taken_addresses_and_linked_players(
    client, mailoutbox, django_capture_on_commit_callbacks
):
    organizer = make_organizer(make_season())
    (linked,) = make_players(1, with_users=True)
    make_user("taken@example.com")
    client.force_login(organizer)
    for data, message in [
        ({"name": "Eli", "email": "taken@example.com"}, "already exists"),
        ({"name": linked.name, "email": "new@example.com"}, "already linked"),
    ]:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("invite_player"), data, follow=True)
        assert message in response.content.decode()
    response = client.post(reverse("invite_player"), {"name": "Eli", "email": "nope"})
    assert response.status_code == 400
    assert not Player.objects.filter(name="Eli").exists()
    assert mailoutbox == []
    client.force_login(make_user())
    assert client.post(reverse("invite_player"), {"name": "X", "email": "x@y.z"}).status_code == 403


def test_password_reset_pages(client, mailoutbox):
    make_user("eli", email="eli@example.com")
    assert client.get(reverse("password_reset")).status_code == 200
    response = client.post(reverse("password_reset"), {"email": "eli@example.com"}, follow=True)
    assert response.status_code == 200
    assert len(mailoutbox) == 1 and "/accounts/reset/" in mailoutbox[0].body


def test_claims_are_decided_by_an_organizer_of_the_players_league():
    from league.actions.registration import register_players
    from tests.roundsupport import make_round

    season = make_season()
    other = make_season("s2", league_name="Other League")
    ours, theirs = make_organizer(season), make_organizer(other)
    (regular, newcomer) = make_players(2)
    register_players(make_round(season), [regular], actor=ours)
    claim = request_claim(make_user(), regular)
    fresh = request_claim(make_user(), newcomer)
    # the other league's organizer sees and decides only the newcomer's claim
    assert set(PlayerClaim.objects.filter(claims_scope(theirs)).values_list("pk", flat=True)) == {
        fresh.pk
    }
    with pytest.raises(ActionError) as error:
        decide_claim(claim.pk, approve=True, actor=theirs)
    assert error.value.code == ActionCode.FORBIDDEN
    assert "plays in leagues you do not organize" in str(error.value)
    decide_claim(fresh.pk, approve=True, actor=theirs)
    decide_claim(claim.pk, approve=True, actor=ours)
    assert Player.objects.filter(user__isnull=False).count() == 2


def test_the_claims_page_lists_only_the_claims_an_organizer_may_decide(client):
    from league.actions.registration import register_players
    from tests.roundsupport import make_round

    season = make_season()
    other = make_season("s2", league_name="Other League")
    ours, theirs = make_organizer(season), make_organizer(other)
    (regular,) = make_players(1)
    register_players(make_round(season), [regular], actor=ours)
    request_claim(make_user(), regular)
    client.force_login(theirs)
    assert regular.name not in client.get(reverse("claims")).content.decode()
    client.force_login(ours)
    assert regular.name in client.get(reverse("claims")).content.decode()


def test_a_claim_is_read_in_the_admin_and_decided_only_on_the_claims_page(client):
    """A status changed in the admin would link nobody and leave the player unclaimable."""
    (player,) = make_players(1)
    claim = request_claim(make_user(), player)
    client.force_login(make_user(is_superuser=True, is_staff=True))
    listed = client.get(reverse("admin:accounts_playerclaim_changelist"))
    assert listed.status_code == 200 and player.name in listed.content.decode()
    page = client.get(reverse("admin:accounts_playerclaim_change", args=[claim.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    changed = client.post(
        reverse("admin:accounts_playerclaim_change", args=[claim.pk]), {"status": "approved"}
    )
    assert changed.status_code == 403
    assert client.get(reverse("admin:accounts_playerclaim_add")).status_code == 403
    claim.refresh_from_db()
    assert claim.status == PlayerClaim.Status.PENDING and player_of(claim.user) is None
