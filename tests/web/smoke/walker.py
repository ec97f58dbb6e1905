"""One visitor's walk through the site in one language: it opens the seed addresses, then one
page of every address pattern (and query shape) it is shown, and presses every button of every
form it finds once, following redirects, as a browser would; every answer is checked
(smoke.answers)."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from django.conf import settings
from django.http import HttpResponse
from django.test import Client
from django.urls import Resolver404, resolve

from tests.web.smoke.answers import body_text, problems_of
from tests.web.smoke.page_parts import Button, Form, addresses_in_json, read_page

SITE_HOSTS = ("", "testserver")
NOT_PAGES = ("mailto:", "tel:", "javascript:", "whatsapp:", "sms:", "data:")
REDIRECTS = (301, 302, 303, 307, 308)
MAX_REDIRECTS = 5

PageKey = tuple[str, frozenset[str]]


def route_of(url: str) -> str | None:
    """The address pattern of a site address (its namespaced name, or `namespace:route` for
    one without a name); None for another site, a static file or an address with no route."""
    parts = urlsplit(url)
    if parts.scheme not in ("", "http", "https") or parts.netloc not in SITE_HOSTS:
        return None
    if parts.path.startswith("/" + settings.STATIC_URL.lstrip("/")):
        return None
    try:
        match = resolve(parts.path or "/")
    except Resolver404:
        return None
    if match.url_name is None:
        return ":".join([*match.namespaces, match.route])
    return match.view_name


def page_key(url: str) -> PageKey | None:
    """Which page an address shows: its pattern and the names of its query parameters (the
    admin's filters are one page). An address with no route is a page of its own (its 404);
    None for another site or a static file."""
    parts = urlsplit(url)
    if url.startswith(NOT_PAGES) or parts.netloc not in SITE_HOSTS:
        return None
    route = route_of(url)
    if route is None:
        is_static = parts.path.startswith("/" + settings.STATIC_URL.lstrip("/"))
        return None if is_static else (f"no route: {parts.path}", frozenset())
    if route.startswith("admin:"):
        return (route, frozenset())
    return (route, frozenset(name for name, _ in parse_qsl(parts.query)))


@dataclass
class Walk:
    """A walk by one visitor (`user`, None for anonymous) in one language."""

    who: str
    user: Any
    language: str
    routes: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    requests: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.client = Client(
            enforce_csrf_checks=True,
            raise_request_exception=False,
            headers={"accept-language": self.language},
        )
        self.pending: deque[str] = deque()
        self.seen: set[PageKey] = set()
        self.pressed: set[tuple[str, ...]] = set()
        self._sign_in()

    def run(self, seeds: list[str]) -> Walk:
        """Open every seed (each is the example of its pattern), then every page not seen."""
        started = time.monotonic()
        for url in seeds:
            key = page_key(url)
            if key is not None:
                self.seen.add(key)
            self._open(url)
        while self.pending:
            url = self.pending.popleft()
            key = page_key(url)
            if key is None or key in self.seen:
                continue
            self.seen.add(key)
            self._open(url)
        self.seconds = time.monotonic() - started
        return self

    def _open(self, url: str) -> None:
        answer, landed = self._follow(self._send("get", url), via="")
        self._harvest(answer, landed)

    def _follow(self, answer: HttpResponse, via: str) -> tuple[HttpResponse, str]:
        """Follow the answer's redirects within the site; the last answer and its address."""
        query = answer.request.get("QUERY_STRING", "")
        url = answer.request["PATH_INFO"] + (f"?{query}" if query else "")
        for _ in range(MAX_REDIRECTS):
            location = answer.get("Location") if answer.status_code in REDIRECTS else None
            if not location or page_key(location) is None:
                break
            url = location
            answer = self._send("get", url, via=f"{via} -> redirected")
        return answer, url

    def _harvest(self, answer: HttpResponse, url: str) -> None:
        """Queue the answer's links, call its scripts' addresses and press every button of its
        forms not pressed yet."""
        kind = answer.get("Content-Type", "")
        if "json" in kind:
            self.pending.extend(addresses_in_json(body_text(answer)))
        if "html" not in kind or answer.status_code >= 500:
            return
        parts = read_page(body_text(answer))
        links = [link.split("#")[0] for link in parts.links if link.split("#")[0]]
        self.pending.extend(links)
        page = route_of(url) or url
        if not page.startswith("admin:"):  # the admin's scripts are Django's own
            for address in sorted(set(parts.script_addresses) - set(links)):
                self._call_script_address(address, url, page)
        for form in parts.forms:
            for button in form.presses():
                self._press(form, button, url, page)

    def _call_script_address(self, address: str, url: str, page: str) -> None:
        """Post an empty JSON object with the CSRF header, as static/web/sheet.js posts to the
        addresses the page gives it (its check and its draft)."""
        key = (page, "script", urlsplit(address).path)
        if route_of(address) is None or key in self.pressed:
            return
        self.pressed.add(key)
        token = self.client.cookies.get(settings.CSRF_COOKIE_NAME)
        self._send(
            "post",
            address,
            json_body="{}",
            headers={"X-CSRFToken": token.value if token else ""},
            referer=url,
            via=f" (the script of {url})",
        )

    def _press(self, form: Form, button: Button | None, url: str, page: str) -> None:
        sent = form.submission(button, url)
        if route_of(sent.url) is None:
            return
        name, value, label = (button.name, button.value, button.label) if button else ("", "", "")
        # A form of the layout (outside <main>, as "Log out") is the same form on every page.
        where = page if form.in_main else ""
        key = (where, urlsplit(sent.url).path, sent.method, name, value, label)
        if key in self.pressed:
            return
        self.pressed.add(key)
        via = f" (pressed {label or name or 'the button'!r} on {url})" if button else ""
        if sent.method == "post":
            answer = self._send(
                "post", sent.url, sent.data, multipart=sent.enctype.startswith("multipart/"),
                referer=url, via=via,
            )  # fmt: skip
        else:
            query = urlencode(sent.data)
            answer = self._send("get", sent.url.split("?")[0] + (f"?{query}" if query else ""))
        answer, landed = self._follow(answer, via)
        self._harvest(answer, landed)

    def _send(
        self,
        method: str,
        url: str,
        data: list[tuple[str, str]] | None = None,
        *,
        multipart: bool = False,
        json_body: str | None = None,
        headers: dict[str, str] | None = None,
        referer: str = "",
        via: str = "",
    ) -> HttpResponse:
        """One request in the walk's language, its answer checked."""
        self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = self.language
        sent = dict(headers or {})
        if referer:
            sent["referer"] = f"http://testserver{referer}"
        if method == "get":
            answer = self.client.get(url, headers=sent)
        elif json_body is not None:
            answer = self.client.post(url, json_body, content_type="application/json", headers=sent)
        elif multipart:
            grouped: dict[str, list[str]] = {}
            for name, value in data or []:
                grouped.setdefault(name, []).append(value)
            answer = self.client.post(url, grouped, headers=sent)
        else:
            answer = self.client.post(
                url,
                urlencode(data or []),
                content_type="application/x-www-form-urlencoded",
                headers=sent,
            )
        self.requests += 1
        route = route_of(url)
        if route is not None:
            self.routes.add(route)
        self.problems += [
            f"{self.who} [{self.language}] {method.upper()} {url}{via}: {problem}"
            for problem in problems_of(answer, self.language)
        ]
        self._sign_in()
        return answer

    def _sign_in(self) -> None:
        """A visitor who pressed "Log out" (or lost the session another way) signs in again."""
        if self.user is None:
            return
        if self.client.session.get("_auth_user_id") != str(self.user.pk):
            self.client.force_login(self.user)
