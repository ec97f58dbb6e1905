"""Server-rendered SVG line charts (no JavaScript, no CDN): race, position and rating charts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString

PALETTE = (
    "#0b5d3b",
    "#c2410c",
    "#1d4ed8",
    "#a21caf",
    "#b45309",
    "#0f766e",
    "#be123c",
    "#4d7c0f",
)
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 28
LABEL_CHAR_WIDTH, LABEL_GAP = 10, 24  # at the 15px label size of site.css, with room


@dataclass(frozen=True)
class Series:
    """One line: its name, colour and values by label (None where it has no value)."""

    name: str
    values: Sequence[float | None]
    color: str


def colored(names_values: Sequence[tuple[str, Sequence[float | None]]]) -> list[Series]:
    """Give each series a colour of the palette, in order."""
    return [
        Series(name, values, PALETTE[i % len(PALETTE)])
        for i, (name, values) in enumerate(names_values)
    ]


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 times a power of ten) covering low..high."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return [first + step * i for i in range(round((last - first) / step) + 1)]


def _fmt(value: float) -> str:
    return f"{value:.0f}" if abs(value) >= 10 or value == int(value) else f"{value:.1f}"


def line_chart(
    labels: Sequence[str],
    series: Sequence[Series],
    *,
    title: str,
    invert: bool = False,
) -> SafeString:
    """An accessible SVG line chart; `invert` puts the lowest value on top (ranks: the axis
    starts at 1st, never at a place 0)."""
    values = [v for s in series for v in s.values if v is not None]
    if not labels or not values:
        return SafeString("")
    ticks = nice_ticks(min(values), max(values))
    if invert and ticks[0] < 1 <= min(values):
        ticks = [1, *(tick for tick in ticks if tick > 1)]
    low, high = ticks[0], ticks[-1]
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (len(labels) - 1) if len(labels) > 1 else plot_w / 2)

    def y(v: float) -> float:
        share = (v - low) / (high - low)
        return TOP + (plot_h * share if invert else plot_h * (1 - share))

    parts = [
        format_html(
            '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}" '
            'xmlns="http://www.w3.org/2000/svg" direction="ltr"><title>{}</title>',
            WIDTH,
            HEIGHT,
            title,
            title,
        )
    ]
    for tick in ticks:
        ty = y(tick)
        parts.append(
            format_html(
                '<line class="axis" x1="{}" x2="{}" y1="{}" y2="{}"/>'
                '<text x="{}" y="{}" text-anchor="end">{}</text>',
                LEFT,
                WIDTH - RIGHT,
                f"{ty:.1f}",
                f"{ty:.1f}",
                LEFT - 4,
                f"{ty + 4:.1f}",
                _fmt(tick),
            )
        )
    widest = max(len(label) for label in labels) * LABEL_CHAR_WIDTH + LABEL_GAP
    every = max(1, math.ceil(len(labels) / max(2, plot_w // widest)))
    for i, label in enumerate(labels):
        last = i == len(labels) - 1
        if last or (i % every == 0 and len(labels) - 1 - i >= every):
            anchor = "start" if i == 0 else "end" if last else "middle"
            parts.append(
                format_html(
                    '<text x="{}" y="{}" text-anchor="{}">{}</text>',
                    f"{x(i):.1f}",
                    HEIGHT - 8,
                    anchor,
                    label,
                )
            )
    for line in series:
        points = [f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values) if v is not None]
        if not points:
            continue
        parts.append(
            format_html(
                '<polyline class="series" stroke="{}" points="{}"><title>{}</title></polyline>',
                line.color,
                " ".join(points),
                line.name,
            )
        )
        if len(points) == 1:
            cx, cy = points[0].split(",")
            parts.append(
                format_html('<circle cx="{}" cy="{}" r="3" fill="{}"/>', cx, cy, line.color)
            )
    parts.append(SafeString("</svg>"))
    return SafeString("".join(parts))


def legend(series: Sequence[Series]) -> SafeString:
    """The chart's legend as an HTML list (names escaped)."""
    items = "".join(
        format_html(
            # An SVG fill, not a style attribute: the security policy allows no inline style.
            '<li><svg class="swatch" viewBox="0 0 1 1" aria-hidden="true">'
            '<rect width="1" height="1" fill="{}"/></svg>{}</li>',
            s.color,
            s.name,
        )
        for s in series
    )
    return SafeString(f'<ul class="chart-legend">{items}</ul>') if items else SafeString("")


BAR_WIDTH, BAR_ROW, BAR_LEFT, BAR_RIGHT, BAR_TOP = 340, 30, 44, 100, 6


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its share in percent (None: nothing to show) and the text
    written after it (such as "3/4")."""

    label: str
    percent: float | None
    note: str


def bar_chart(bars: Sequence[Bar], *, title: str) -> SafeString:
    """A small accessible SVG chart of horizontal bars from 0 to 100%, one row per bar."""
    if not any(bar.percent is not None for bar in bars):
        return SafeString("")
    height = BAR_TOP * 2 + BAR_ROW * len(bars)
    span = BAR_WIDTH - BAR_LEFT - BAR_RIGHT
    parts = [
        format_html(
            '<svg class="chart bar-chart" viewBox="0 0 {} {}" role="img" aria-label="{}" '
            'xmlns="http://www.w3.org/2000/svg" direction="ltr"><title>{}</title>'
            '<line class="axis" x1="{}" x2="{}" y1="{}" y2="{}"/>',
            BAR_WIDTH,
            height,
            title,
            title,
            BAR_LEFT,
            BAR_LEFT,
            BAR_TOP,
            height - BAR_TOP,
        )
    ]
    for i, bar in enumerate(bars):
        top = BAR_TOP + BAR_ROW * i
        length = span * (bar.percent or 0) / 100
        parts.append(
            format_html(
                '<text x="{}" y="{}" text-anchor="end">{}</text>'
                '<rect class="bar" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>'
                '<text x="{}" y="{}">{}</text>',
                BAR_LEFT - 6,
                top + 20,
                bar.label,
                BAR_LEFT,
                top + 5,
                f"{length:.1f}",
                BAR_ROW - 10,
                f"{bar.label}: {bar.note}",
                f"{BAR_LEFT + length + 4:.1f}",
                top + 20,
                bar.note,
            )
        )
    parts.append(SafeString("</svg>"))
    return SafeString("".join(parts))
