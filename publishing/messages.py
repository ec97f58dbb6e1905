"""Copyable messaging-group texts of a round's draw and results, made from snapshot data."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from django.urls import reverse
from django.utils import translation
from django.utils.dateparse import parse_date, parse_time
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.bidi import isolate
from core.site import absolute_url
from league.round_names import is_final_table, is_tournament, round_title
from league.standings import podium_places
from league.templatetags.web_format import league_number, signed
from publishing.snapshot_schema import (
    BriefRow,
    DrawChangeData,
    DrawData,
    LanguageTexts,
    RoundData,
    SnapshotData,
)

STANDINGS_LINES = 20


RIGHT_TO_LEFT_MARK = "\u200f"
RIGHT_TO_LEFT = {"R", "AL"}


def season_messages(data: SnapshotData, language: str) -> LanguageTexts:
    """Every round's draw and results texts in `language` (rounds without them get null).

    The language's direction is asked once and handed down (`rtl`): asking Django for it
    each time a name is written was a third of the texts' time.
    """
    with translation.override(language):
        rtl = translation.get_language_bidi()
        return {
            "rounds": {
                str(round_["number"]): {
                    "draw": in_direction(draw_text(data, round_, rtl=rtl), rtl=rtl),
                    "results": in_direction(results_text(data, round_, rtl=rtl), rtl=rtl),
                }
                for round_ in data["rounds"]
            }
        }


def in_direction(text: str | None, *, rtl: bool) -> str | None:
    """A Hebrew text whose lines read right to left wherever it is pasted: each line starts
    with a right-to-left mark, so a line opening with a Latin name (the league's, a player's)
    is not laid out left to right by the chat app or the page's text box."""
    if text is None or not rtl:
        return text
    return "\n".join(RIGHT_TO_LEFT_MARK + line for line in text.split("\n"))


def isolated_name(name: str, *, rtl: bool | None = None) -> str:
    """A name inside Unicode isolates when it has a letter of the other direction than the
    active language's (a Hebrew name in an English text, a Latin one in a Hebrew text), so
    it keeps its place: "2027 ליגת חורף, round 1" stays in order, and two Hebrew names
    listed in an English line are not swapped; other names are returned as they are.
    `rtl`: whether the text reads right to left (None: the active language's direction)."""
    return _isolated(name, _right_to_left(rtl))


@lru_cache(maxsize=4096)  # a season names the same players in every round's texts
def _isolated(name: str, rtl: bool) -> str:
    directions = {unicodedata.bidirectional(char) for char in name}
    foreign = "L" in directions if rtl else bool(directions & RIGHT_TO_LEFT)
    return isolate(name) if foreign else name


def _right_to_left(rtl: bool | None) -> bool:
    """`rtl`, or when None the active language's direction."""
    return translation.get_language_bidi() if rtl is None else rtl


def _names(players: Sequence[str], rtl: bool) -> str:
    return ", ".join(isolated_name(name, rtl=rtl) for name in players)


def _heading(data: SnapshotData, round_: RoundData, rtl: bool) -> str:
    league = isolated_name(data["season"]["league"], rtl=rtl)
    season = isolated_name(data["season"]["name"] or data["season"]["slug"], rtl=rtl)
    if is_tournament(data["rules"]):  # "stage 2" or "final table"
        return _("%(league)s, %(season)s, %(stage)s (%(date)s)") % {
            "league": league,
            "season": season,
            "stage": round_title(data["rules"], round_["number"]),
            "date": round_when(data, round_),
        }
    return _("%(league)s, %(season)s, round %(number)s (%(date)s)") % {
        "league": league,
        "season": season,
        "number": round_["number"],
        "date": round_when(data, round_),
    }


def round_when(data: SnapshotData, round_: RoundData) -> str:
    """The round's weekday, date and start time in the active language's formats, e.g.
    "Wednesday 2 Dec 2026, 20:30" (without the time when the rules have no schedule)."""
    day = parse_date(round_["date"])
    if day is None:
        return str(round_["date"])
    schedule = data.get("rules", {}).get("schedule")
    play_start = schedule.get("play_start", "") if isinstance(schedule, dict) else ""
    return day_and_time(day, parse_time(str(play_start)))


def day_and_time(day: dt.date, start: dt.time | None) -> str:
    """A day and its start time in the active language's formats, e.g. "Wednesday 2 Dec
    2026, 20:30" (the day alone when `start` is None)."""
    when = f"{date_format(day, 'l')} {date_format(day, 'DATE_FORMAT')}"
    if start is None:
        return when
    return _("%(date)s, %(time)s") % {"date": when, "time": time_format(start, "TIME_FORMAT")}


def draw_text(data: SnapshotData, round_: RoundData, *, rtl: bool | None = None) -> str | None:
    """The draw as a few lines for the group: how it was made (method, seed, redraws and
    every change with its reason), tables, reserves, where the league plays, and the links
    (absolute, each at the end of its line) to the round's page and the page that checks
    the draw (`rtl` as for `isolated_name`)."""
    draw = round_["draw"]
    if draw is None or not draw["tables"]:
        return None
    rtl = _right_to_left(rtl)
    lines = [_heading(data, round_, rtl), draw_summary(draw, rtl=rtl)]
    table_line = _("Table %(table)s: %(players)s")  # translated once for all the tables
    for table in draw["tables"]:
        names = _names([p["player"] for p in table["players"]], rtl)
        lines.append(table_line % {"table": table["table"], "players": names})
    if draw["reserves"]:
        names = _names([p["player"] for p in draw["reserves"]], rtl)
        lines.append(_("Reserves: %(players)s") % {"players": names})
    lines.extend(where_we_play(data))
    round_path = reverse("web:round", args=[data["season"]["slug"], round_["number"]])
    lines.append(_("On the site: %(url)s") % {"url": absolute_url(round_path)})
    if draw["check_path"]:
        lines.append(_("Check the draw: %(url)s") % {"url": absolute_url(draw["check_path"])})
    return "\n".join(lines)


def where_we_play(data: SnapshotData) -> list[str]:
    """The line saying where the league plays and when to join (none when neither is set)."""
    return play_place_lines(
        data["season"].get("play_link", ""), parse_time(data["season"].get("join_time", ""))
    )


def play_place_lines(link: str, joined: dt.time | None) -> list[str]:
    """Where the league plays (its game or video-call `link`) and when to join, as lines
    (none when neither is set)."""
    time = time_format(joined, "TIME_FORMAT") if joined else ""
    if link and time:
        return [_("Where we play (join at %(time)s): %(url)s") % {"time": time, "url": link}]
    if link:
        return [_("Where we play: %(url)s") % {"url": link}]
    if time:
        return [_("Join at %(time)s.") % {"time": time}]
    return []


def draw_summary(draw: DrawData, *, rtl: bool | None = None) -> str:
    """One line: e.g. "Random draw (seed S) with 1 change: Eli and Gil swapped (reason)."

    Reads only what it needs (method and seed at least), so it also words a partial draw.
    """
    seed = draw["seed"]
    if draw["method"] == "random":
        made = _("Random draw (seed %(seed)s)") % {"seed": seed}
    elif draw["method"] == "ranking":
        changed = bool(draw.get("changes"))
        if seed is not None:
            made = _("Draw by league ranking (seed %(seed)s for the players not yet ranked)") % {
                "seed": seed
            }
        elif changed:
            made = _("Draw by league ranking")
        else:
            made = _("Draw by league ranking (ranks 1-4 at table 1, 5-8 at table 2, ...)")
    elif draw["method"] == "standing":
        made = _("Draw by the tournament standing, with no repeat meeting where one can be avoided")
    elif draw["method"] == "final":
        made = _("Final table: the top 4 of the tournament standing")
    else:
        made = _("Draw (method not recorded)")
    redraws = draw.get("redraws", 0)
    if redraws:
        made += " " + ngettext(
            "after %(count)s earlier draw", "after %(count)s earlier draws", redraws
        ) % {"count": redraws}
    changes = draw.get("changes", [])
    if not changes:
        return made + "."
    counted = ngettext(
        "%(made)s with %(count)s change: %(changes)s.",
        "%(made)s with %(count)s changes: %(changes)s.",
        len(changes),
    )
    return counted % {
        "made": made,
        "count": len(changes),
        "changes": "; ".join(change_text(change, rtl=rtl) for change in changes),
    }


def change_text(change: DrawChangeData, *, rtl: bool | None = None) -> str:
    """A change to the draw in a few words, with the organizer's reason."""
    rtl = _right_to_left(rtl)
    first, second = (isolated_name(name, rtl=rtl) for name in change["players"])
    if change["kind"] == "swap":
        return _("%(first)s and %(second)s swapped (%(reason)s)") % {
            "first": first,
            "second": second,
            "reason": change["reason"],
        }
    return _("reserve %(reserve)s came in for %(replaced)s at table %(table)s (%(reason)s)") % {
        "reserve": first,
        "replaced": second,
        "table": change["tables"][1],
        "reason": change["reason"],
    }


def results_text(data: SnapshotData, round_: RoundData, *, rtl: bool | None = None) -> str | None:
    """The round's results per table and the league table after it (top lines); None until
    every drawn table's result is confirmed (tables marked as not played are not waited for).
    `rtl` as for `isolated_name`."""
    if not round_["results"]:
        return None
    draw = round_.get("draw")
    if draw is not None:
        played = [t for t in draw["tables"] if not t.get("not_played", False)]
        if len(round_["results"]) < len(played):
            return None
    rtl = _right_to_left(rtl)
    lines = [_heading(data, round_, rtl), _("Results:")]
    table_label, game_label = _("Table %(table)s"), _("Game")  # translated once
    for game in round_["results"]:
        ranked = sorted(game["results"], key=lambda r: (r["placement"], r["seat"]))
        parts = ", ".join(
            f"{isolated_name(r['player'], rtl=rtl)} {r['score']} ({league_number(r['points'])})"
            for r in ranked
        )
        label = table_label % {"table": game["table"]} if game["table"] else game_label
        lines.append(f"{label}: {parts}")
    table = round_["standings_after"]
    if is_tournament(data["rules"]) and is_final_table(data["rules"], round_["number"]):
        lines.append(_("Final standing:"))  # places 1-4 from its game, then the standing
        table = list(data["final_standings"])
    elif is_tournament(data["rules"]):
        lines.append(_("Tournament standing:"))
    elif _ends_the_season(data, round_):
        lines.append(_("Final standings:"))  # the podium rule applied (RULES.md 3.1)
        table = list(data["final_standings"])
        return "\n".join(lines + _final_standing_lines(table, rtl))
    else:
        lines.append(_("League table:"))
    lines += [_standing_line(row, rtl) for row in table[:STANDINGS_LINES]]
    return "\n".join(lines + _race_lines(round_, rtl))


def _race_lines(round_: RoundData, rtl: bool) -> list[str]:
    """Who clinched a place 1-3 and who fell out of reach with the round's results
    (RULES.md 3.1: the snapshot's `race_changes`, on the latest round's text)."""
    changes = round_.get("race_changes")
    if changes is None:
        return []
    lines = []
    if changes["clinched"]:
        lines.append(
            _("A place 1-3 clinched: %(players)s") % {"players": _names(changes["clinched"], rtl)}
        )
    if changes["out"]:
        lines.append(
            _("Places 1-3 now out of reach: %(players)s") % {"players": _names(changes["out"], rtl)}
        )
    return lines


def _ends_the_season(data: SnapshotData, round_: RoundData) -> bool:
    """Whether `round_` is a league season's last round: the last of its rounds, once the
    season is finished or when it is the rules' last round."""
    last = max(r["number"] for r in data["rounds"])
    scheduled_last = data["rules"].get("rounds_in_season") == round_["number"]
    finished = data["season"]["status"] == "finished"
    return round_["number"] == last and (finished or scheduled_last)


def _final_standing_lines(table: Sequence[BriefRow], rtl: bool) -> list[str]:
    """A league's final standings, top lines: the podium, a line for each place 1-3 not
    awarded (fewer players met the podium conditions), then the others from place 4."""
    rows = table[:STANDINGS_LINES]
    awarded, not_awarded = podium_places(row["rank"] for row in table)
    return (
        [_standing_line(row, rtl) for row in rows[:awarded]]
        + [_("%(rank)s. not awarded") % {"rank": place} for place in not_awarded]
        + [_standing_line(row, rtl) for row in rows[awarded:]]
    )


def _standing_line(row: BriefRow, rtl: bool) -> str:
    rank = row["rank"] if row["rank"] is not None else "-"
    return ngettext(
        "%(rank)s. %(player)s %(points)s pts, gap %(gap)s, %(games)s game",
        "%(rank)s. %(player)s %(points)s pts, gap %(gap)s, %(games)s games",
        row["games"],
    ) % {
        "rank": rank,
        "player": isolated_name(row["player"], rtl=rtl),
        "points": league_number(row["points"]),
        "gap": signed(row["gap"]),
        "games": row["games"],
    }
