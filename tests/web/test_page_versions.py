"""The public pages' versions (issue 28 item 1, web.versions): every kind of change the
pages show moves its season's version and the site's on, in the writer's transaction, and
nothing else does."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import RequestFactory
from django.utils import timezone, translation

from core.errors import ActionError
from desk.admin import LeagueAdmin, PlayerAdmin, RegistrationAdmin
from draws.actions import do_draw_round, publish_draw, swap_players
from games.actions import confirm_result, submit_result
from league.actions.leagues import set_where_we_play
from league.actions.registration import (
    close_registration,
    register_player,
    unregister_player,
)
from league.actions.rounds import create_round
from league.models import League, Player, Registration, Round, Season, Seat
from publishing.actions import do_publish_season
from rating.list_publishing import do_publish_ratings
from rating.models import RatingChange
from rating.tasks import update_ratings
from tests.drawsupport import SEED
from tests.roundsupport import FAR_SUNDAY, make_user
from web.versions import season_version, site_version

pytestmark = pytest.mark.django_db

NUMBER = 4


@pytest.fixture
def season(make_season) -> Season:  # type: ignore[no-untyped-def]
    """A published season of 8 players and 3 rounds, and its round 4 open for all of them
    but the last."""
    season = make_season()
    round_ = Round.objects.create(season=season, number=NUMBER, date=FAR_SUNDAY)
    for player in Player.objects.order_by("name")[:7]:
        register_player(round_, player)
    return season


def etags(season: Season) -> tuple[str, str]:
    found = season_version(season.slug)
    assert found is not None
    return found.etag, site_version().etag


def round_of(season: Season) -> Round:
    return Round.objects.get(season=season, number=NUMBER)


def last_player() -> Player:
    return Player.objects.order_by("name").last()  # type: ignore[return-value]


def drawn(season: Season) -> Round:
    round_ = round_of(season)
    register_player(round_, last_player())
    do_draw_round(round_, seed=SEED)
    publish_draw(round_)
    return round_


def seated(round_: Round, table: int, seat: int):  # type: ignore[no-untyped-def]
    found = Seat.objects.select_related("player", "table").get(
        round=round_, table__number=table, seat=seat
    )
    user = make_user(f"seat-{table}-{seat}")
    Player.objects.filter(pk=found.player_id).update(user=user)
    return user, found.table


def changes(season: Season, change) -> None:  # type: ignore[no-untyped-def]
    """`change` moves the season's ETag and the site's on."""
    season_before, site_before = etags(season)
    change()
    season_after, site_after = etags(season)
    assert season_after != season_before
    assert site_after != site_before


def test_a_registration_changes_the_season_and_the_site(season):
    changes(season, lambda: register_player(round_of(season), last_player()))


def test_a_registration_withdrawn_changes_the_pages(season):
    first = Player.objects.order_by("name").first()
    changes(season, lambda: unregister_player(round_of(season), first))


def test_closing_registration_changes_the_pages(season):
    changes(season, lambda: close_registration(round_of(season)))


def test_a_draw_its_publication_and_a_swap_change_the_pages(season):
    round_ = round_of(season)
    register_player(round_, last_player())
    changes(season, lambda: do_draw_round(round_, seed=SEED))
    changes(season, lambda: publish_draw(round_))
    one, two = (
        Seat.objects.get(round=round_, table__number=number, seat=0).player for number in (1, 2)
    )
    changes(season, lambda: swap_players(round_, one, two, reason="a late arrival"))


def test_a_result_entered_and_its_confirmation_change_the_pages(season):
    round_ = drawn(season)
    user, table = seated(round_, 1, 0)
    other, _table = seated(round_, 1, 1)
    changes(season, lambda: submit_result(table, actor=user, scores=[40, 30, 20, 10]))
    changes(season, lambda: confirm_result(table, 1, actor=other))


def test_a_published_snapshot_changes_the_pages(season):
    drawn(season)  # the inputs changed since the last publish
    changes(season, lambda: do_publish_season(season.pk))


def test_a_new_round_and_the_leagues_place_change_the_pages(season):
    organizer = make_user("organizer")
    season.league.organizers.add(organizer)
    changes(season, lambda: create_round(season, NUMBER + 1, season.end))
    changes(
        season,
        lambda: set_where_we_play(
            season.league, link="https://meet.example.org/whist", join_time=None, actor=organizer
        ),
    )


def admin_request():  # type: ignore[no-untyped-def]
    request = RequestFactory().post("/admin/")
    request.user = make_user(is_staff=True, is_superuser=True)
    return request


def test_a_registration_added_in_the_admin_changes_the_pages(season, admin_client):
    round_ = round_of(season)
    address = "/admin/league/registration/add/"
    answer = {}

    def add() -> None:
        answer["status"] = admin_client.post(
            address, {"player": last_player().pk, "round": round_.pk}
        ).status_code

    changes(season, add)
    assert answer["status"] == 302


def test_edits_in_the_admin_change_the_pages_they_show(season):
    class Form:  # the league's change form, saved
        instance = season.league
        changed_data: list[str] = []

        def save_m2m(self) -> None:
            pass

    league_admin = LeagueAdmin(League, admin.site)
    changes(season, lambda: league_admin.save_related(admin_request(), Form(), [], True))
    registration = Registration.objects.filter(round=round_of(season)).first()
    registrations = RegistrationAdmin(Registration, admin.site)
    changes(season, lambda: registrations.delete_model(admin_request(), registration))
    renamed = Player.objects.order_by("name").first()
    assert renamed is not None
    renamed.name = "Renamed"
    renamed.save()

    class PlayerForm(Form):
        instance = renamed  # type: ignore[assignment]  # a player of the season, renamed
        changed_data = ["name"]

    players = PlayerAdmin(Player, admin.site)
    changes(season, lambda: players.save_related(admin_request(), PlayerForm(), [], True))


def test_a_published_rating_list_changes_the_pages_across_seasons_only(season):
    update_ratings()
    season_before, site_before = etags(season)
    RatingChange.objects.all().delete()  # the list changes: its players lost their ratings
    assert do_publish_ratings() is not None
    season_after, site_after = etags(season)
    assert season_after == season_before and site_after != site_before


def test_a_refused_action_changes_nothing(season):
    before = etags(season)
    with pytest.raises(ActionError):
        publish_draw(round_of(season))  # not drawn yet
    assert etags(season) == before


def test_a_change_in_one_season_leaves_the_others_pages_be(season, make_season):
    other = make_season("season-11")
    before = season_version(other.slug)
    register_player(round_of(season), last_player())
    assert season_version(other.slug) == before


def test_the_version_holds_the_language_the_build_and_the_date_when_asked(season, settings):
    english = season_version(season.slug)
    with translation.override("he"):
        hebrew = season_version(season.slug)
    assert english is not None and hebrew is not None and english.etag != hebrew.etag
    settings.BUILD_ID = "another-build"
    assert season_version(season.slug).etag != english.etag  # type: ignore[union-attr]
    settings.BUILD_ID = english.build
    dated = season_version(season.slug, dated=True)
    assert dated is not None and dated.day == timezone.localdate().isoformat()
    assert dated.etag != english.etag


def test_there_is_no_version_of_a_season_that_does_not_exist(db):
    assert season_version("no-such-season") is None
