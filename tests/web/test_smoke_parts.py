"""The smoke walk's parts (tests/web/smoke/): what a browser sends for a form, and which answers
the walk refuses. The walk is only as good as these two."""

from __future__ import annotations

import json

import pytest
from django.http import HttpResponse, JsonResponse

from tests.web.smoke.answers import problems_of
from tests.web.smoke.page_parts import read_page

PAGE = """<html lang="en"><body>
<a href="/seasons/s/">Season</a>
<main>
<form method="POST" action="/manage/x/" id="f">
  <input type="hidden" name="csrfmiddlewaretoken" value="tok">
  <input name="reason" value="late">
  <input type="checkbox" name="confirm" value="1">
  <input type="checkbox" name="notify" checked>
  <input type="radio" name="side" value="a"><input type="radio" name="side" value="b" checked>
  <input name="off" value="x" disabled>
  <fieldset disabled><input name="also-off" value="y"></fieldset>
  <input type="file" name="upload">
  <select name="first"><option value="">Choose</option><option value="7">Dana</option></select>
  <select name="pick"><option value="1">One</option><option selected>Two words</option></select>
  <select name="many" multiple><option value="1">One</option></select>
  <textarea name="note">
line</textarea>
  <button type="submit" name="action" value="save">Save</button>
  <button type="button">Copy</button>
  <button formaction="/manage/y/" formmethod="get">Preview</button>
</form>
<input name="outside" value="o" form="f">
<button name="action" value="preset" form="f">Use this preset</button>
<div data-check="/tables/5/check/"></div>
</main>
<form method="post" action="/accounts/logout/"><button>Log out</button></form>
</body></html>"""


def test_a_form_sends_what_a_browser_sends_for_each_of_its_buttons():
    parts = read_page(PAGE)
    assert parts.links == ["/seasons/s/"]
    assert parts.script_addresses == ["/tables/5/check/"]
    form, layout = parts.forms
    assert (form.in_main, layout.in_main) == (True, False)
    labels = [button.label if button else None for button in form.presses()]
    assert labels == ["Save", "Preview", "Use this preset"]
    save, preview, preset = form.presses()
    sent = form.submission(save, "/manage/x/?tab=1")
    assert (sent.url, sent.method) == ("/manage/x/", "post")
    assert sent.data == [
        ("csrfmiddlewaretoken", "tok"),
        ("reason", "late"),
        ("notify", "on"),
        ("side", "b"),
        ("first", ""),
        ("pick", "Two words"),
        ("note", "line"),
        ("outside", "o"),
        ("action", "save"),
    ]
    previewed = form.submission(preview, "/manage/x/")
    assert (previewed.url, previewed.method) == ("/manage/y/", "get")
    assert ("action", "preset") in form.submission(preset, "/manage/x/").data


def test_a_form_without_a_button_is_sent_once_as_enter_sends_it():
    (form,) = read_page('<form action=""><input name="q" value="x"></form>').forms
    assert form.presses() == [None]
    sent = form.submission(None, "/players/?sort=name")
    assert (sent.url, sent.method, sent.data) == ("/players/?sort=name", "get", [("q", "x")])


def _page(status: int, body: str, language: str = "en") -> HttpResponse:
    html = f'<html lang="{language}"><body><nav>Home Seasons Players</nav><main>{body}</main>'
    return HttpResponse(html, status=status)


@pytest.mark.parametrize(
    "answer",
    [
        HttpResponse("Server Error", status=500),
        _page(404, "<h1>Page not found</h1><p>{'tried': [], 'path': 'x'}</p> Resolver404"),
        _page(400, "Traceback (most recent call last): ..."),
        _page(403, "<p>ActionError</p>"),
        _page(404, "<h1>Not found</h1>"),
        HttpResponse("", status=405),
        JsonResponse({"errors": []}, status=400),
        HttpResponse("{", status=400, content_type="application/json"),
        _page(200, "Hello to you all", language="he"),
    ],
)
def test_the_walk_refuses_a_5xx_a_traceback_a_bare_refusal_and_the_wrong_language(answer):
    assert problems_of(answer, "en") != []


@pytest.mark.parametrize(
    "answer",
    [
        _page(200, "<h1>Standings</h1>"),
        _page(403, "<p>Only the league's organizers can draw this round.</p>"),
        _page(404, "<p>אין דף בכתובת הזו.</p>", language="he"),
        JsonResponse({"errors": [{"code": "not_found", "message": "No such season."}]}, status=404),
        JsonResponse({"detail": 'Method "GET" not allowed.'}, status=405),
        HttpResponse(status=302, headers={"Location": "/"}),
    ],
)
def test_the_walk_accepts_pages_and_refusals_that_say_why(answer):
    language = "he" if b'lang="he"' in answer.content else "en"
    assert problems_of(answer, language) == []


def test_a_json_message_is_found_where_the_api_puts_it():
    body = {"errors": [{"code": "invalid", "path": "/scores", "message": "Scores must add up."}]}
    assert problems_of(HttpResponse(json.dumps(body), "application/json", 400), "en") == []
