"""A live page's script tag (issue 32 item 1): the script that polls the versions of the
seasons a page shows (`/seasons/S/live/`, web.live) and updates the page when one moves.

It sits here, below every package with pages, so each can put it in its pages' heads
(`{% live_script %}`, league.templatetags.live_pages): the script, the addresses of the seasons
the page shows, the counters the page was rendered at (a versioned public page's own, which
web.http_cache leaves on the request under `PAGE_VERSION`; none on a page that is not
versioned, such as /me/ or a table's page, the counters as they are when it is rendered,
read by web.versions: a change between the render and the first poll is never missed) and
how it updates (`swap`: its <main> in place;
`notice`: an "Updated, reload" line, for a page with forms of its own such as a table's result
entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from django.http import HttpRequest
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from league.models import Season

SWAP = "swap"  # the page's <main> is replaced in place
NOTICE = "notice"  # an "Updated, reload" line only
MODES = (SWAP, NOTICE)
POLL_MS = 2000  # live.js asks this often while the tab is visible (bench/bench_live.py)
PAGE_VERSION = "page_version"  # the request's attribute: its page version (or None)


class RenderedVersion(Protocol):
    """What a page's version (web.versions.PageVersion) tells about the page rendered."""

    @property
    def scope(self) -> str: ...

    @property
    def counter(self) -> int: ...


# The seasons' counters now, by season id: web.versions' reader, registered by web's app
# config (the counters are web's; league imports no package with pages).
CounterReader = Callable[[list[int]], dict[int, int]]
_counters_now: list[CounterReader] = []


def read_counters_with(reader: CounterReader) -> None:
    """Use `reader` for the counters of the pages that are not versioned by a season."""
    _counters_now[:] = [reader]


def seasons_in(values: Iterable[Any]) -> list[Season]:
    """The seasons named by `values`, once each, in order: a Season, anything with a
    `season` (a place) or a `seat` (one of my tables, games.next_actions.MyTable), a
    registration row's `round`, or a list of those."""
    found: dict[int, Season] = {}
    for value in values:
        for season in _seasons_of(value):
            found.setdefault(season.pk, season)
    return list(found.values())


def _seasons_of(value: Any) -> list[Season]:
    if isinstance(value, Season):
        return [value]
    if isinstance(value, dict):
        return _seasons_of(value.get("round"))
    if isinstance(value, list | tuple):
        return [season for item in value for season in _seasons_of(item)]
    if isinstance(getattr(value, "season", None), Season):
        return [value.season]
    seat = getattr(value, "seat", None)
    if seat is not None:
        return [seat.table.round.season]
    return []


def rendered_counter(request: HttpRequest | None, season: Season) -> str:
    """The counter of `season` this page was rendered at, when the page is versioned by it
    (web.http_cache.cached_page), else "" (live_script reads the counter now)."""
    version: RenderedVersion | None = getattr(request, PAGE_VERSION, None)
    if version is None or not version.scope.startswith(f"season:{season.pk}:"):
        return ""
    return str(version.counter)


def live_script(request: HttpRequest | None, seasons: list[Season], mode: str) -> SafeString:
    """The script tag of a live page (empty when it shows no season)."""
    if not seasons:
        return SafeString("")
    if mode not in MODES:
        raise ValueError(f"live_script: mode {mode!r} is not one of {MODES}")
    addresses = " ".join(reverse("web:live", args=[season.slug]) for season in seasons)
    rendered = {season.pk: rendered_counter(request, season) for season in seasons}
    unversioned = [pk for pk, counter in rendered.items() if not counter]
    if unversioned and _counters_now:  # one query for all of them
        now = _counters_now[0](unversioned)
        rendered.update({pk: str(now.get(pk, 0)) for pk in unversioned})
    counters = " ".join(rendered[season.pk] or "-" for season in seasons)
    return format_html(
        '<script src="{}" defer data-live="{}" data-versions="{}" data-mode="{}" '
        'data-every="{}" data-updated="{}" data-page-changed="{}" data-reload="{}"></script>',
        static("web/live.js"),
        addresses,
        counters,
        mode,
        POLL_MS,
        _("Updated %(time)s"),
        _("This page has changed since you opened it."),
        _("Reload"),
    )
