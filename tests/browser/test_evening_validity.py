"""Issue 27's "Done when": every page of the player's and the organizer's evening, in Hebrew
and English at 390x844, is valid HTML for the W3C's Nu Html Checker (vnu-jar from npm,
`scripts/ensure_vnu.sh`: 0 errors) and has no axe-core violation of any impact.

The checker reads the HTML each page was served as, all pages in one java call (it is slow to
start); axe reads the page in the browser, after its scripts ran. The evening: a league's
round (entering, confirming, the organizer's desk), a result in dispute and one corrected,
a tournament's stage and a finished one's final table. The walk opens 93 pages, so it runs
in the SQLite pass only; it prints its time (about 100 s on 2 cores)."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from draws.actions import do_draw_round, publish_draw
from games.actions import dispute_result, submit_result
from games.models import SeatLink, SheetDraft
from games.seat_links import issue_links, token_for
from league.models import Player, Registration, Round, Season, Seat, Table
from publishing.actions import do_publish_season
from tests.browser.conftest import PHONE_390, log_in, make_account, new_phone
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_result_entry import seat_players_with_accounts
from tests.roundsupport import make_players, register
from tests.tournamentsupport import play, tournament

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the walk runs in the SQLite pass"),
]

VNU = (
    Path(__file__).resolve().parents[2] / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
)
EVERY_IMPACT = ("minor", "moderate", "serious", "critical")
LANGUAGES = ("he", "en")


def deal(trump: str, declarer: int, contracts: tuple[int, ...], tricks: tuple[int, ...]) -> dict:
    return {
        "trump": trump,
        "declarer": declarer,
        "winning_bid": contracts[declarer],
        "contracts": list(contracts),
        "tricks": list(tricks),
    }


# A full sheet of 28 deals: made and broken contracts, over and under, a zero contract.
SHEET = [
    deal("H", 0, (5, 3, 0, 2), (5, 4, 0, 4)),
    deal("S", 1, (2, 6, 0, 3), (2, 6, 1, 4)),
    deal("NT", 2, (3, 3, 7, 2), (3, 2, 7, 1)),
    deal("C", 3, (1, 4, 2, 5), (2, 4, 2, 5)),
] * 7
# The sheet corrected: deal 2's contracts as they should have been (the third seat's 0 was 1).
CORRECTED = [*SHEET[:1], deal("S", 1, (2, 6, 1, 3), (2, 6, 1, 4)), *SHEET[2:]]


@dataclass
class Evening:
    """The pages walked: the served HTML of each, kept for the checker, and axe's findings."""

    out: Path
    base: str
    problems: list[str] = field(default_factory=list)
    files: dict[Path, str] = field(default_factory=dict)

    def visit(self, page, language: str, name: str, path: str) -> None:  # type: ignore[no-untyped-def]
        self.keep(page, language, name, page.goto(self.base + path))

    def submit(self, page, language: str, name: str, button, status: int = 200) -> None:  # type: ignore[no-untyped-def]
        """Press a form's button and keep the page it leads to (after any redirect); a
        refused form answers 400."""
        with page.expect_navigation() as navigation:
            button.click()
        self.keep(page, language, name, navigation.value, status)

    def keep(self, page, language: str, name: str, response, status: int = 200) -> None:  # type: ignore[no-untyped-def]
        where = f"{language} {name} ({page.url.removeprefix(self.base)})"
        if response is None or response.status != status:
            self.problems.append(f"{where}: answered {response and response.status}")
            return
        page.wait_for_load_state()
        file = self.out / f"{language}-{name}.html"
        file.write_bytes(response.body())
        self.files[file] = where
        self.axe(page, language, name)

    def axe(self, page, language: str, name: str) -> None:  # type: ignore[no-untyped-def]
        where = f"{language} {name}"
        self.problems += [f"{where}: axe {line}" for line in axe_violations(page, EVERY_IMPACT)]

    def vnu_errors(self) -> list[str]:
        """The checker's errors over every page kept, in one run."""
        if not VNU.is_file():
            pytest.fail(f"{VNU} is missing: run scripts/ensure_vnu.sh")
        run = subprocess.run(
            ["java", "-jar", str(VNU), "--errors-only", "--format", "json", "--stdout"]
            + [str(file) for file in self.files],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if not run.stdout.strip():
            pytest.fail(f"the W3C checker did not run: {run.stderr.strip()[-500:]}")
        by_name = {file.name: where for file, where in self.files.items()}
        found: Counter[str] = Counter()
        for m in json.loads(run.stdout)["messages"]:
            if m.get("type") in ("error", "non-document-error"):
                where = by_name.get(Path(m.get("url", "")).name, m.get("url", ""))
                extract = " ".join(m.get("extract", "").split())[:60]
                found[f"{where}: vnu {m['message']} [{extract}]"] += 1
        return [f"{line} ({count} times)" if count > 1 else line for line, count in found.items()]


def the_evening(season):  # type: ignore[no-untyped-def]
    """Round 4 in play (user0..user3 at table 1, user0's sheet waiting for confirmation by the
    others; user4 at table 2, nothing entered yet), round 5 drawn by the league's rule and
    published, round 6 open with registrations; an organizer of the league, who made round
    4's private links."""
    table, players = seat_players_with_accounts(season)
    user0 = get_user_model().objects.get(username="user0")
    submit_result(table, actor=user0, deals=SHEET)
    empty = Table.objects.create(round=table.round, number=2)
    others = list(Player.objects.exclude(pk__in=[p.pk for p in players]).order_by("name")[:4])
    user4 = make_account("user4")
    Player.objects.filter(pk=others[0].pk).update(user=user4)
    for seat, player in enumerate(others):
        Registration.objects.create(round=table.round, player=player)
        Seat.objects.create(table=empty, round=table.round, seat=seat, player=player)
    organizer = make_account("organizer")
    season.league.organizers.add(organizer)
    everyone = list(Player.objects.order_by("name"))
    today = timezone.localdate()
    drawn = Round.objects.create(season=season, number=5, date=today + dt.timedelta(days=3))
    register(drawn, everyone)
    do_draw_round(drawn, seed=27)
    publish_draw(drawn)
    open_round = Round.objects.create(season=season, number=6, date=today + dt.timedelta(days=7))
    register(open_round, everyone[:5])
    issue_links(table.round, actor=organizer)
    return table, empty, players


def seated_with_accounts(round_: Round, number: int, first_user: int) -> list:  # type: ignore[type-arg]
    """Table `number` of `round_`: four new players with the accounts user<first_user>.. (their
    user objects, by seat)."""
    table = Table.objects.create(round=round_, number=number)
    users = []
    for seat, player in enumerate(make_players(4, prefix="C")):
        user = make_account(f"user{first_user + seat}")
        Player.objects.filter(pk=player.pk).update(user=user)
        Registration.objects.create(round=round_, player=player)
        Seat.objects.create(table=table, round=round_, seat=seat, player=player)
        users.append(user)
    return [table, *users]


def the_disputes(round_: Round) -> tuple[Table, Table]:
    """Round 4's table 3, whose sheet user5 entered and user6 disputed, and table 4, whose
    disputed sheet user9 corrected (one deal changed), waiting for user10's confirmation."""
    disputed, user5, user6, *_ = seated_with_accounts(round_, 3, 5)
    submit_result(disputed, actor=user5, deals=SHEET)
    dispute_result(disputed, 1, actor=user6, reason="Deal 2: a contract is wrong")
    corrected, user9, user10, *_ = seated_with_accounts(round_, 4, 9)
    submit_result(corrected, actor=user9, deals=SHEET)
    dispute_result(corrected, 1, actor=user10, reason="Deal 2: a contract is wrong")
    submit_result(corrected, actor=user9, deals=CORRECTED)
    return disputed, corrected


def the_tournament(organizer) -> tuple:  # type: ignore[no-untyped-def, type-arg]
    """An evening tournament of 8 run by the organizer: stage 1 played, stage 2 drawn and
    published with table 1's result entered by user13 (seat 0) and waiting for the others;
    a finished one whose final table decided the podium."""
    season, rounds = tournament(8, slug="evening")
    season.league.organizers.add(organizer)
    do_draw_round(rounds[0], seed=7)
    play(rounds[0])
    do_draw_round(rounds[1])
    publish_draw(rounds[1])
    stage_table = Table.objects.get(round=rounds[1], number=1)
    users = []
    for seat in Seat.objects.filter(table=stage_table).select_related("player").order_by("seat"):
        user = make_account(f"user{13 + seat.seat}")
        Player.objects.filter(pk=seat.player_id).update(user=user)
        users.append(user)
    submit_result(stage_table, actor=users[0], scores=[120, 60, 10, -40])
    finished, final_rounds = tournament(8, slug="evening-done")
    for stage in final_rounds[:4]:
        do_draw_round(stage, seed=7 if stage.number == 1 else None)
        play(stage)
    do_draw_round(final_rounds[4])
    play(final_rounds[4], [-40, 10, 60, 120])
    Season.objects.filter(pk=finished.pk).update(status=Season.Status.FINISHED)
    do_publish_season(season.pk)
    do_publish_season(finished.pk)
    return season, finished, stage_table


def walk_disputes(evening: Evening, chromium, language: str, disputed, corrected) -> None:  # type: ignore[no-untyped-def]
    """A result in dispute (its submitter's and the disputer's pages, the sheet reopened for
    the correction) and a corrected one (the confirmer's page marks what changed)."""
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    visit = evening.visit
    log_in(page, evening.base, "user5", "/me/")
    visit(page, language, "me-disputed", "/me/")
    visit(page, language, "table-disputed", f"/tables/{disputed.pk}/")
    visit(page, language, "sheet-correcting", f"/tables/{disputed.pk}/sheet/")
    context.clear_cookies()
    log_in(page, evening.base, "user6", "/me/")
    visit(page, language, "table-disputed-by-me", f"/tables/{disputed.pk}/")
    context.clear_cookies()
    log_in(page, evening.base, "user9", "/me/")
    visit(page, language, "table-corrected", f"/tables/{corrected.pk}/")
    context.clear_cookies()
    log_in(page, evening.base, "user10", "/me/")
    visit(page, language, "me-correction-to-confirm", "/me/")
    visit(page, language, "confirming-correction", f"/tables/{corrected.pk}/")
    context.close()


def walk_tournament(evening: Evening, chromium, language: str, tournaments) -> None:  # type: ignore[no-untyped-def]
    """A tournament evening: its public pages (the standing, a stage, its draw check, the
    finished one's podium and final table), a player at his stage's table, the organizer's
    stage desk."""
    season, finished, stage_table = tournaments
    slug, done = season.slug, finished.slug
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    visit = evening.visit
    visit(page, language, "tournament", f"/seasons/{slug}/")
    visit(page, language, "stage-drawn", f"/seasons/{slug}/rounds/2/")
    visit(page, language, "stage-draw-check", f"/seasons/{slug}/rounds/2/draw-check/")
    visit(page, language, "tournament-rules", f"/seasons/{slug}/rules/")
    visit(page, language, "tournament-podium", f"/seasons/{done}/")
    visit(page, language, "final-table", f"/seasons/{done}/rounds/5/")
    visit(page, language, "final-draw-check", f"/seasons/{done}/rounds/5/draw-check/")
    log_in(page, evening.base, "user14", "/me/")
    visit(page, language, "me-stage", "/me/")
    visit(page, language, "stage-confirming", f"/tables/{stage_table.pk}/")
    context.clear_cookies()
    log_in(page, evening.base, "organizer", "/manage/")
    visit(page, language, "stage-desk", f"/manage/seasons/{slug}/rounds/2/")
    visit(page, language, "tournament-desk", f"/manage/seasons/{slug}/")
    context.close()


def walk_player(evening: Evening, chromium, language: str, season, tables, players) -> None:  # type: ignore[no-untyped-def]
    slug = season.slug
    table, empty = tables
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    visit = evening.visit
    visit(page, language, "sign-in", "/accounts/login/")
    visit(page, language, "home", "/")
    visit(page, language, "seasons", "/seasons/")
    visit(page, language, "league-table", f"/seasons/{slug}/")
    visit(page, language, "round-finished", f"/seasons/{slug}/rounds/1/")
    visit(page, language, "round-drawn", f"/seasons/{slug}/rounds/5/")
    visit(page, language, "rules", f"/seasons/{slug}/rules/")
    visit(page, language, "player", f"/players/{players[0].slug}/")
    visit(page, language, "head-to-head", f"/players/{players[0].slug}/vs/{players[1].slug}/")
    # The submitter: his pages while his sheet waits, and an empty sheet of another table.
    log_in(page, evening.base, "user0", "/me/")
    visit(page, language, "me-submitted", "/me/")
    visit(page, language, "table-submitted", f"/tables/{table.pk}/")
    # The confirmer: /me/ and his table's sheet to confirm.
    context.clear_cookies()
    log_in(page, evening.base, "user1", "/me/")
    visit(page, language, "me-to-confirm", "/me/")
    visit(page, language, "confirming", f"/tables/{table.pk}/")
    # A player of a table with nothing entered yet: the scores form, the sheet open.
    context.clear_cookies()
    log_in(page, evening.base, "user4", "/me/")
    visit(page, language, "me-tonight", "/me/")
    visit(page, language, "table-entry", f"/tables/{empty.pk}/")
    for seat, score in enumerate(("999999", "1", "2", "3")):  # out of range, refused
        page.fill(f"#score-{seat}", score)
    scores = page.locator("form:has(#score-0) [type=submit]")
    evening.submit(page, language, "scores-refused", scores, status=400)
    SheetDraft.objects.filter(table=empty).delete()  # the other language's walk saved one
    visit(page, language, "sheet", f"/tables/{empty.pk}/sheet/")
    sheet = page.locator("#deal-sheet")
    sheet.locator('[data-bid="5"][data-trump="H"]').click()
    for taken in (5, 3, 3):
        sheet.locator(f'.number-pad [data-number="{taken}"]').click()
    page.locator("[data-contract-pickers]").wait_for(state="visible")
    evening.axe(page, language, "sheet-contracts")
    context.close()
    # A player without an account opens his private link.
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    link = SeatLink.objects.filter(table=empty).order_by("id")[1]
    visit(page, language, "private-link", f"/links/{token_for(link)}/")
    context.close()


def walk_organizer(evening: Evening, chromium, language: str, season) -> None:  # type: ignore[no-untyped-def]
    desk = f"/manage/seasons/{season.slug}"
    context = new_phone(chromium, language, PHONE_390)
    page = context.new_page()
    log_in(page, evening.base, "organizer", "/manage/")
    visit = evening.visit
    visit(page, language, "manage", "/manage/")
    visit(page, language, "season-desk", f"{desk}/")
    visit(page, language, "round-desk-open", f"{desk}/rounds/6/")
    page.fill("#names", "Plaeyr 007\nNew Name")  # a near name and a new one: asked about
    evening.submit(page, language, "confirm-names", page.locator("form:has(#names) [type=submit]"))
    visit(page, language, "round-desk-in-play", f"{desk}/rounds/4/")
    visit(page, language, "round-desk-drawn", f"{desk}/rounds/5/")
    if language == LANGUAGES[0]:
        links = page.locator("#seat-links-section form [type=submit]")
        evening.submit(page, language, "links-made", links)
    visit(page, language, "round-print", f"{desk}/rounds/5/print/")
    visit(page, language, "draw-check", f"/seasons/{season.slug}/rounds/5/draw-check/")
    visit(page, language, "wizard", "/manage/new-season/")
    visit(page, language, "audit", "/manage/audit/")
    context.close()


def test_every_evening_page_is_valid_html_without_axe_violations(
    live_server, chromium, make_season, tmp_path
):
    started = time.monotonic()
    season = make_season(players=8, rounds=3)
    table, empty, players = the_evening(season)
    disputed, corrected = the_disputes(table.round)
    tournaments = the_tournament(get_user_model().objects.get(username="organizer"))
    evening = Evening(out=tmp_path, base=live_server.url)
    for language in LANGUAGES:
        walk_player(evening, chromium, language, season, (table, empty), players)
        walk_organizer(evening, chromium, language, season)
        walk_disputes(evening, chromium, language, disputed, corrected)
        walk_tournament(evening, chromium, language, tournaments)
    walked = time.monotonic()
    problems = evening.problems + evening.vnu_errors()
    print(
        f"\n{len(evening.files)} pages: walk and axe {walked - started:.1f} s, "
        f"vnu {time.monotonic() - walked:.1f} s"
    )
    assert problems == [], "\n".join(problems)
