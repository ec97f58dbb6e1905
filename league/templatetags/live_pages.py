"""`{% live_script season ... %}`: a live page's script tag (league.live_script)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from league.live_script import SWAP, seasons_in
from league.live_script import live_script as script_tag

register = template.Library()


@register.simple_tag(takes_context=True)
def live_script(context: template.Context, *values: Any, mode: str = SWAP) -> SafeString:
    """The script that keeps the page up to date with the seasons `values` name (a
    Season, places, my tables, registration rows: league.live_script.seasons_in); `mode` is
    `swap` (the page's <main> in place) or `notice` (an "Updated, reload" line)."""
    return script_tag(context.get("request"), seasons_in(values), mode)
