"""deploy/nginx/whist.conf in front of gunicorn (the project's config, 2 workers), checked by
headers and content: the micro-cache of public pages, signed-in pages never cached, the key's
language and query parameters, 304s, static files, logs without link tokens, a graceful
reload under requests.

One nginx and one gunicorn for the module, on the PostgreSQL test database (the data is made
here and committed, the database flushed at the end); Redis db 15 is gunicorn's cache.
"""

from __future__ import annotations

import gzip
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis
from django.conf import settings

from tests.integration.proxysupport import CONFIG, ROOT, Answer, Nginx, fetch, render

pytestmark = [pytest.mark.integration, pytest.mark.postgres]

REDIS_URL = "redis://127.0.0.1:6379/15"
S_MAXAGE = 5  # the app's PUBLIC_PAGE_S_MAXAGE here: how long nginx keeps a public page
# Answers from a kept entry: fresh, or past its validity while one request fetches the next.
FROM_CACHE = {"HIT", "STALE", "UPDATING", "REVALIDATED"}
SLUG = "proxy-season"
PLAYERS = [f"Proxy Player {number:02d}" for number in range(8)]
RENAMED = "Renamed Before Publish"
TOKEN = "PrivateLinkTokenNeverLogged0123456789"


def _database_url() -> str:
    db = settings.DATABASES["default"]
    login = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{login}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _season_file() -> dict[str, Any]:
    rounds = []
    for number, date in ((1, "2024-06-30"), (2, "2024-07-03")):
        order = PLAYERS[number % 2 :] + PLAYERS[: number % 2]
        games = [
            {"scores": dict(zip(order[i : i + 4], (300, 100, -150, -250), strict=True))}
            for i in (0, 4)
        ]
        rounds.append({"number": number, "date": date, "games": games})
    return {
        "league": "Proxy League",
        "season": SLUG,
        "preset": "whist-online-league",
        "start": "2024-06-30",
        "end": "2024-10-27",
        "rules": {},
        "rounds": rounds,
        "games": [],
    }


def _session_cookie(user: Any) -> str:
    """A signed-in session for `user`, stored in the database gunicorn reads."""
    from bench.support import signed_in_session

    key = signed_in_session(user, "django.contrib.sessions.backends.db")
    return f"{settings.SESSION_COOKIE_NAME}={key}"


def _build_data() -> dict[str, str]:
    from django.contrib.auth import get_user_model

    from games.season_import import import_season
    from league.models import Player
    from publishing.actions import do_publish_season

    season = import_season(_season_file()).season
    do_publish_season(season.pk)
    users = get_user_model().objects
    alice = users.create_user("proxy-alice", password="pw-secret-123")
    bob = users.create_user("proxy-bob", password="pw-secret-123")
    Player.objects.filter(name=PLAYERS[0]).update(user=alice)
    return {"alice": _session_cookie(alice), "bob": _session_cookie(bob)}


def _children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(word) for word in path.read_text().split()} if path.exists() else set()


@dataclass
class Proxy:
    nginx: Nginx
    app: str  # gunicorn's own address, behind nginx
    gunicorn: Any  # bench.support.Process
    env: dict[str, str]
    sessions: dict[str, str]
    static_root: Path
    logs: Path

    @property
    def base(self) -> str:
        return self.nginx.base

    def get(self, path: str, **headers: str) -> Answer:
        return fetch(self.base, path, {key.replace("_", "-"): v for key, v in headers.items()})

    def app_log(self, waiting_for: str = "") -> str:
        """gunicorn's access log, once it holds `waiting_for` (a line is written after its
        answer was sent)."""
        deadline = time.monotonic() + 10
        while True:
            text = (self.logs / "gunicorn-access.log").read_text(errors="replace")
            if waiting_for in text or time.monotonic() > deadline:
                return text
            time.sleep(0.1)


@pytest.fixture(scope="module")
def proxy(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Proxy]:
    if "postgresql" not in settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("the proxy tests run in the PostgreSQL pass (DATABASE_URL=postgres://...)")
    if not os.path.exists("/usr/sbin/nginx"):
        pytest.fail("nginx is missing: run scripts/ensure_nginx.sh")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).flushdb()
    except redis.RedisError:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")
    sys.path.insert(0, str(ROOT))
    from bench.support import free_port, server_env, start_gunicorn

    folder = tmp_path_factory.mktemp("proxy")
    logs, static_root = folder / "logs", folder / "static"
    logs.mkdir()
    nginx_port = free_port()
    env = server_env(
        _database_url(),
        SECRET_KEY=settings.SECRET_KEY,  # the sessions made here are valid there
        BEHIND_PROXY="1",
        STATIC_MANIFEST="1",
        STATIC_ROOT=str(static_root),
        CACHE_URL=f"rediscache://{REDIS_URL.removeprefix('redis://')}",
        PUBLIC_PAGE_S_MAXAGE=str(S_MAXAGE),
        PUBLIC_PAGE_STALE="30",
        GUNICORN_ACCESS_LOG=str(logs / "gunicorn-access.log"),
        SITE_URL=f"http://127.0.0.1:{nginx_port}",
    )
    # The hashed static files, as production collects them, while the data is made: gunicorn
    # reads their manifest when it starts.
    collect = subprocess.Popen(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        stdout=(logs / "collectstatic.log").open("ab"),
        stderr=subprocess.STDOUT,
    )
    with django_db_blocker.unblock():
        sessions = _build_data()
    if collect.wait(120) != 0:
        pytest.fail(f"collectstatic failed:\n{(logs / 'collectstatic.log').read_text()}")
    gunicorn, app = start_gunicorn(env, logs, workers=2)
    nginx = None
    try:
        values = {
            "WHIST_LISTEN": f"127.0.0.1:{nginx_port}",
            "WHIST_SERVER_NAME": "127.0.0.1 localhost",
            "WHIST_UPSTREAM": app.removeprefix("http://"),
            "WHIST_STATIC_ROOT": str(static_root),
            "WHIST_CACHE_PATH": str(folder / "nginx" / "cache"),
            "WHIST_LOG_DIR": str(folder / "nginx" / "logs"),
        }
        nginx = Nginx(folder / "nginx", render(CONFIG.read_text(), values), nginx_port)
        yield Proxy(nginx, app, gunicorn, env, sessions, static_root, logs)
    finally:
        if nginx is not None:
            nginx.stop()
        gunicorn.stop()
        with django_db_blocker.unblock():
            from django.core.management import call_command

            call_command("flush", interactive=False, verbosity=0)
        redis.Redis.from_url(REDIS_URL).flushdb()


def _lang(answer: Answer) -> str:
    found = re.search(r'<html[^>]*\blang="([^"]+)"', answer.text)
    return found.group(1) if found else ""


def test_a_public_page_is_served_from_the_proxys_cache_on_the_second_request(proxy):
    first = proxy.get(f"/seasons/{SLUG}/")
    second = proxy.get(f"/seasons/{SLUG}/")
    assert first.status == second.status == 200
    assert first.cache in {"MISS", "EXPIRED"}
    assert second.cache == "HIT"
    assert second.body == first.body
    assert PLAYERS[3] in second.text
    assert "public" in second.header("Cache-Control")


def test_signed_in_pages_are_never_cached_and_two_users_never_see_each_others(proxy):
    alice, bob = proxy.sessions["alice"], proxy.sessions["bob"]
    unlinked = "Your account is not linked to a player yet."
    for _ in range(2):
        mine = proxy.get("/me/", Cookie=alice)
        his = proxy.get("/me/", Cookie=bob)
        assert mine.status == his.status == 200
        assert unlinked in his.text and unlinked not in mine.text
        assert "Log out" in mine.text and "Log out" in his.text
        # A public page asked for with a session is the app's own answer too.
        page = proxy.get(f"/seasons/{SLUG}/rules/", Cookie=alice)
        assert page.status == 200 and "Log out" in page.text
        for answer in (mine, his, page):
            assert answer.cache in {"BYPASS", ""}, answer.cache
            assert "public" not in answer.header("Cache-Control")
    # What the signed-in visitors were sent was not kept for anyone else.
    anonymous = proxy.get(f"/seasons/{SLUG}/rules/")
    assert anonymous.cache in {"MISS", "EXPIRED"}
    assert "Log out" not in anonymous.text


def test_signed_in_pages_are_not_compressed_by_the_proxy(proxy):
    signed = proxy.get("/me/", Cookie=proxy.sessions["alice"], Accept_Encoding="gzip")
    public = proxy.get(f"/seasons/{SLUG}/rounds/1/", Accept_Encoding="gzip")
    plain = proxy.get(f"/seasons/{SLUG}/rounds/1/")
    assert signed.status == public.status == plain.status == 200
    assert signed.header("Content-Encoding") == ""  # BREACH: it carries a CSRF token
    assert public.header("Content-Encoding") == "gzip"
    # The page kept compressed is unpacked for a client that does not take gzip.
    assert plain.header("Content-Encoding") == ""
    assert gzip.decompress(public.body) == plain.body


def test_if_none_match_answers_304_through_the_proxy(proxy):
    path = f"/seasons/{SLUG}/rounds/2/"
    first = proxy.get(path)
    etag = first.header("ETag")
    assert first.status == 200 and etag
    cached = proxy.get(path, If_None_Match=etag)
    assert cached.status == 304 and cached.body == b""
    assert cached.cache == "HIT"
    # A visitor the cache does not serve (a form's CSRF cookie) is answered by the app: its
    # 304 comes through too.
    bypassed = proxy.get(path, If_None_Match=etag, Cookie="csrftoken=" + "a" * 32)
    assert bypassed.cache == "BYPASS"
    assert bypassed.status == 304 and bypassed.body == b""
    assert proxy.get(path, If_None_Match='"something-else"').status == 200


def test_the_live_address_is_kept_by_the_proxy_and_answered_304_from_its_cache(proxy):
    # What every open live page polls (web/live.py, static/web/live.js: no cookies sent).
    path = f"/seasons/{SLUG}/live/"
    first = proxy.get(path, Accept_Language="he")
    etag = first.header("ETag")
    assert first.status == 200 and etag and "public" in first.header("Cache-Control")
    assert isinstance(json.loads(first.body)["version"], int)
    held = proxy.get(path, If_None_Match=etag, Accept_Language="he")
    assert held.status == 304 and held.body == b"" and held.cache == "HIT"
    # Another language asks the app once, for the same answer.
    english = proxy.get(path, Accept_Language="en")
    assert english.header("ETag") == etag and english.body == first.body


def test_a_query_parameter_the_pages_do_not_use_is_neither_in_the_key_nor_passed_on(proxy):
    path = f"/players/{PLAYERS[2].lower().replace(' ', '-')}/"
    first = proxy.get(path + "?utm_source=newsletter&fbclid=abc123")
    second = proxy.get(path + "?utm_source=chat")
    bare = proxy.get(path)
    assert first.status == 200, first.text[:300]
    assert {second.cache, bare.cache} <= FROM_CACHE
    assert second.body == first.body == bare.body
    # A parameter the pages read is in the key and reaches the app.
    sorted_table = proxy.get(f"/seasons/{SLUG}/?sort=-points&utm_medium=x")
    assert sorted_table.status == 200
    assert sorted_table.cache in {"MISS", "EXPIRED"}
    assert proxy.get(f"/seasons/{SLUG}/?sort=-points").cache in FROM_CACHE
    logged = proxy.app_log(waiting_for=f"GET /seasons/{SLUG}/?sort=-points ")
    assert f"GET /seasons/{SLUG}/?sort=-points " in logged
    assert f"GET {path} " in logged
    for unused in ("utm_source", "utm_medium", "fbclid"):
        assert unused not in logged


def rendered_at(answer: Answer) -> str:
    """The counters a live page was rendered at (its script tag's data-versions)."""
    found = re.search(r'<script src="[^"]*live[^"]*\.js"[^>]*data-versions="([^"]*)"', answer.text)
    assert found, answer.text[:300]
    return found.group(1)


def test_a_live_page_asked_at_a_new_counter_is_never_the_copy_kept_from_before(
    proxy, django_db_blocker
):
    """static/web/live.js asks for the page with X-Live-Counters once the counter moved: the
    key holds it, so the copy kept from before the change (for S_MAXAGE) is never the
    answer; anything but counters is no header."""
    from league.models import Season
    from web.versions import bump

    path = f"/seasons/{SLUG}/?sort=name"
    proxy.get(path)
    kept = proxy.get(path)
    assert kept.cache in FROM_CACHE
    with django_db_blocker.unblock():
        bump(Season.objects.get(slug=SLUG).pk)
    counter = int(json.loads(fetch(proxy.app, f"/seasons/{SLUG}/live/", {}).body)["version"])
    again = proxy.get(path)
    assert again.cache in FROM_CACHE  # the bare page: the copy kept
    assert rendered_at(again) == rendered_at(kept) != str(counter)
    live = proxy.get(path, X_Live_Counters=str(counter))
    assert (live.status, live.cache) == (200, "MISS")
    assert rendered_at(live) == str(counter)
    shared = proxy.get(path, X_Live_Counters=str(counter))
    assert shared.cache in FROM_CACHE and shared.body == live.body
    for junk in ("abc", "1;2", "9" * 13, "-".join(["1"] * 9)):
        answer = proxy.get(path, X_Live_Counters=junk)
        assert answer.cache in FROM_CACHE and answer.body == proxy.get(path).body, junk


def test_the_language_cookie_and_accept_language_pick_separate_cached_pages(proxy):
    hebrew = proxy.get("/ratings/", Cookie="django_language=he; _ga=GA1.1.1")
    english = proxy.get("/ratings/", Cookie="django_language=en")
    assert hebrew.status == english.status == 200
    assert (_lang(hebrew), _lang(english)) == ("he", "en")
    assert hebrew.body != english.body
    # The same language another way: the same cached page; other cookies are not in the key.
    by_header = proxy.get("/ratings/", Accept_Language="he-IL,he;q=0.9,en-US;q=0.8")
    by_other_cookie = proxy.get("/ratings/", Cookie="django_language=he; theme=dark")
    english_browser = proxy.get("/ratings/", Accept_Language="en-US,en;q=0.9,he;q=0.5")
    default = proxy.get("/ratings/", Accept_Language="fr-FR,fr;q=0.9")
    for answer in (by_header, by_other_cookie):
        assert answer.cache in FROM_CACHE and answer.body == hebrew.body
    for answer in (english_browser, default):
        assert answer.cache in FROM_CACHE and answer.body == english.body


def test_a_russian_cookie_or_browser_gets_the_cached_russian_page(proxy):
    """Russian (issue 31 item 4) is one of the proxy's languages: its own cached page, the same
    whether the language cookie or Accept-Language asks for it."""
    russian = proxy.get("/ratings/", Cookie="django_language=ru")
    assert russian.status == 200 and _lang(russian) == "ru"
    assert russian.body != proxy.get("/ratings/", Cookie="django_language=en").body
    by_header = proxy.get("/ratings/", Accept_Language="ru-RU,ru;q=0.9,en-US;q=0.8,he;q=0.7")
    assert by_header.cache in FROM_CACHE and by_header.body == russian.body


# The mark also makes pytest-django set the test database up when this module runs alone
# (it sets up the databases the session's tests ask for); the proxy's fixture needs it.
@pytest.mark.django_db
def test_the_languages_and_cookies_the_proxy_knows_are_the_sites():
    config = CONFIG.read_text()
    languages = {code for code, _ in settings.LANGUAGES}
    # The language cookie's map, and Accept-Language's.
    assert set(re.findall(r'"~\*\^(\w+)\(-\|\$\)"', config)) == languages
    accepted = re.search(r"\(\?<whist_first>([\w|]+)\)", config)
    assert accepted is not None and set(accepted.group(1).split("|")) == languages
    fallback = re.search(r"\$whist_accept_language \{\s*default (\w+);", config)
    assert fallback is not None and fallback.group(1) == settings.LANGUAGE_CODE
    assert f"$cookie_{settings.LANGUAGE_COOKIE_NAME}" in config
    signed = re.search(r"\(\?:(\w+)\|(\w+)\|(\w+)\)=", config)
    assert signed is not None
    assert set(signed.groups()) == {
        settings.SESSION_COOKIE_NAME,
        settings.CSRF_COOKIE_NAME,
        "messages",
    }


def test_static_files_come_from_nginx_immutable_with_the_apps_security_headers(proxy):
    manifest = json.loads((proxy.static_root / "staticfiles.json").read_text())["paths"]
    name = next(name for name in manifest if name.endswith(".css"))
    hashed = manifest[name]
    answer = proxy.get(f"/static/{hashed}")
    assert answer.status == 200
    assert answer.body == (proxy.static_root / hashed).read_bytes()
    assert answer.header("Cache-Control") == "public, max-age=31536000, immutable"
    page = fetch(proxy.app, "/healthz")  # the app's own headers
    for header in (
        "X-Content-Type-Options",
        "Referrer-Policy",
        "X-Frame-Options",
        "Permissions-Policy",
        "Cross-Origin-Opener-Policy",
    ):
        assert answer.header(header) == page.header(header), header
    assert _policy(answer.header("Content-Security-Policy")) == _policy(
        page.header("Content-Security-Policy")
    )
    # whitenoise's compressed copy, as it is.
    packed = proxy.get(f"/static/{hashed}", Accept_Encoding="gzip")
    assert packed.header("Content-Encoding") == "gzip"
    assert gzip.decompress(packed.body) == answer.body
    # None of them reached the app: its log has a later request's line, and no /static/ one.
    later = proxy.get("/healthz").header("X-Request-ID")
    assert "/static/" not in proxy.app_log(waiting_for=later)


def _policy(header: str) -> dict[str, set[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: set(words[1:]) for words in parts}


def test_a_private_links_token_is_never_in_nginxs_logs(proxy):
    answer = proxy.get(f"/links/{TOKEN}/", Referer=f"http://127.0.0.1/links/{TOKEN}/")
    assert answer.status in {302, 404}
    # nginx writes the line once the answer is sent.
    access = proxy.nginx.log("whist-access.log", waiting_for="/links/[token]/")
    assert "/links/[token]/" in access
    assert TOKEN not in access + proxy.nginx.log("whist-error.log")


def test_the_request_id_is_nginxs_and_reaches_the_app(proxy):
    answer = proxy.get("/healthz", X_Request_ID="made-up-by-the-visitor")
    request_id = answer.header("X-Request-ID")
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    assert f"id={request_id} " in proxy.nginx.log("whist-access.log", waiting_for=request_id)
    # gunicorn's line ends with the request id the app answered with.
    assert request_id in proxy.app_log(waiting_for=request_id)


def _failed_sign_in(proxy: Proxy, source: str, **claims: str) -> int:
    """A wrong password for one user name, sent from the loopback address `source` (with the
    headers `claims`)."""
    form = fetch(proxy.base, "/accounts/login/", source=source)
    cookie = form.header("Set-Cookie").split(";")[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)
    assert cookie.startswith("csrftoken=") and token is not None
    body = f"username=proxy-alice&password=wrong&csrfmiddlewaretoken={token.group(1)}"
    headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    headers |= {name.replace("_", "-"): value for name, value in claims.items()}
    answer = fetch(
        proxy.base, "/accounts/login/", headers, method="POST", body=body.encode(), source=source
    )
    return answer.status


def test_the_app_counts_sign_ins_by_the_visitors_address_nginx_passes(proxy):
    """gunicorn sees every request come from 127.0.0.1 (nginx); the sign-in limit (10 failures
    per address and user name) locks one visitor out and not another one, so the app takes
    the address nginx passed on (BEHIND_PROXY, X-Forwarded-For's last entry) and not one a
    visitor wrote himself."""
    statuses = []
    for _ in range(12):
        statuses.append(_failed_sign_in(proxy, "127.0.0.2"))
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses
    # Another visitor, who claims to be the first one, is not locked out.
    claims = {"X_Forwarded_For": "127.0.0.2", "X_Real_IP": "127.0.0.2"}
    assert _failed_sign_in(proxy, "127.0.0.3", **claims) == 200


def test_a_body_over_the_limit_is_refused_by_nginx(proxy):
    answer = proxy.get("/accounts/login/")
    assert answer.status == 200
    refused = fetch(
        proxy.base, "/accounts/login/", {"Content-Type": "text/plain"}, method="POST",
        body=b"x" * (4 * 1024 * 1024),
    )  # fmt: skip
    assert refused.status == 413


def test_after_a_publish_the_proxy_serves_the_new_version_once_its_validity_has_passed(
    proxy, django_db_blocker
):
    path = f"/seasons/{SLUG}/rounds/1/?sort=name"
    before = proxy.get(path)
    assert proxy.get(path).cache == "HIT"
    assert PLAYERS[5] in before.text and RENAMED not in before.text
    from league.models import Player

    with django_db_blocker.unblock():
        Player.objects.filter(name=PLAYERS[5]).update(name=RENAMED)
    published = subprocess.run(
        [sys.executable, "manage.py", "publish", SLUG, "--force"],
        cwd=ROOT,
        env=proxy.env,
        capture_output=True,
        text=True,
    )
    assert published.returncode == 0, published.stderr
    assert "version 2" in published.stdout
    deadline = time.monotonic() + S_MAXAGE + 20
    seen: list[str] = []
    while time.monotonic() < deadline:
        answer = proxy.get(path)
        assert answer.status == 200
        seen.append(answer.cache)
        if RENAMED in answer.text:
            break
        time.sleep(0.5)
    else:
        pytest.fail(f"the new version never came through: {seen}")
    assert PLAYERS[5] not in answer.text
    assert answer.header("ETag") != before.header("ETag")
    assert proxy.get(path).cache == "HIT"


def test_gunicorns_graceful_reload_during_requests_fails_none_of_them(proxy):
    """Requests on 4 threads through nginx while gunicorn is reloaded (HUP): the stream goes on
    until the reload has replaced the workers (at least 200 requests, at most 2000), and not
    one of them fails."""
    # Cheap answers mostly, and a signed-in page now and then: past the cache, every request
    # reaches gunicorn.
    paths = ["/healthz", "/healthz", "/healthz", "/me/"]
    alice = proxy.sessions["alice"]
    master = proxy.gunicorn.popen.pid
    numbers = itertools.count()
    answers: list[int] = []
    reloaded = threading.Event()

    def stream() -> None:
        for number in numbers:
            if number >= 2000 or (number >= 200 and reloaded.is_set()):
                return
            answers.append(proxy.get(paths[number % len(paths)], Cookie=alice).status)

    def replaced(before: set[int]) -> bool:
        now = _children(master)
        return len(now) == 2 and not now & before

    with ThreadPoolExecutor(4) as pool:
        streams = [pool.submit(stream) for _ in range(4)]
        while len(answers) < 40 and not any(f.done() for f in streams):
            time.sleep(0.05)
        before = _children(master)
        os.kill(master, signal.SIGHUP)
        deadline = time.monotonic() + 30
        while not replaced(before) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert replaced(before), "gunicorn did not replace its workers"
        assert not any(f.done() for f in streams), "the stream ended before the reload did"
        reloaded.set()
        for future in streams:
            future.result()
    assert len(answers) >= 200
    assert [status for status in answers if status != 200] == []


def test_the_service_worker_and_manifest_pass_through_with_their_types_never_kept_long(proxy):
    """/sw.js and /manifest.webmanifest (config/installable.py) through nginx: the app's
    types, no-cache, never in the proxy's cache; the manifest's icons are collected files."""
    worker = proxy.get("/sw.js")
    assert worker.status == 200
    assert worker.header("Content-Type") == "text/javascript; charset=utf-8"
    assert worker.header("Cache-Control") == "no-cache"
    assert worker.header("Service-Worker-Allowed") == "/"
    assert worker.cache == ""  # never looked up in the micro-cache
    assert worker.text.startswith("self.WHIST_WORKER = ")
    packed = proxy.get("/sw.js", Accept_Encoding="gzip")
    assert gzip.decompress(packed.body) == worker.body
    manifest = proxy.get("/manifest.webmanifest", Accept_Language="he")
    assert manifest.status == 200
    assert manifest.header("Content-Type") == "application/manifest+json"
    assert manifest.header("Cache-Control") == "no-cache"
    app = json.loads(manifest.body)
    assert (app["lang"], app["dir"]) == ("he", "rtl")
    for icon in app["icons"]:
        answer = proxy.get(icon["src"])
        assert answer.status == 200, icon["src"]
        assert answer.header("Content-Type") == "image/png"
        assert answer.header("Cache-Control") == "public, max-age=31536000, immutable"


def test_readyz_is_asked_of_the_app_once_per_format_whatever_the_probes_send(proxy):
    """/readyz runs the readiness checks (with a broker the workers' ping holds a gunicorn
    worker about a second): through nginx, one answer per format is asked of the app every
    5 s at most, whatever query or Accept a probe varies; the visitor still gets the app's
    never-cache headers."""
    texts = [
        proxy.get("/readyz"),
        proxy.get("/readyz?utm_source=monitor"),
        proxy.get("/readyz?format=text"),
        proxy.get("/readyz", Accept="text/html,application/xhtml+xml;q=0.9"),
        proxy.get("/readyz", Accept="*/*"),
    ]
    jsons = [
        proxy.get("/readyz", Accept="application/json"),
        proxy.get("/readyz?format=json"),
        proxy.get("/readyz?format=json&again=1", Accept="text/plain"),
    ]
    for answer in texts + jsons:
        assert answer.status == 200
        assert "no-cache" in answer.header("Cache-Control")
    assert [answer.cache for answer in texts] == ["MISS"] + ["HIT"] * 4
    assert [answer.cache for answer in jsons] == ["MISS", "HIT", "HIT"]
    assert {answer.body for answer in texts} == {texts[0].body}
    assert "Database" in texts[0].text and texts[0].header("Content-Type").startswith("text/plain")
    results = json.loads(jsons[0].body)
    assert results and all(value == "OK" for value in results.values())
    log = proxy.app_log(waiting_for="/readyz?format=json")
    asked = re.findall(r"GET (/readyz\S*)", log)
    assert asked == ["/readyz?format=text", "/readyz?format=json"]
