"""The public pages: content, 404s, escaping, exports, language and cache headers."""

from __future__ import annotations

import csv
import io
import re

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from league.actions.rounds import create_round
from league.models import Player, Registration, Round, Season, Seat, Table
from publishing.actions import do_publish_season
from tests.web.conftest import FORMULA_NAME, HTML_NAME
from web.tables import neutralise_formula

pytestmark = pytest.mark.django_db


def get(client, url, language="en", **params):  # type: ignore[no-untyped-def]
    return client.get(url, params, HTTP_ACCEPT_LANGUAGE=language)


def test_home_lists_leagues_seasons_and_next_round(client, make_season):
    season = make_season()
    next_round = Round.objects.create(season=season, number=4, date="2099-07-14")
    for player in Player.objects.all()[:5]:
        Registration.objects.create(round=next_round, player=player)
    page = get(client, "/").content.decode()
    assert "Test League" in page
    assert reverse("web:season", args=[season.slug]) in page
    assert "Round 4" in page
    assert "5 players" in page
    assert "20:30" in page  # play start of the league's schedule, on the 24-hour clock


def test_home_lists_finished_seasons_as_past(client, make_season):
    make_season("season-9", status=Season.Status.FINISHED)
    page = get(client, "/").content.decode()
    assert "Past seasons" in page


def test_league_table_shows_every_published_row(client, make_season):
    season = make_season(players=8, rounds=3)
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    snapshot_rows = season.snapshots.get().data["standings"]
    for row in snapshot_rows:
        assert row["player"] in page
    assert page.count('<tr class="podium ') == 3
    for header in ("Rank", "Player", "Points", "Gap", "Games", "Counted", "Dropped"):
        assert f">{header}</a>" in page


def test_league_table_marks_players_below_the_minimum(client, make_season):
    season = make_season(rounds=3)  # 3 games each: below the 17-game minimum
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert page.count('title="below the minimum of games"') == 8


def test_league_table_sorts_by_a_column(client, make_season):
    season = make_season(players=8, rounds=3)
    rows = season.snapshots.get().data["standings"]
    page = get(client, f"/seasons/{season.slug}/", sort="games").content.decode()
    assert 'aria-sort="ascending"' in page
    by_gap = sorted(rows, key=lambda row: row["gap"])
    page = get(client, f"/seasons/{season.slug}/", sort="gap").content.decode()
    table = page[page.index('id="table-heading"') :]  # the last round's results come before
    positions = [table.index(f">{row['player']}<") for row in by_gap]
    assert positions == sorted(positions)


def test_league_table_opens_a_row_to_show_its_dropped_games(client, make_season):
    season = make_season(players=4, rounds=11)  # 11 games: the worst one is dropped
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert page.count('<details class="row-details">') == 4
    row = season.snapshots.get().data["standings"][0]
    dropped = next(
        game
        for round_ in season.snapshots.get().data["rounds"]
        for game in round_["results"]
        if game["game_id"] == row["dropped_game_ids"][0]
    )
    assert f"Round {dropped['round']}" in page


def test_league_table_draws_the_race_chart(client, make_season):
    season = make_season(players=8, rounds=3)
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert '<svg class="chart"' in page
    assert page.count('<polyline class="series"') == 8


def test_league_table_before_the_first_publish_says_so(client, make_season):
    season = make_season(publish=False)
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert "has not been published yet" in page


def test_a_hebrew_slug_exports_a_file_named_in_latin_letters(client, make_season):
    season = make_season("ליגת-חורף-2027")
    response = get(client, reverse("web:season", args=[season.slug]), _export="csv")
    assert response["Content-Disposition"].endswith('filename="ligt-chorf-2027.csv"')


def test_league_table_exports_csv(client, make_season):
    season = make_season(players=8, rounds=3)
    response = get(client, f"/seasons/{season.slug}/", _export="csv")
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="season-10.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:7] == ["Rank", "Player", "Points", "Gap", "Games", "Counted", "Dropped"]
    first = season.snapshots.get().data["standings"][0]
    assert rows[1][:7] == [
        str(first["rank"]),
        first["player"],
        str(first["points"]),
        str(first["gap"]),
        str(first["games"]),
        str(first["counted"]),
        str(first["dropped"]),
    ]
    assert len(rows) == 9


def test_league_table_exports_xlsx(client, make_season):
    season = make_season(players=8, rounds=3)
    response = get(client, f"/seasons/{season.slug}/", _export="xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = list(sheet.iter_rows(values_only=True))
    assert values[0][:2] == ("Rank", "Player")
    assert isinstance(values[1][2], int | float)  # points stay numbers
    assert len(values) == 9


def test_csv_export_starts_with_a_utf8_byte_order_mark_for_excel(client, make_season):
    season = make_season(players=8, rounds=3, names=["שירה"])
    content = get(client, f"/seasons/{season.slug}/", language="he", _export="csv").content
    assert content.startswith(b"\xef\xbb\xbf")
    assert "שירה" in content.decode("utf-8-sig")


@pytest.mark.parametrize(("language", "right_to_left"), [("he", True), ("en", False)])
def test_xlsx_export_of_a_hebrew_page_is_a_right_to_left_sheet(
    client, make_season, language, right_to_left
):
    season = make_season(players=8, rounds=3)
    content = get(client, f"/seasons/{season.slug}/", language=language, _export="xlsx").content
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    assert bool(sheet.sheet_view.rightToLeft) is right_to_left
    assert len(list(sheet.iter_rows(values_only=True))) == 9


def test_export_neutralises_spreadsheet_formulas(client, make_season):
    season = make_season(players=8, rounds=3, names=[FORMULA_NAME, "@SUM(A1)"])
    text = get(client, f"/seasons/{season.slug}/", _export="csv").content.decode()
    assert f"'{FORMULA_NAME}".replace('"', '""') in text
    assert "'@SUM(A1)" in text
    sheet = openpyxl.load_workbook(
        io.BytesIO(get(client, f"/seasons/{season.slug}/", _export="xlsx").content)
    ).active
    names = [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert f"'{FORMULA_NAME}" in names
    assert not any(str(name).startswith(("=", "@")) for name in names)


def test_neutralise_formula_leaves_numbers_and_plain_text():
    assert neutralise_formula(-12.5) == -12.5
    assert neutralise_formula("Dana") == "Dana"
    assert neutralise_formula("-1+2") == "'-1+2"


def test_unknown_export_format_renders_the_page(client, make_season):
    season = make_season()
    response = get(client, f"/seasons/{season.slug}/", _export="exe")
    assert response["Content-Type"].startswith("text/html")


def test_player_names_with_html_are_escaped_everywhere(client, make_season):
    season = make_season(players=8, rounds=2, names=[HTML_NAME])
    player = Player.objects.get(name=HTML_NAME)
    escaped = "&lt;b&gt;Dana&lt;/b&gt; &amp; Co"
    for url in (
        f"/seasons/{season.slug}/",
        f"/seasons/{season.slug}/rounds/1/",
        f"/players/{player.slug}/",
    ):
        page = get(client, url).content.decode()
        assert "<b>Dana</b>" not in page, url
        assert escaped in page, url


def test_round_page_lists_registrations_before_the_draw(client, make_season):
    season = make_season()
    round_ = Round.objects.create(season=season, number=4, date="2099-07-14")
    names = list(Player.objects.order_by("name").values_list("name", flat=True)[:3])
    for player in Player.objects.filter(name__in=names):
        Registration.objects.create(round=round_, player=player)
    page = get(client, f"/seasons/{season.slug}/rounds/4/").content.decode()
    assert "3 players registered" in page
    for name in names:
        assert name in page
    assert 'id="draw"' not in page


def test_round_page_shows_the_draw_seed_and_no_server_command(client, make_season):
    season = make_season()
    Round.objects.filter(season=season, number=2).update(draw_method="random", draw_seed=424242)
    page = get(client, f"/seasons/{season.slug}/rounds/2/").content.decode()
    assert "424242" in page
    assert "manage.py" not in page


def drawn_round(season: Season, *, published: bool) -> Round:
    """Round 4 drawn to one table of the first four players, the draw published or not."""
    round_ = Round.objects.create(
        season=season,
        number=4,
        date="2099-07-14",
        status=Round.Status.DRAWN,
        draw_method="ranking",
        draw_published_at=timezone.now() if published else None,
    )
    table = Table.objects.create(round=round_, number=1)
    for seat, player in enumerate(Player.objects.order_by("name")[:4]):
        Registration.objects.create(round=round_, player=player)
        Seat.objects.create(table=table, round=round_, seat=seat, player=player)
    return round_


def test_round_page_keeps_a_made_draw_private_until_it_is_published(client, make_season):
    """Was "shows the draw as soon as it is made" (the old, wrong rule; issue 13 item 1)."""
    season = make_season()
    drawn_round(season, published=False)
    page = get(client, f"/seasons/{season.slug}/rounds/4/").content.decode()
    assert 'id="draw"' not in page
    assert "Table 1" not in page
    assert "4 players registered" in page


def test_round_page_keeps_showing_registrations_until_the_draw(client, make_season):
    season = make_season()
    round_ = drawn_round(season, published=False)
    Table.objects.filter(round=round_).delete()
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    page = get(client, f"/seasons/{season.slug}/rounds/4/").content.decode()
    assert 'id="draw"' not in page
    assert "4 players registered" in page


def test_round_page_open_for_registration_sends_players_to_register_on_me(client, make_season):
    """The public page is one for everybody (nginx keeps it), so it holds no form: its
    Register button opens the registration part of /me/ (the sign-in first, if need be)."""
    season = make_season()
    round_ = Round.objects.create(season=season, number=4, date="2099-07-14")
    assert round_.status == Round.Status.OPEN
    link = 'href="/me/registration/"'
    page = get(client, f"/seasons/{season.slug}/rounds/4/").content.decode()
    assert link in page and "On My rounds, once signed in." in page
    signin = client.get("/me/registration/")
    assert signin.status_code == 302
    assert signin["Location"] == "/accounts/login/?next=/me/registration/"
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    do_publish_season(season.pk)
    closed = get(client, f"/seasons/{season.slug}/rounds/4/").content.decode()
    assert link not in closed
    past = Round.objects.create(season=season, number=5, date="2000-01-02")  # past its deadline
    assert past.status == Round.Status.OPEN
    assert link not in get(client, f"/seasons/{season.slug}/rounds/5/").content.decode()


def test_round_page_shows_a_published_draw(client, make_season):
    season = make_season()
    drawn_round(season, published=True)
    page = get(client, f"/seasons/{season.slug}/rounds/4/").content.decode()
    assert 'id="draw"' in page
    assert "Table 1" in page
    assert "Announced" in page
    assert "No result yet." in page


def test_round_page_shows_results_per_table_from_the_snapshot(client, make_season):
    season = make_season(players=8, rounds=2)
    page = get(client, f"/seasons/{season.slug}/rounds/1/").content.decode()
    published = season.snapshots.get().data["rounds"][0]["results"]
    assert "Table 1" in page and "Table 2" in page
    for game in published:
        for line in game["results"]:
            assert f">{line['score']}<" in page


def test_round_page_shows_the_deal_sheet(client, make_season):
    from scoring.generate import random_game

    season = make_season(players=4, rounds=1)
    game = Game.objects.get(round__season=season)
    record = random_game(seed=3, players=["a", "b", "c", "d"], deals=2)
    Game.objects.filter(pk=game.pk).update(deals=record["deals"])
    page = get(client, f"/seasons/{season.slug}/rounds/1/").content.decode()
    assert "Deal sheet (2 deals)" in page


def test_round_page_offers_the_messaging_texts(client, make_season):
    season = make_season(players=8, rounds=2)
    page = get(client, f"/seasons/{season.slug}/rounds/2/").content.decode()
    assert 'class="copy-text"' in page
    assert "League table:" in page


def test_player_page_lists_games_points_and_gaps(client, make_season):
    season = make_season(players=4, rounds=11)
    player = Player.objects.order_by("name").first()
    page = get(client, f"/players/{player.slug}/").content.decode()
    assert page.count(f'href="/seasons/{season.slug}/rounds/') == 11
    assert page.count(">dropped<") == 1


def test_rules_page_follows_the_season_rules(client, make_season):
    season = make_season()
    Season.objects.filter(pk=season.pk).update(rules={"min_games": 12})
    page = get(client, f"/seasons/{season.slug}/rules/").content.decode()
    assert "At least 12 games to be ranked" in page
    assert "1st: 6, 2nd: 3, 3rd: 1, 4th: 0" in page
    assert "after 10, 20, 25 and 30 games" in page
    assert "At most 4 games are dropped" in page
    assert "A game is 28 deals" in page
    assert "Deal scores" in page


def test_the_headers_seasons_lists_current_seasons_first_then_the_archive(client, make_season):
    make_season("season-9", status=Season.Status.FINISHED)
    make_season("season-10")
    make_season("season-11", status=Season.Status.UPCOMING, publish=False)
    page = get(client, reverse("web:archive")).content.decode()
    assert f'href="{reverse("web:archive")}"' in get(client, "/").content.decode()  # the header
    current, archive = page.split("Season archive</h2>")
    assert "season-10" in current and "season-11" in current and "season-9" not in current
    assert current.index("season-10") < current.index("season-11")  # running, then upcoming
    assert "not started yet" in current and "season-9" in archive


def test_every_page_has_a_meta_description(client, make_season):
    season = make_season()
    for url in ("/", reverse("web:archive"), reverse("web:season", args=[season.slug])):
        for language in ("en", "he"):
            page = get(client, url, language).content.decode()
            assert re.search(r'<meta name="description" content="[^"]{40,}">', page), url


def test_a_hebrew_season_name_keeps_its_place_in_an_english_title(client, make_season):
    season = make_season()
    Season.objects.filter(pk=season.pk).update(name="ליגת חורף 2027")
    page = get(client, reverse("web:round", args=[season.slug, 1])).content.decode()
    isolated = chr(0x2068) + "ליגת חורף 2027" + chr(0x2069)
    assert f"<title>Round 1 · {isolated}</title>" in page


def test_archive_shows_the_podium_and_number_of_players(client, make_season):
    season = make_season(
        "season-9",
        players=8,
        rounds=2,
        status=Season.Status.FINISHED,
        rules={"min_games": 1, "podium_windows": []},
    )
    final = season.snapshots.get().data["final_standings"]
    page = get(client, "/seasons/").content.decode()
    assert "season-9" in page
    assert "8 players" in page
    podium = [row["player"] for row in final[:3]]
    assert f'1st <a href="/players/{final[0]["player_slug"]}/">{podium[0]}</a>' in page
    assert all(name in page for name in podium)


def test_finished_season_shows_final_standings_and_podium(client, make_season):
    season = make_season(players=8, rounds=2, status=Season.Status.FINISHED, rules={"min_games": 2})
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert "Final standings" in page
    assert "Final podium" in page


@pytest.mark.parametrize(
    "url",
    [
        "/seasons/no-such-season/",
        "/seasons/no-such-season/rules/",
        "/seasons/no-such-season/rounds/1/",
        "/seasons/season-10/rounds/99/",
        "/players/nobody/",
    ],
)
def test_unknown_season_round_or_player_is_404(client, make_season, url):
    make_season()
    assert get(client, url).status_code == 404


def test_public_pages_refuse_post(client, make_season):
    make_season()
    assert client.post("/seasons/season-10/").status_code == 405


def test_hebrew_page_is_right_to_left_and_in_hebrew(client, make_season):
    season = make_season()
    page = get(client, f"/seasons/{season.slug}/", language="he").content.decode()
    assert '<html lang="he" dir="rtl">' in page
    assert "טבלת הליגה" in page


def test_english_page_is_left_to_right(client, make_season):
    season = make_season()
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert '<html lang="en" dir="ltr">' in page


def test_language_switch_is_on_every_page(client, make_season):
    make_season()
    page = get(client, "/").content.decode()
    assert 'href="/language/he/?next=/"' in page
    assert 'href="/language/en/?next=/"' in page
    assert "csrfmiddlewaretoken" not in page  # anonymous pages carry no per-visitor token


@pytest.mark.parametrize("language", ["he", "en", "ru"])
def test_the_language_switch_names_each_language_in_its_own_words(client, db, language):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    names = re.findall(r'hreflang="(\w+)"[^>]*>([^<]+)</a>', page)
    assert names == [("en", "English"), ("he", "עברית"), ("ru", "Русский")]


def test_player_page_charts_league_position_and_rating(client, make_season):
    from rating.models import RatingChange

    make_season(players=8, rounds=3)
    player = Player.objects.order_by("name").first()
    for number, game in enumerate(
        Game.objects.filter(results__player=player).order_by("date"), start=1
    ):
        RatingChange.objects.create(
            player=player, game=game, played_on=game.date, score=0, before=1000, after=1000 + number
        )
    page = get(client, f"/players/{player.slug}/").content.decode()
    assert "League position after each round" in page
    assert "Skill rating after each rated game" in page
    assert page.count('<svg class="chart"') == 2


def test_home_describes_a_rated_open_play_season(client, db):
    from games.season_import import import_season

    import_season(
        {
            "league": "Rated League",
            "season": "rated-2025",
            "preset": "whist-online-1200",
            "start": "2099-01-01",
            "end": "2099-07-01",
            "rounds": [],
            "games": [{"date": "2099-01-05", "scores": {"A": 10, "B": 5, "C": 0, "D": -15}}],
        }
    )
    page = get(client, "/").content.decode()
    assert "Open play: every rated game between members counts." in page
    assert "No round is scheduled yet." not in page


def test_a_season_with_broken_rules_gets_a_clear_message_not_a_server_error(client, make_season):
    season = make_season()
    Season.objects.filter(pk=season.pk).update(rules={"min_games": "many"})
    response = get(client, f"/seasons/{season.slug}/rules/")
    assert response.status_code == 503
    assert "min_games" in response.content.decode()
    assert get(client, "/").status_code == 200
    assert get(client, f"/seasons/{season.slug}/rounds/1/").status_code == 503


def test_league_table_page_points_to_the_next_round_and_the_latest_results(client, make_season):
    season = make_season(rounds=3)
    Round.objects.create(season=season, number=4, date="2099-07-14")
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert "Next round" in page
    assert f'href="/seasons/{season.slug}/rounds/4/"' in page
    assert "Latest results" in page
    assert "0 players registered" in page


def test_player_with_a_hebrew_name_has_a_working_page(client, make_season):
    season = make_season(players=8, rounds=2, names=["דנה כהן"])
    player = Player.objects.get(name="דנה כהן")
    url = reverse("web:player", args=[player.slug])
    page = get(client, url).content.decode()
    assert "<h1>דנה כהן</h1>" in page
    assert url in get(client, f"/seasons/{season.slug}/").content.decode()


def test_player_page_also_answers_to_the_players_name(client, make_season):
    make_season(players=8, rounds=2, names=["Dana Cohen"])
    player = Player.objects.get(name="Dana Cohen")
    assert player.slug == "dana-cohen"
    for key in ("dana-cohen", "Dana Cohen", "Dana-Cohen"):
        page = get(client, reverse("web:player", args=[key])).content.decode()
        assert "<h1>Dana Cohen</h1>" in page, key


def test_language_switch_remembers_the_choice_and_goes_back(client, make_season):
    season = make_season()
    response = client.get(f"/language/he/?next=/seasons/{season.slug}/")
    assert response.status_code == 302
    assert response["Location"] == f"/seasons/{season.slug}/"
    page = client.get(f"/seasons/{season.slug}/").content.decode()
    assert '<html lang="he" dir="rtl">' in page
    client.get("/language/en/?next=/")
    assert '<html lang="en" dir="ltr">' in client.get("/").content.decode()


def test_language_switch_refuses_other_sites_and_unknown_languages(client, db):
    response = client.get("/language/he/?next=https://evil.example/")
    assert response["Location"] == "/"
    assert client.get("/language/xx/").status_code == 404


def test_pages_follow_a_new_round(client, make_season):
    season = make_season(players=8, rounds=2)
    assert "/rounds/3/" not in get(client, f"/seasons/{season.slug}/").content.decode()
    create_round(season, 3, season.end)
    assert "/rounds/3/" in get(client, f"/seasons/{season.slug}/").content.decode()


def test_cached_pages_are_per_language(client, make_season):
    season = make_season()
    assert 'dir="ltr"' in get(client, f"/seasons/{season.slug}/").content.decode()
    assert 'dir="rtl"' in get(client, f"/seasons/{season.slug}/", language="he").content.decode()


def test_logged_in_visitors_share_the_content_with_their_own_navigation(
    client, make_season, django_user_model, django_assert_num_queries
):
    season = make_season()
    user = django_user_model.objects.create_user(username="dana", password="pw")
    anonymous_page = get(client, f"/seasons/{season.slug}/").content.decode()
    client.force_login(user)
    # the page's version, the season, the user (the session comes from the cache:
    # cached_db), his player (for his own part of the page, his place: he has none); the
    # table and the rest from the fragment the anonymous visit left
    with django_assert_num_queries(4):
        page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert "Log out" in page and "Log out" not in anonymous_page
    main = anonymous_page[anonymous_page.index('<main id="main">') :]
    assert main in page


def test_a_page_first_rendered_for_a_logged_in_visitor_is_clean_for_anonymous_ones(
    client, make_season, django_user_model, django_assert_num_queries
):
    season = make_season()
    user = django_user_model.objects.create_user(username="dana", password="pw")
    client.force_login(user)
    assert "Log out" in get(client, f"/seasons/{season.slug}/").content.decode()
    client.logout()
    page = get(client, f"/seasons/{season.slug}/").content.decode()
    assert "Log out" not in page and "Log in" in page
    with django_assert_num_queries(2):  # the version, the season: the rest is the fragment
        assert get(client, f"/seasons/{season.slug}/").content.decode() == page


def test_home_shows_the_top_of_each_table_and_past_champions(client, make_season):
    current = make_season("season-10", players=8, rounds=2)
    past = make_season(
        "season-9",
        players=8,
        rounds=2,
        status=Season.Status.FINISHED,
        rules={"min_games": 1, "podium_windows": []},
    )
    page = get(client, "/").content.decode()
    for row in current.snapshots.get().data["standings"][:3]:
        assert f">{row['player']}</a>" in page
    champion = past.snapshots.get().data["final_standings"][0]
    assert f'1st: <a href="/players/{champion["player_slug"]}/">' in page


def test_an_unchanged_page_answers_not_modified(client, make_season):
    season = make_season()
    first = get(client, f"/seasons/{season.slug}/")
    etag = first["ETag"]
    again = client.get(
        f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=etag
    )
    assert again.status_code == 304
    create_round(season, 9, season.end)
    changed = client.get(
        f"/seasons/{season.slug}/", HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=etag
    )
    assert changed.status_code == 200
