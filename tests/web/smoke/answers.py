"""Whether an answer is acceptable: never a 5xx, never a traceback or an exception's name, and a
refusal (4xx) says why in a sentence, as a page or as JSON with a message."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

from django.http import HttpResponse

# What only an exception leaking into a page looks like.
LEAKS = re.compile(
    r"Traceback \(most recent call last\)|\b(?:Resolver404|Http404|DoesNotExist|"
    r"MultipleObjectsReturned|(?:[A-Z][a-z0-9]+)+(?:Error|Exception))\b"
)
# A sentence: three words in a row (Hebrew or English), as in "There is no page here."
SENTENCE = re.compile(r"\w{2,}\W+\w+\W+\w+", re.UNICODE)
MESSAGE_KEYS = ("message", "detail", "error", "errors")


class _Text(HTMLParser):
    """The text a reader sees: <main>'s when the page has one, without scripts and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.all: list[str] = []
        self.main: list[str] = []
        self.depth_main = 0
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self.skip += 1
        elif tag == "main":
            self.depth_main += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self.skip:
            self.skip -= 1
        elif tag == "main" and self.depth_main:
            self.depth_main -= 1

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        self.all.append(data)
        if self.depth_main:
            self.main.append(data)


def page_text(html: str) -> str:
    reader = _Text()
    reader.feed(html)
    reader.close()
    return " ".join(" ".join(reader.main or reader.all).split())


def _has_message(value: Any) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, list):
        return any(_has_message(item) for item in value)
    if isinstance(value, dict):
        return any(
            _has_message(item)
            for key, item in value.items()
            if key in MESSAGE_KEYS or isinstance(item, (dict, list))
        )
    return False


def body_text(response: HttpResponse) -> str:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content).decode("utf-8", "replace")
    return response.content.decode(response.charset or "utf-8", "replace")


HTML_LANG = re.compile(r"<html[^>]*\slang=\"([^\"]*)\"")


def problems_of(response: HttpResponse, language: str) -> list[str]:
    """What is wrong with an answer to a visitor who reads `language`; [] when it is fine."""
    status = response.status_code
    if status >= 500:
        exc = getattr(response, "exc_info", None)
        cause = f": {exc[0].__name__}: {exc[1]}" if exc else ""
        return [f"answered {status}{cause}"]
    kind = response.get("Content-Type", "")
    if not (kind.startswith("text/") or "json" in kind):
        return []
    body = body_text(response)
    shown = HTML_LANG.search(body[:2000]) if "html" in kind else None
    if shown and shown.group(1) != language:
        return [f"answered {status} in {shown.group(1)!r}"]
    if status < 400:
        return ["a traceback in the page"] if "Traceback (most recent call last)" in body else []
    if leak := LEAKS.search(body):
        return [f"answered {status} showing {leak.group(0)!r}"]
    if "json" in kind:
        try:
            payload = json.loads(body)
        except ValueError:
            return [f"answered {status} with JSON that does not parse"]
        if not _has_message(payload):
            return [f"answered {status} with JSON without a message: {body[:200]!r}"]
        return []
    text = page_text(body) if "html" in kind else body
    if not SENTENCE.search(text):
        return [f"answered {status} without a sentence: {text[:200]!r}"]
    return []
