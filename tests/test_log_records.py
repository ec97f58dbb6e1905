"""What log lines carry (config/log_records.py, config/gunicorn_logging.py): a private link's
token never appears in any of them, and a refused request writes one line, no traceback."""

import datetime as dt
import logging
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client

from config.gunicorn_logging import PrivateLinksLogger
from config.log_records import HIDDEN, hide_links
from games.models import SeatLink
from games.seat_links import issue_links, token_for
from league.models import Round
from tests.roundsupport import (
    make_organizer,
    make_players,
    make_round,
    make_season,
    make_user,
    seat_table,
)

TOKEN = "0123456789abcdef" * 4


@pytest.fixture
def all_logs(caplog):
    """Every record of every logger, as the root logger's handlers get it."""
    caplog.set_level(logging.DEBUG)
    return caplog


@pytest.fixture
def link():
    season = make_season()
    round_ = make_round(season)
    seat_table(round_, make_players(4), number=1)
    issue_links(round_, actor=make_organizer(season))
    return SeatLink.objects.filter(round=round_).first()


def _lines(caplog) -> str:
    return caplog.text + "".join(record.getMessage() for record in caplog.records)


@pytest.mark.django_db
def test_a_token_is_never_logged_for_a_link_opened_before_its_draw_is_published(all_logs, link):
    Round.objects.update(draw_published_at=None)
    token = token_for(link)
    response = Client().get(f"/links/{token}/")
    assert response.status_code == 403
    assert token not in _lines(all_logs)
    refusals = [r for r in all_logs.records if r.levelno >= logging.WARNING]
    assert len(refusals) == 1, "one line for the refused link"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        f"/links/{TOKEN}/",  # a well-formed token that opens nothing: 404
        "/links/not-a-token/",
        f"/links/{TOKEN}/?next=/links/{TOKEN}/",
        f"/links/{TOKEN}/extra/",
    ],
)
def test_a_bad_token_is_never_logged(all_logs, path):
    assert Client().get(path).status_code == 404
    token = path.split("/")[2]
    assert len(all_logs.records) == 1, "the refusal is logged, in one line"
    assert token not in _lines(all_logs)


@pytest.mark.django_db
def test_a_token_is_never_logged_by_the_apps_own_logs_nor_in_a_traceback(all_logs):
    try:
        raise RuntimeError(f"failed on /links/{TOKEN}/")
    except RuntimeError:
        logging.getLogger("games.anything").exception("opening %s", f"/links/{TOKEN}/")
    logging.getLogger("web").warning("stack", stack_info=True, extra={"x": 1})
    assert TOKEN not in _lines(all_logs)
    assert f"/links/{HIDDEN}/" in all_logs.text


def _access_line(path: str, query: str = "", referer: str = "-") -> str:
    """The gunicorn access-log line of one request, as the configured logger writes it."""
    config = SimpleNamespace(
        accesslog="-",
        access_log_format='%(h)s "%(r)s" %(s)s "%(f)s" %(U)s %(q)s',
        errorlog="-",
        loglevel="warning",
        syslog=False,
        logconfig=None,
        logconfig_dict={},
        logconfig_json=None,
        capture_output=False,
        disable_redirect_access_to_syslog=False,
        user=0,
        group=0,
    )
    logger = PrivateLinksLogger.__new__(PrivateLinksLogger)
    logger.cfg = config
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"{path}?{query}" if query else path,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "REMOTE_ADDR": "10.0.0.1",
        "HTTP_REFERER": referer,
    }
    response = SimpleNamespace(status="403 Forbidden", sent=120, headers=[])
    request = SimpleNamespace(headers=[("REFERER", referer)])
    atoms = logger.atoms_wrapper_class(
        logger.atoms(response, request, environ, dt.timedelta(milliseconds=5))
    )
    return config.access_log_format % atoms


def test_the_access_log_never_shows_a_token():
    line = _access_line(
        f"/links/{TOKEN}/", query=f"next=%2Flinks%2F{TOKEN}%2F", referer=f"/links/{TOKEN}/"
    )
    assert TOKEN not in line
    assert f'"GET /links/{HIDDEN}/?next=%2Flinks%2F{HIDDEN}%2F HTTP/1.1" 403' in line


def test_the_access_log_keeps_other_paths():
    assert '"GET /seasons/demo-season/ HTTP/1.1" 403' in _access_line("/seasons/demo-season/")


def test_gunicorn_is_configured_with_the_private_logger():
    namespace: dict[str, object] = {}
    exec(Path("config/gunicorn.conf.py").read_text(), namespace)
    assert namespace["logger_class"] == "config.gunicorn_logging.PrivateLinksLogger"


@pytest.mark.parametrize(
    "text",
    [
        f"GET /links/{TOKEN}/ HTTP/1.1",
        f"{{'path': 'links/{TOKEN}/'}}",
        f"/links/{TOKEN}",
        f"/LINKS/{TOKEN}?x=1",
        f"next=%2Flinks%2F{TOKEN}%2F",
        "/links/%41%42%43/",
    ],
)
def test_hide_links_hides_every_form_of_a_link(text):
    hidden = hide_links(text)
    assert TOKEN not in hidden and "%41" not in hidden
    assert HIDDEN in hidden
    assert hide_links(hidden) == hidden


def test_hide_links_leaves_other_text_alone():
    text = "GET /seasons/links-league/ and hyperlinks/x and /tables/5/"
    assert hide_links(text) == text


@pytest.mark.django_db
def test_a_refused_request_logs_one_line_without_traceback(all_logs):
    client = Client()
    client.force_login(make_user("plain"))
    assert client.post("/accounts/claims/1/decide/").status_code == 403  # PermissionDenied
    assert Client().get("/healthz", HTTP_HOST="evil.example").status_code == 400  # bad Host
    refusals = [r for r in all_logs.records if r.levelno >= logging.WARNING]
    assert len(refusals) == 2
    for record in refusals:
        assert record.exc_info is None and record.exc_text is None
        assert "\n" not in record.getMessage()
    assert "Traceback" not in all_logs.text


@pytest.mark.django_db
def test_a_server_error_keeps_its_traceback(all_logs):
    logger = logging.getLogger("django.request")
    try:
        raise PermissionDenied("inside a 500")
    except PermissionDenied:
        logger.error("Internal Server Error: /x/", exc_info=True)
    assert "Traceback" in all_logs.text
