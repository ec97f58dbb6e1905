"""Thin public views: load a page's data in constant queries and render it, its heavy
parts only when they are not in the fragment cache (web.http_cache, web.versions)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from league.actions.common import season_rules
from league.latin_slug import latin_slug
from league.models import Season
from league.round_names import is_tournament
from publishing.published import (
    Published,
    published,
    published_round,
    text_titles,
    texts_in_language,
)
from publishing.snapshot_schema import GameData, LatestTexts, RaceChart, ResultLine
from web import queries
from web.calendar_feed import feed_links
from web.charts import colored, legend, line_chart
from web.deal_stats import contracts_by_size_chart
from web.draw_disclosure import draw_disclosure
from web.http_cache import cached_page, public
from web.player_parts import player_rating_parts
from web.podium import final_podium
from web.rules_text import describe_rules, scoring_grid
from web.tables import EXPORT_FORMATS, EXPORT_PARAM, StandingsTable, export_response, table_rows
from web.versions import season_version, site_version
from web.viewer_place import season_place_part

View = Callable[..., HttpResponse]

# The pages' versions (web.versions), read before anything is rendered (web.http_cache).
site_page = cached_page(lambda *args, **kwargs: site_version())
dated_site_page = cached_page(lambda *args, **kwargs: site_version(dated=True))


def season_page(*, dated: bool = False) -> Callable[[View], View]:
    """A page of the season named by the URL's `season`, versioned by it (and by today's
    date when `dated`: what is still to come)."""
    return cached_page(lambda *args, season, **kwargs: season_version(season, dated=dated))


def deferred(load: Callable[[], dict[str, Any]], keys: Iterable[str]) -> dict[str, Any]:
    """Template values loaded only once a template asks for one of them (a template calls
    a callable value): none when every part that shows them comes from the fragment cache
    (web.versions). `load` gives them all, by `keys`, once."""
    loaded = functools.cache(load)
    return {key: functools.partial(_item, loaded, key) for key in keys}


def _item(load: Callable[[], dict[str, Any]], key: str) -> Any:
    return load()[key]


@dated_site_page
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"leagues": queries.home_leagues()})


@site_page
def archive(request: HttpRequest) -> HttpResponse:
    seasons = queries.season_list()
    return render(
        request,
        "web/archive.html",
        {"current": seasons.current, "seasons": queries.archive_entries(seasons.finished)},
    )


@season_page()
def season_rules_page(request: HttpRequest, season: str) -> HttpResponse:
    season_obj = queries.get_season(season)
    rules = season_rules(season_obj)
    return render(
        request,
        "web/rules.html",
        {
            "season": season_obj,
            "rules": rules,
            "items": describe_rules(rules, season_obj.end),
            "grid": scoring_grid(rules.scoring_preset),
            "holidays": queries.skipped_holidays(season_obj, rules),
        },
    )


ROUND_PARTS = ("page", "texts", "history", "draw_changes", "check_url")


@season_page()
def round_detail(request: HttpRequest, season: str, number: int) -> HttpResponse:
    """The round page; its content is a cached fragment: the round is read (7 queries) only
    to render it. An unknown round answers 404 from there."""
    season_obj = queries.get_season(season)

    def load() -> dict[str, Any]:
        page = queries.round_page(season_obj, number)
        titles = text_titles(is_tournament(season_rules(season_obj)))
        if not page.draw_visible:
            del titles["draw"]
        texts = page.published.texts(titles) if page.published else []
        return {"page": page, "texts": texts, **draw_disclosure(page.round, season_obj.slug)}

    context = {"season": season_obj, "number": number, **deferred(load, ROUND_PARTS)}
    return render(request, "web/round.html", context)


SEASON_PARTS = (
    "table",
    "provisional",
    "snapshot",
    "final",
    "podium",
    "rounds",
    "next_round",
    "coming_rounds",
    "last_round",
    "last_results",
    "texts",
    "race_chart",
    "race_legend",
    "deal_leaders",
    "deal_leaders_three",
    "markers",
)


@season_page(dated=True)
def season_table(request: HttpRequest, season: str) -> HttpResponse:
    """The league table; everything but the viewer's own place is a cached fragment: the
    snapshot is read only to render it (or to export the table)."""
    season_obj = queries.get_season(season)

    def load() -> dict[str, Any]:
        return season_parts(request, season_obj)

    if EXPORT_PARAM in request.GET:
        _snapshot, _final, _rows, table = standings_table(request, season_obj)
        download = export_response(
            request, table, "standings", latin_slug(season_obj.slug) or "standings"
        )
        if download is not None:
            return download
    mine = "" if public(request) else season_place_part(request, season_obj)
    context = {
        "season": season_obj,
        "my_place": mine,
        "calendar": feed_links(reverse("web:season_calendar", args=[season_obj.slug]), request),
        "export_formats": EXPORT_FORMATS,
        **deferred(load, SEASON_PARTS),
    }
    return render(request, "web/season.html", context)


def standings_table(
    request: HttpRequest, season: Season
) -> tuple[Published | None, bool, list[dict[str, Any]], StandingsTable]:
    """The season's published table, sorted as the request asks (one query: the snapshot's
    summary), with the snapshot, whether it is final and its rows."""
    snapshot = published(season)
    final = season.status == Season.Status.FINISHED
    provisional = None if snapshot is None or final else snapshot.provisional
    moves = provisional["moves"] if provisional else None
    rows = (
        table_rows(snapshot.standings(final=final), snapshot.dropped_games, moves)
        if snapshot
        else []
    )
    table = StandingsTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    return snapshot, final, rows, table


def season_parts(request: HttpRequest, season: Season) -> dict[str, Any]:
    """What the league table's fragment shows (4 queries: the snapshot's summary, the
    rounds, the last round's results)."""
    snapshot, final, rows, table = standings_table(request, season)
    rounds = queries.season_rounds(season)
    race: RaceChart = snapshot.race if snapshot else {"labels": [], "series": []}
    series = colored([(s["player"], s["points"]) for s in race["series"]])
    last_round = snapshot.last_round_with_results if snapshot else None
    texts = (
        texts_in_language(last_round["texts"], text_titles(is_tournament(season_rules(season))))
        if last_round
        else []
    )
    return {
        "table": table,
        "snapshot": snapshot,
        "final": final,
        "podium": final_podium(rows) if final else None,
        "rounds": rounds,
        "next_round": queries.next_round(rounds),
        "coming_rounds": queries.coming_rounds(rounds),
        "last_round": last_round,
        "last_results": last_results(season, last_round),
        "texts": texts,
        "race_chart": line_chart(
            race["labels"], series, title=_("League points of the leading players by round")
        ),
        "race_legend": legend(series),
        "deal_leaders": snapshot.deal_leaders if snapshot else None,
        "deal_leaders_three": snapshot.deal_leaders_three if snapshot else None,
        "markers": {marker for row in rows for marker in row.get("markers", [])},
        "provisional": None if snapshot is None or final else snapshot.provisional,
    }


def last_results(season: Season, last_round: LatestTexts | None) -> list[GameData]:
    """The published games of the last round with results, by table, each table's lines
    best first (one query; none before any result)."""
    if last_round is None:
        return []
    found = published_round(season, last_round["number"])
    if found is None:
        return []
    games = [game for _number, game in sorted(found.results_by_table().items())]
    return [{**game, "results": sorted(game["results"], key=placement)} for game in games]


def placement(line: ResultLine) -> tuple[int, int]:
    return line["placement"], line["seat"]


PLAYER_PARTS = (
    "page",
    "position_charts",
    "rating_chart",
    "deal_charts",
    "deal_charts_three",
    "rating_moves",
    "opponents",
)


@site_page
def player_detail(request: HttpRequest, player: str) -> HttpResponse:
    """The player's page; its content is a cached fragment: his seasons and rating are read
    (5 queries) only to render it. An unknown player answers 404 from there."""

    def load() -> dict[str, Any]:
        return player_parts(player)

    context = {"player_key": player, **deferred(load, PLAYER_PARTS)}
    return render(request, "web/player.html", context)


def player_parts(player: str) -> dict[str, Any]:
    page = queries.player_page(player)
    charts = {
        item.season.pk: line_chart(
            item.position_labels,
            colored([(page.player.name, item.positions)]),
            title=_("League position after each round"),
            invert=True,
        )
        for item in page.seasons
        if any(position is not None for position in item.positions)
    }
    rating_chart = line_chart(
        [date_format(played_on, "SHORT_DATE_FORMAT") for played_on, _rating in page.rating],
        colored([(_("Skill rating"), [rating for _day, rating in page.rating])]),
        title=_("Skill rating after each rated game"),
    )
    deal_charts = {
        item.season.pk: contracts_by_size_chart(item.deal_stats)
        for item in page.seasons
        if item.deal_stats is not None
    }
    three_charts = {
        item.season.pk: contracts_by_size_chart(item.deal_stats_three)
        for item in page.seasons
        if item.deal_stats_three is not None
    }
    return {
        "page": page,
        "position_charts": charts,
        "rating_chart": rating_chart,
        "deal_charts": deal_charts,
        "deal_charts_three": three_charts,
        **player_rating_parts(page.player),
    }


@require_safe
def switch_language(request: HttpRequest, code: str) -> HttpResponse:
    """Remember the visitor's language in the language cookie and go back to the page.

    A plain link (no form, no CSRF token), so the public pages carry no per-visitor token
    and anonymous visitors can share cached renders; it only sets a preference.
    """
    if code not in dict(settings.LANGUAGES):
        raise Http404(_("Unknown language %(code)s.") % {"code": code})
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
