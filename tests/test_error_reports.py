"""Error reports (config/error_reports.py): sentry-sdk starts only when SENTRY_DSN is set, and
nothing it sends carries a private link's token."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from wsgiref.util import setup_testing_defaults

import pytest
import sentry_sdk
from django.core.handlers.wsgi import WSGIHandler
from sentry_sdk.envelope import Envelope
from sentry_sdk.transport import Transport

from config.error_reports import SHORTEST_TOKEN, options, scrub
from games import seat_links
from games.views import seat_links as seat_link_views

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "5f" * 32  # the shape of a real link's token: 64 hex digits
# A DSN of a host that does not exist: the tests' transport keeps what would be sent.
DSN = "https://public@sentry.invalid/1"


class KeptEnvelopes(Transport):  # type: ignore[misc]  # sentry-sdk's Transport is typed loosely
    """A transport that keeps every envelope instead of sending it."""

    kept: list[Envelope] = []

    def capture_envelope(self, envelope: Envelope) -> None:
        self.kept.append(envelope)


@pytest.fixture
def sentry():  # type: ignore[no-untyped-def]
    """sentry-sdk started as the settings start it, on KeptEnvelopes; stopped afterwards."""
    KeptEnvelopes.kept = []
    sentry_sdk.init(**options(DSN, "tests", 0.0), transport=KeptEnvelopes)
    yield KeptEnvelopes.kept
    client = sentry_sdk.get_client()
    client.close()
    sentry_sdk.get_global_scope().set_client(None)


def sent_events(kept: list[Envelope]) -> list[dict[str, Any]]:
    return [
        item.payload.json for envelope in kept for item in envelope.items if item.type == "event"
    ]


def wsgi_get(path: str, query: str, **headers: str) -> str:
    """GET through the WSGI application, as gunicorn calls it (sentry-sdk reads the url,
    query string and headers at that door; Django's test client goes round it)."""
    environ: dict[str, Any] = {"PATH_INFO": path, "QUERY_STRING": query, **headers}
    setup_testing_defaults(environ)
    environ["HTTP_HOST"] = "testserver"
    statuses: list[str] = []
    body = WSGIHandler()(environ, lambda status, headers, exc_info=None: statuses.append(status))
    b"".join(body)
    getattr(body, "close", lambda: None)()
    return statuses[0]


def test_an_exception_in_a_private_link_request_is_reported_without_its_token(
    sentry, transactional_db, monkeypatch
):
    def failing_lookup(raw: str) -> None:
        sentry_sdk.add_breadcrumb(category="lookup", message=f"looking up /links/{raw}/ ({raw})")
        seat_links.find_link(raw)  # the real look-up: its query is a breadcrumb too
        raise RuntimeError(f"the lookup of {raw} broke")

    monkeypatch.setattr(seat_link_views, "find_link", failing_lookup)
    status = wsgi_get(
        f"/links/{TOKEN}/",
        f"back=%2Flinks%2F{TOKEN}%2F",
        HTTP_REFERER=f"https://whist.example.org/links/{TOKEN}/",
    )
    assert status.startswith("500")
    sentry_sdk.flush()

    events = sent_events(sentry)
    assert len(events) == 1
    event = events[0]
    (exception,) = event["exception"]["values"]
    assert exception["type"] == "RuntimeError"
    assert exception["value"] == "the lookup of <hidden> broke"
    assert event["request"]["url"].endswith("/links/<hidden>/")
    assert event["request"]["query_string"] == "back=%2Flinks%2F<hidden>%2F"
    assert event["request"]["headers"]["Referer"] == "https://whist.example.org/links/<hidden>/"
    crumbs = [crumb.get("message", "") for crumb in event["breadcrumbs"]["values"]]
    assert "looking up /links/<hidden>/ (<hidden>)" in crumbs
    frames = exception["stacktrace"]["frames"]
    lookup = next(frame for frame in frames if frame["function"] == "failing_lookup")
    assert lookup["vars"]["raw"] == "'<hidden>'"
    assert event["environment"] == "tests"
    assert "cookies" not in event["request"] and "user" not in event
    # Nowhere in what would be sent: every envelope's bytes, whatever their field.
    for envelope in sentry:
        assert TOKEN not in envelope.serialize().decode()


def test_scrub_hides_tokens_in_every_string_and_key():
    event = {
        "request": {"url": f"http://x/links/{TOKEN}/", "headers": {"Referer": f"/links/{TOKEN}/"}},
        "logentry": {"message": f"opened links%2F{TOKEN}", "params": [TOKEN]},
        "extra": {TOKEN: [(f"links/{TOKEN}", 3)]},
        "level": "error",
        "count": 2,
    }
    assert scrub(event) == {
        "request": {"url": "http://x/links/<hidden>/", "headers": {"Referer": "/links/<hidden>/"}},
        "logentry": {"message": "opened links%2F<hidden>", "params": ["<hidden>"]},
        "extra": {"<hidden>": [("links/<hidden>", 3)]},
        "level": "error",
        "count": 2,
    }


def test_scrub_hides_a_short_bad_token_only_in_its_link():
    short = "a" * (SHORTEST_TOKEN - 1)
    crumb = {"message": f"/links/{short}/ refused", "data": {"word": f"{short} banana"}}
    assert scrub(crumb) == {
        "message": "/links/<hidden>/ refused",
        "data": {"word": f"{short} banana"},
    }


def _sentry_as_started(extra_env: dict[str, str]) -> dict[str, Any]:
    """What sentry-sdk looks like in a fresh process whose settings read `extra_env`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SENTRY_")}
    env.update(extra_env, DJANGO_SETTINGS_MODULE="config.test_settings")
    script = (
        "import json, django, sentry_sdk; django.setup(); c = sentry_sdk.get_client(); "
        "print(json.dumps({'active': c.is_active(), 'dsn': c.dsn, "
        "'environment': c.options.get('environment'), "
        "'traces': c.options.get('traces_sample_rate'), "
        "'pii': bool(c.options.get('send_default_pii')), "
        "'user': (c.options.get('data_collection') or {}).get('user_info'), "
        "'bodies': c.options.get('max_request_body_size'), "
        "'django': c.get_integration('django') is not None, "
        "'celery': c.get_integration('celery') is not None}))"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def test_settings_start_sentry_only_when_sentry_dsn_is_set():
    assert _sentry_as_started({})["active"] is False
    started = _sentry_as_started(
        {"SENTRY_DSN": DSN, "SENTRY_ENVIRONMENT": "staging", "SENTRY_TRACES_SAMPLE_RATE": "0.25"}
    )
    assert started == {"active": True, "dsn": DSN, "environment": "staging", "traces": 0.25,
                       "pii": False, "user": False, "bodies": "never", "django": True,
                       "celery": True}  # fmt: skip
    assert _sentry_as_started({"SENTRY_DSN": DSN})["traces"] == 0.0
